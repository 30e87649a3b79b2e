import { APIError, type createAuthMiddleware } from 'better-auth/api';

/** What Better Auth hands a before/after hook. */
export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export function bodyField(ctx: HookContext, field: string): string | undefined {
  const value = (ctx.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value : undefined;
}

export function badRequest(message: string, code = 'BAD_REQUEST'): APIError {
  return new APIError('BAD_REQUEST', { message, code });
}
