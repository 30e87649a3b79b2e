import { createMiddleware } from 'hono/factory';
import { authMessages } from '#shared/auth.ts';
import { AppError } from './app-error.ts';
import type { AppEnv } from './context.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses cross-site state-changing requests to our API (Better Auth's /api/auth/* checks origins
 * itself). SameSite=Lax already keeps the session cookie off cross-site POSTs in current browsers;
 * this is the second lock for older browsers and same-site subdomains.
 * - Origin present: it must be the public origin.
 * - No Origin: Sec-Fetch-Site must be same-origin; with neither header, a request that carries
 *   cookies is refused (it could be a forged form post), one without cookies has nothing to abuse.
 */
export function csrfProtection(publicUrl: string) {
  const allowedOrigin = new URL(publicUrl).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith('/api/auth/')) return next();
    if (!isSameSite(c.req.raw.headers, allowedOrigin)) throw new AppError('FORBIDDEN', authMessages.crossSite);
    return next();
  });
}

function isSameSite(headers: Headers, allowedOrigin: string): boolean {
  const origin = headers.get('origin');
  if (origin) return origin === allowedOrigin;
  const fetchSite = headers.get('sec-fetch-site');
  if (fetchSite) return fetchSite === 'same-origin';
  return !headers.get('cookie');
}
