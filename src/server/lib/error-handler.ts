import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import type { ErrorBody, ErrorCode } from '#shared/errors.ts';
import { AppError } from './app-error.ts';
import type { AppEnv } from './context.ts';

const codeByStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

export function zodIssues(error: ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** The one error handler: AppError and validation errors keep their message; 500s hide internals. */
export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    const body: ErrorBody = { error: { code: error.code, message: error.message, issues: error.issues } };
    return c.json(body, error.status);
  }
  if (error instanceof ZodError) {
    const body: ErrorBody = { error: { code: 'BAD_REQUEST', message: 'Invalid request', issues: zodIssues(error) } };
    return c.json(body, 400);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = codeByStatus[error.status] ?? 'BAD_REQUEST';
    const body: ErrorBody = { error: { code, message: error.message || code } };
    return c.json(body, error.status);
  }
  c.var.log?.error({ err: error }, 'unhandled error');
  const body: ErrorBody = {
    error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
  };
  return c.json(body, 500);
}
