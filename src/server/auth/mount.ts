import type { Context, Hono } from 'hono';
import type { Env } from '#server/env.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { csrfProtection } from '#server/lib/csrf.ts';
import { tooManyAttemptsMessage } from '#shared/auth.ts';
import type { Auth } from './auth.ts';
import { CLIENT_IP_HEADER, clientIp } from './client-ip.ts';
import { attachSession, noStore } from './middleware.ts';

/**
 * Sessions and CSRF for every /api/* route registered after this call, and Better Auth's endpoints
 * at /api/auth/* with the client address we determined and our 429 answer.
 */
export function mountAuth(app: Hono<AppEnv>, auth: Auth, env: Env): void {
  app.use('/api/*', attachSession(auth), csrfProtection(env.publicUrl));
  app.use('/api/auth/*', noStore);
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const response = await auth.handler(withClientIp(c, env.TRUST_PROXY));
    return response.status === 429 ? tooManyAttemptsResponse(response) : response;
  });
}

function withClientIp(c: Context<AppEnv>, trustProxy: boolean): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c, trustProxy));
  return new Request(c.req.raw, { headers });
}

/** Better Auth's limiter says 'Too many requests' with X-Retry-After; clients get our sentence and Retry-After. */
async function tooManyAttemptsResponse(original: Response): Promise<Response> {
  const seconds = Number(original.headers.get('retry-after') ?? original.headers.get('x-retry-after')) || 60;
  const headers = new Headers(original.headers);
  headers.set('Retry-After', String(seconds));
  headers.set('Content-Type', 'application/json');
  headers.delete('Content-Length');
  const body = { code: 'RATE_LIMITED', message: tooManyAttemptsMessage(seconds) };
  return new Response(JSON.stringify(body), { status: 429, headers });
}
