import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  signIn,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from './auth.test-support.ts';
import { perAccountRules, perIpRules } from './limits.ts';

const PASSWORD = 'violet-tour-2027';
const TOO_MANY = /^Too many attempts\. Please wait \d+ seconds and try again\.$/;

function signUpLimit(): number {
  const rule = perIpRules['/sign-up/email'];
  if (!rule) throw new Error('sign-up must be rate-limited');
  return rule.max;
}

async function expectTooMany(response: Response, maxSeconds: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  const body = await response.json();
  expect(body.message).toMatch(TOO_MANY);
  expect(body.message).toContain(`${retryAfter} seconds`);
}

/** Invalid sign-ups (short password) still count per IP, and cost no password hashing. */
function cheapSignUp(browser: TestBrowser) {
  return browser.request('/api/auth/sign-up/email', { json: { email: uniqueEmail(), password: 'abc', name: 'Al' } });
}

describe('accounts: abuse limits and CSRF', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthTestServer();
  });
  afterAll(() => server?.close());

  it('limits sign-ups per IP with 429, Retry-After and the message; another IP is not affected', async () => {
    const browser = new TestBrowser(server);
    for (let i = 0; i < signUpLimit(); i++) expect((await cheapSignUp(browser)).status).toBe(400);
    await expectTooMany(await cheapSignUp(browser), 600);
    expect((await cheapSignUp(new TestBrowser(server))).status).toBe(400);
  });

  it('keeps the per-IP counters in the database (shared by every process)', async () => {
    const { rows } = await server.database.query<{ count: number }>(
      "select count from auth_rate_limits where key like '%|/sign-up/email'",
    );
    expect(rows.length).toBeGreaterThan(0);
  });

  it('locks one account for one client after repeated failed sign-ins, even with the right password', async () => {
    const email = uniqueEmail();
    await signUp(new TestBrowser(server), email, PASSWORD);
    const guesser = new TestBrowser(server);
    for (let i = 0; i < perAccountRules.signIn.max; i++) {
      expect((await signIn(guesser, email, `wrong-${i}-password`)).status).toBe(401);
    }
    await expectTooMany(await signIn(guesser, email, PASSWORD), perAccountRules.signIn.windowSeconds);
    // Another account is not affected, and neither is this one from another client (ADR 0003).
    const other = uniqueEmail();
    await signUp(new TestBrowser(server), other, PASSWORD);
    expect((await signIn(guesser, other, PASSWORD)).status).toBe(200);
    expect((await signIn(new TestBrowser(server), email, PASSWORD)).status).toBe(200);
  });

  it('refuses a cross-site state-changing request to our routes', async () => {
    const browser = new TestBrowser(server);
    await signUp(browser, uniqueEmail(), PASSWORD);
    const profile = { fullName: 'Evil Name', homePlaceId: null };
    const crossSite = await browser.request('/api/account/profile', {
      method: 'PATCH',
      json: profile,
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Cross-site request refused.' } });

    const noOrigin = await server.fetch('/api/account/profile', {
      method: 'PATCH',
      headers: { cookie: browser.cookieHeader(), 'content-type': 'application/json' },
      body: JSON.stringify(profile),
    });
    expect(noOrigin.status).toBe(403);
    const fetchSite = await server.fetch('/api/account/profile', {
      method: 'PATCH',
      headers: { cookie: browser.cookieHeader(), 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify(profile),
    });
    expect(fetchSite.status).toBe(403);

    const me = await (await browser.request('/api/me')).json();
    expect(me.user.fullName).toBe('Test Fan');
    const sameSite = await browser.request('/api/account/profile', { method: 'PATCH', json: profile });
    expect(sameSite.status).toBe(200);
  });

  it('lets Better Auth refuse cross-site calls to its own endpoints', async () => {
    const browser = new TestBrowser(server);
    await signUp(browser, uniqueEmail(), PASSWORD);
    const out = await browser.request('/api/auth/sign-out', { json: {}, headers: { origin: 'https://evil.example' } });
    expect(out.status).toBe(403);
    expect((await (await browser.request('/api/me')).json()).user).not.toBeNull();
  });
});

describe('accounts: client address without a trusted proxy', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthTestServer({ TRUST_PROXY: '0' });
  });
  afterAll(() => server?.close());

  it('ignores a client-sent X-Forwarded-For: changing it does not escape the per-IP limit', async () => {
    for (let i = 0; i < signUpLimit(); i++) {
      expect((await cheapSignUp(new TestBrowser(server, `203.0.113.${i + 1}`))).status).toBe(400);
    }
    await expectTooMany(await cheapSignUp(new TestBrowser(server, '203.0.113.200')), 600);
  });
});
