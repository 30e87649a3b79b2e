import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  signIn,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from './auth.test-support.ts';

const PASSWORD = 'violet-tour-2027';

describe('accounts: sign-up, sign-in, sign-out', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthTestServer();
  });
  afterAll(() => server?.close());

  it('signs up, stores the full name and answers /api/me with the user', async () => {
    const browser = new TestBrowser(server);
    const email = uniqueEmail();
    const response = await signUp(browser, email, PASSWORD, 'Ada Lovelace');
    expect(response.status).toBe(200);
    const me = await (await browser.request('/api/me')).json();
    expect(me.user).toMatchObject({ email, fullName: 'Ada Lovelace', isAdmin: false, twoFactorEnabled: false });
    const { rows } = await server.database.query<{ password: string }>(
      "select a.password from accounts a join users u on u.id = a.user_id where u.email = $1 and a.provider_id = 'credential'",
      [email],
    );
    // argon2id with the parameters in the hash; the test server's cheap ones (NODE_ENV=test, password.test.ts).
    expect(rows[0]?.password).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ with a 30-day lifetime', async () => {
    const browser = new TestBrowser(server);
    const response = await signUp(browser, uniqueEmail(), PASSWORD);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('tourguides.session_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);
    // http:// public URL: no Secure flag (it would stop the cookie on a laptop).
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('signs in with the right password, refuses a wrong one with the spec message', async () => {
    const email = uniqueEmail();
    await signUp(new TestBrowser(server), email, PASSWORD);
    const wrong = await signIn(new TestBrowser(server), email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe('Invalid login credentials');
    const unknown = await signIn(new TestBrowser(server), uniqueEmail('nobody'), PASSWORD);
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).message).toBe('Invalid login credentials');

    const browser = new TestBrowser(server);
    const right = await signIn(browser, email, PASSWORD);
    expect(right.status).toBe(200);
    expect((await (await browser.request('/api/me')).json()).user.email).toBe(email);
  });

  it('extends a session that is used (once a day), through our own routes too', async () => {
    const browser = new TestBrowser(server);
    const email = uniqueEmail();
    await signUp(browser, email, PASSWORD);
    await server.database.query(
      "update sessions set expires_at = now() + interval '10 days', updated_at = now() - interval '20 days' where user_id = (select id from users where email = $1)",
      [email],
    );
    const response = await browser.request('/api/me');
    expect((await response.json()).user.email).toBe(email);
    expect(response.headers.getSetCookie().some((line) => line.startsWith('tourguides.session_token='))).toBe(true);
    const { rows } = await server.database.query<{ days: number }>(
      'select extract(epoch from (expires_at - now())) / 86400 as days from sessions where user_id = (select id from users where email = $1)',
      [email],
    );
    expect(Number(rows[0]?.days)).toBeGreaterThan(29);
  });

  it('signs out on the server: the old cookie no longer works', async () => {
    const browser = new TestBrowser(server);
    await signUp(browser, uniqueEmail(), PASSWORD);
    const stolenCookie = browser.cookieHeader();
    const out = await browser.request('/api/auth/sign-out', { json: {} });
    expect(out.status).toBe(200);
    expect((await (await browser.request('/api/me')).json()).user).toBeNull();
    const replay = await server.fetch('/api/me', { headers: { cookie: stolenCookie } });
    expect((await replay.json()).user).toBeNull();
  });

  it("answers a duplicate sign-up with 'User already registered'", async () => {
    const email = uniqueEmail();
    await signUp(new TestBrowser(server), email, PASSWORD);
    const again = await signUp(new TestBrowser(server), email.toUpperCase(), 'another-pass-99');
    expect(again.status).toBe(422);
    expect((await again.json()).message).toContain('already registered');
  });

  it('refuses common passwords and the spec limits', async () => {
    const common = await signUp(new TestBrowser(server), uniqueEmail(), 'password1');
    expect(common.status).toBe(400);
    expect((await common.json()).message).toBe('This password is too common. Please choose a less common password.');
    const short = await signUp(new TestBrowser(server), uniqueEmail(), 'abc12');
    expect(short.status).toBe(400);
    const long = await signUp(new TestBrowser(server), uniqueEmail(), 'x'.repeat(73));
    expect(long.status).toBe(400);
    const badName = await signUp(new TestBrowser(server), uniqueEmail(), PASSWORD, 'A');
    expect((await badName.json()).message).toBe('Name must be at least 2 characters');
  });

  it('sends no-store on auth and per-user answers', async () => {
    const browser = new TestBrowser(server);
    expect((await browser.request('/api/me')).headers.get('cache-control')).toBe('private, no-store');
    expect((await browser.request('/api/auth/get-session')).headers.get('cache-control')).toContain('no-store');
  });
});
