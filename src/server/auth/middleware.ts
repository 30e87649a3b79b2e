import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { authMessages } from '#shared/auth.ts';
import type { Auth } from './auth.ts';
import { hasRole } from './roles.ts';

/** Per-user answers must never be stored by a shared cache or the browser's back/forward cache. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
};

/** A request carries a session only if it has our session cookie: no database read otherwise. */
function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return Boolean(cookieHeader && /(^|;\s*)(__Secure-)?tourguides\.session_token=/.test(cookieHeader));
}

/**
 * Puts `user` and `session` on the context when the request is signed in, and passes on the
 * refreshed session cookie when Better Auth extends the session (updateAge).
 */
export function attachSession(auth: Auth) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Better Auth reads its own session on /api/auth/*.
    if (c.req.path.startsWith('/api/auth/') || !hasSessionCookie(c.req.header('cookie'))) return next();
    const { headers, response } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
    if (response) {
      c.set('user', response.user);
      c.set('session', response.session);
    }
    await next();
    for (const cookie of headers.getSetCookie()) c.res.headers.append('Set-Cookie', cookie);
  });
}

/** 401 UNAUTHORIZED 'Please sign in.' for signed-out requests. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw new AppError('UNAUTHORIZED', authMessages.signInRequired);
  await next();
});

/** 401 when signed out, 403 FORBIDDEN for users without the admin role. */
export function requireAdmin(database: Database) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.var.user;
    if (!user) throw new AppError('UNAUTHORIZED', authMessages.signInRequired);
    if (!(await hasRole(database, user.id, 'admin'))) throw new AppError('FORBIDDEN', 'Admins only.');
    await next();
  });
}
