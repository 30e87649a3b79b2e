import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { signedInFan } from '#tests/setup/fans.ts';

/** Every mounted /api/admin route, read from the app itself: a route added later is covered here without listing it. */
function mountedAdminRoutes(server: AuthTestServer): { method: string; path: string }[] {
  const app = createApp(server.background);
  const seen = new Set<string>();
  const routes: { method: string; path: string }[] = [];
  for (const route of app.routes) {
    // Middleware is registered as method ALL; the routes themselves have their verb.
    if (route.method === 'ALL' || !route.path.startsWith('/api/admin/')) continue;
    // Parameters get a value of the right shape: a UUID for ids, a word otherwise.
    const path = route.path.replace(/:(\w+)(\{[^}]*\})?/g, (_match, name: string) =>
      /id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'some-name',
    );
    const key = `${route.method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: route.method, path });
  }
  return routes;
}

describe('admin guard on every admin API', () => {
  let server: AuthTestServer;
  let fan: TestBrowser;

  beforeAll(async () => {
    server = await startAuthTestServer();
    fan = (await signedInFan(server)).browser;
  });
  afterAll(() => server?.close());

  it('finds the admin routes (artists, audit, api status, backups at least)', () => {
    const paths = mountedAdminRoutes(server).map((route) => route.path);
    for (const expected of ['/api/admin/artists', '/api/admin/audit', '/api/admin/api-status', '/api/admin/backups']) {
      expect(paths).toContain(expected);
    }
  });

  it('answers 401 to a visitor and 403 to a signed-in non-admin on every one of them', async () => {
    const routes = mountedAdminRoutes(server);
    for (const { method, path } of routes) {
      const visitor = await new TestBrowser(server).request(path, { method, json: method === 'GET' ? undefined : {} });
      expect({ method, path, status: visitor.status }).toEqual({ method, path, status: 401 });
      expect((await visitor.json()).error.code).toBe('UNAUTHORIZED');
      const forbidden = await fan.request(path, { method, json: method === 'GET' ? undefined : {} });
      expect({ method, path, status: forbidden.status }).toEqual({ method, path, status: 403 });
      expect((await forbidden.json()).error.code).toBe('FORBIDDEN');
    }
  });
});
