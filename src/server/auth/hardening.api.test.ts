import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeleteLimits } from '#server/features/account/account.routes.ts';
import { authMessages } from '#shared/auth.ts';
import {
  type AuthTestServer,
  mailCount,
  signIn,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from './auth.test-support.ts';
import { perAccountRules } from './limits.ts';

/** Gaps found by the review of issue 18: each test failed on the code before its fix. */
const PASSWORD = 'violet-tour-2027';

async function newUser(server: AuthTestServer, ip?: string) {
  const email = uniqueEmail();
  const browser = new TestBrowser(server, ip);
  expect((await signUp(browser, email, PASSWORD)).status).toBe(200);
  return { email, browser };
}

/** Makes the session older than the "fresh" window, so deletion asks for the password. */
async function ageSessions(server: AuthTestServer, email: string) {
  await server.database.query(
    `update sessions set created_at = now() - interval '1 hour'
     where user_id = (select id from users where email = $1)`,
    [email],
  );
}

describe('accounts: hardening (issue 18)', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthTestServer();
  });
  afterAll(() => server?.close());

  it('closes the email-code password reset endpoints the app does not use', async () => {
    const { email } = await newUser(server);
    const browser = new TestBrowser(server);
    const before = mailCount(server);
    const closed = [
      ['/api/auth/email-otp/request-password-reset', { email }],
      ['/api/auth/forget-password/email-otp', { email }],
      ['/api/auth/email-otp/reset-password', { email, otp: '123456', password: 'password' }],
      ['/api/auth/email-otp/check-verification-otp', { email, otp: '123456', type: 'forget-password' }],
    ] as const;
    for (const [path, json] of closed) {
      expect((await browser.request(path, { json })).status, path).toBe(404);
    }
    // Nor can a reset code be asked for through the generic code endpoint.
    const resetCode = await browser.request('/api/auth/email-otp/send-verification-otp', {
      json: { email, type: 'forget-password' },
    });
    expect(resetCode.status).toBe(400);
    expect(mailCount(server)).toBe(before);
    // The sign-in code still works.
    const signInCode = await browser.request('/api/auth/email-otp/send-verification-otp', {
      json: { email, type: 'sign-in' },
    });
    expect(signInCode.status).toBe(200);
  });

  it('locks failed sign-ins per account and client: the owner elsewhere can still sign in', async () => {
    const { email } = await newUser(server);
    const attacker = new TestBrowser(server, '203.0.113.7');
    for (let i = 0; i < perAccountRules.signIn.max; i++) {
      expect((await signIn(attacker, email, `wrong-${i}-password`)).status).toBe(401);
    }
    expect((await signIn(attacker, email, PASSWORD)).status).toBe(429);
    // The same client from a neighbouring IPv6 address in its /64 is the same client.
    const v6 = new TestBrowser(server, '2001:db8:7:7::1');
    for (let i = 0; i < perAccountRules.signIn.max; i++) await signIn(v6, email, `wrong-${i}-password`);
    expect((await signIn(new TestBrowser(server, '2001:db8:7:7::2'), email, PASSWORD)).status).toBe(429);
    // The owner, from their own address, is not locked out.
    expect((await signIn(new TestBrowser(server), email, PASSWORD)).status).toBe(200);
  }, 60_000);

  it('still locks an account attacked from many clients, at a higher ceiling', async () => {
    const { email } = await newUser(server);
    const wrong = [];
    for (let i = 0; i < perAccountRules.signInAccount.max; i++) {
      wrong.push(signIn(new TestBrowser(server), email, `wrong-${i}-password`));
    }
    for (const response of await Promise.all(wrong)) expect(response.status).toBe(401);
    const locked = await signIn(new TestBrowser(server), email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Fifty password checks at once: slow on a loaded two-core machine.
  }, 120_000);

  it('limits account deletion attempts per user', async () => {
    const { email, browser } = await newUser(server);
    await ageSessions(server, email);
    for (let i = 0; i < accountDeleteLimits.perUser.max; i++) {
      const attempt = await browser.request('/api/account', {
        method: 'DELETE',
        json: { confirm: 'DELETE', password: `wrong-${i}-password` },
      });
      expect(attempt.status).toBe(403);
    }
    // From another address with the same session: still the same user.
    const elsewhere = new TestBrowser(server);
    for (const [name, value] of browser.cookies) elsewhere.cookies.set(name, value);
    const limited = await elsewhere.request('/api/account', {
      method: 'DELETE',
      json: { confirm: 'DELETE', password: PASSWORD },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await (await browser.request('/api/me')).json()).user.email).toBe(email);
  });

  it('limits account deletion attempts per client, across users', async () => {
    const ip = '203.0.113.99';
    const perClient = accountDeleteLimits.perClient.max;
    let attempts = 0;
    while (attempts < perClient) {
      const { email, browser } = await newUser(server, ip);
      await ageSessions(server, email);
      for (let i = 0; i < accountDeleteLimits.perUser.max && attempts < perClient; i++, attempts++) {
        const attempt = await browser.request('/api/account', {
          method: 'DELETE',
          json: { confirm: 'DELETE', password: `wrong-${i}-password` },
        });
        expect(attempt.status).toBe(403);
      }
    }
    const { browser } = await newUser(server, ip);
    const limited = await browser.request('/api/account', { method: 'DELETE', json: { confirm: 'DELETE' } });
    expect(limited.status).toBe(429);
  });

  it('checks Better Auth’s name with the full-name rule on sign-up and update-user', async () => {
    const browser = new TestBrowser(server);
    const huge = 'x'.repeat(500_000);
    const bigSignUp = await browser.request('/api/auth/sign-up/email', {
      json: { email: uniqueEmail(), password: PASSWORD, name: huge, fullName: 'Test Fan' },
    });
    expect(bigSignUp.status).toBe(400);
    expect((await bigSignUp.json()).message).toBe(authMessages.nameTooLong);
    const shortSignUp = await browser.request('/api/auth/sign-up/email', {
      json: { email: uniqueEmail(), password: PASSWORD, name: 'A' },
    });
    expect(shortSignUp.status).toBe(400);
    expect((await shortSignUp.json()).message).toBe(authMessages.nameTooShort);

    const { browser: signedIn, email } = await newUser(server);
    const bigUpdate = await signedIn.request('/api/auth/update-user', { json: { name: huge } });
    expect(bigUpdate.status).toBe(400);
    expect((await bigUpdate.json()).message).toBe(authMessages.nameTooLong);
    const { rows } = await server.database.query<{ n: number }>(
      'select length(name) as n from users where email = $1',
      [email],
    );
    expect(Number(rows[0]?.n)).toBeLessThanOrEqual(100);
  });

  it('sends HSTS for a year', async () => {
    const response = await server.fetch('/healthz');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
