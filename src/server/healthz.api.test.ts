import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#tests/setup/test-server.ts';

describe('server basics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('answers /healthz with the database kind', async () => {
    const response = await server.fetch('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: server.database.kind });
  });

  it('answers /healthz 503 once the server is draining (load balancers stop sending), other routes still work', async () => {
    server.background.lifecycle.draining = true;
    try {
      const response = await server.fetch('/healthz');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'draining' });
      expect((await server.fetch('/api/does-not-exist')).status).toBe(404);
    } finally {
      server.background.lifecycle.draining = false;
    }
  });

  it('answers unknown API routes with the one error shape and a request id', async () => {
    const response = await server.fetch('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    const body = await response.json();
    expect(body.error.code).toBe('NOT_FOUND');
    expect(typeof body.error.message).toBe('string');
  });

  it('sends security headers', async () => {
    const response = await server.fetch('/healthz');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('gzips text answers for clients that accept it', async () => {
    const big = await server.fetch(`/api/${'x'.repeat(2000)}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(big.headers.get('content-encoding')).toBe('gzip');
    expect((await big.json()).error.code).toBe('NOT_FOUND');
    const plain = await server.fetch(`/api/${'x'.repeat(2000)}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('refuses request bodies over 1 MB with 413', async () => {
    const response = await server.fetch('/api/artists', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
