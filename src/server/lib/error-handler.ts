import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import type { ErrorBody, ErrorCode } from '#shared/errors.ts';
import { TEXT_MESSAGES } from '#shared/text-schema.ts';
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

/**
 * PostgreSQL's refusals of text it cannot store (a NUL character: 22021 character_not_in_repertoire;
 * a lone surrogate's escape in jsonb: 22P05 untranslatable_character). The shared text rule refuses
 * them first; this is the backstop for a field it does not cover.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

function isUnstorableTextError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
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
  if (isUnstorableTextError(error)) {
    c.var.log?.warn({ err: error }, 'text the database cannot store');
    const body: ErrorBody = { error: { code: 'BAD_REQUEST', message: TEXT_MESSAGES.unstorable } };
    return c.json(body, 400);
  }
  c.var.log?.error({ err: error }, 'unhandled error');
  const body: ErrorBody = {
    error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
  };
  return c.json(body, 500);
}
