import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Database } from '#server/db/client.ts';
import type { Actor } from '#server/lib/actor.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { ActorEnv, AppEnv } from '#server/lib/context.ts';
import { authMessages } from '#shared/auth.ts';
import type { Auth } from './auth.ts';
import { hasRole } from './roles.ts';

/**
 * Per-user answers must never be stored by a shared cache or the browser's back/forward cache.
 * `private` also tells our service worker to keep them only in the signed-in fan's own cache (ADR 0039).
 */
export const PRIVATE_NO_STORE = 'private, no-store';

export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', PRIVATE_NO_STORE);
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

function signedInActor(user: AppEnv['Variables']['user']): Actor {
  if (!user) throw new AppError('UNAUTHORIZED', authMessages.signInRequired);
  return { userId: user.id, email: user.email, name: user.name, createdAt: new Date(user.createdAt) };
}

/** 401 UNAUTHORIZED 'Please sign in.' for signed-out requests; sets `c.var.actor` for the rest. */
export const requireUser = createMiddleware<ActorEnv>(async (c, next) => {
  c.set('actor', signedInActor(c.var.user));
  await next();
});

/** 401 when signed out, 403 FORBIDDEN for users without the admin role; sets `c.var.actor`. */
export function requireAdmin(database: Database) {
  return createMiddleware<ActorEnv>(async (c, next) => {
    const actor = signedInActor(c.var.user);
    if (!(await hasRole(database, actor.userId, 'admin'))) throw new AppError('FORBIDDEN', 'Admins only.');
    c.set('actor', actor);
    await next();
  });
}
