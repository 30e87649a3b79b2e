import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './context.ts';
import { csrfProtection } from './csrf.ts';
import { handleError } from './error-handler.ts';

function app() {
  const hono = new Hono<AppEnv>();
  hono.use('/api/*', csrfProtection('https://tourguides.example'));
  hono.all('/api/*', (c) => c.json({ ok: true }));
  hono.onError(handleError);
  return hono;
}

async function status(method: string, path: string, headers: Record<string, string>) {
  return (await app().request(path, { method, headers })).status;
}

describe('csrfProtection', () => {
  it('lets safe methods and Better Auth paths through', async () => {
    expect(await status('GET', '/api/me', { origin: 'https://evil.example', cookie: 's=1' })).toBe(200);
    expect(await status('POST', '/api/auth/sign-out', { origin: 'https://evil.example', cookie: 's=1' })).toBe(200);
  });

  it('needs the public origin on unsafe methods', async () => {
    expect(await status('POST', '/api/x', { origin: 'https://tourguides.example', cookie: 's=1' })).toBe(200);
    expect(await status('DELETE', '/api/x', { origin: 'https://evil.example' })).toBe(403);
    expect(await status('PATCH', '/api/x', { origin: 'http://tourguides.example', cookie: 's=1' })).toBe(403);
  });

  it('falls back to Sec-Fetch-Site, then refuses cookie-bearing requests without either header', async () => {
    expect(await status('POST', '/api/x', { 'sec-fetch-site': 'same-origin', cookie: 's=1' })).toBe(200);
    expect(await status('POST', '/api/x', { 'sec-fetch-site': 'same-site', cookie: 's=1' })).toBe(403);
    expect(await status('POST', '/api/x', { cookie: 's=1' })).toBe(403);
    expect(await status('POST', '/api/x', {})).toBe(200);
  });
});
