import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  latestMail,
  mailCount,
  signIn,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from './auth.test-support.ts';
import { base32Decode, totp } from './totp.ts';

const PASSWORD = 'violet-tour-2027';
const NEW_PASSWORD = 'amber-encore-2028';

function resetToken(mail: string): string {
  const match = /http:\/\/localhost:3000\/auth\/reset-password\?token=([\w-]+)/.exec(mail);
  if (!match?.[1]) throw new Error(`no reset link in mail:\n${mail}`);
  return match[1];
}

function otpFrom(mail: string): string {
  const match = /one-time code to sign in to your TourGuides account is (\d{6})/.exec(mail);
  if (!match?.[1]) throw new Error(`no code in mail:\n${mail}`);
  return match[1];
}

async function me(browser: TestBrowser) {
  return (await (await browser.request('/api/me')).json()).user;
}

describe('accounts: reset, one-time code, two-factor', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthTestServer();
  });
  afterAll(() => server?.close());

  it('resets the password through the mailed link: signed in, other sessions ended, token single-use', async () => {
    const email = uniqueEmail();
    const other = new TestBrowser(server);
    await signUp(other, email, PASSWORD);
    expect((await me(other)).email).toBe(email);

    const browser = new TestBrowser(server);
    const asked = await browser.request('/api/auth/request-password-reset', {
      json: { email, redirectTo: '/auth/reset-password' },
    });
    expect(asked.status).toBe(200);
    const mail = latestMail(server, email);
    expect(mail).toContain('Subject: TourGuides: reset your password');
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
    const token = resetToken(mail ?? '');

    const reset = await browser.request('/api/auth/reset-password', { json: { token, newPassword: NEW_PASSWORD } });
    expect(reset.status).toBe(200);
    expect((await me(browser)).email).toBe(email);
    expect(await me(other)).toBeNull();

    const again = await new TestBrowser(server).request('/api/auth/reset-password', {
      json: { token, newPassword: 'third-password-x9' },
    });
    expect(again.status).toBe(400);
    expect((await signIn(new TestBrowser(server), email, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(new TestBrowser(server), email, PASSWORD)).status).toBe(401);
  });

  it('answers a reset request for an unknown email the same way, without a mail', async () => {
    const before = mailCount(server);
    const response = await new TestBrowser(server).request('/api/auth/request-password-reset', {
      json: { email: uniqueEmail('ghost'), redirectTo: '/auth/reset-password' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: true });
    expect(mailCount(server)).toBe(before);
  });

  it('refuses an expired reset token', async () => {
    const email = uniqueEmail();
    await signUp(new TestBrowser(server), email, PASSWORD);
    const browser = new TestBrowser(server);
    await browser.request('/api/auth/request-password-reset', { json: { email, redirectTo: '/auth/reset-password' } });
    const token = resetToken(latestMail(server, email) ?? '');
    await server.database.query(
      "update verifications set expires_at = now() - interval '1 minute' where identifier = $1",
      [`reset-password:${token}`],
    );
    const reset = await browser.request('/api/auth/reset-password', { json: { token, newPassword: NEW_PASSWORD } });
    expect(reset.status).toBe(400);
    expect((await reset.json()).code).toBe('INVALID_TOKEN');
  });

  it('signs in with a one-time code from the mail', async () => {
    const email = uniqueEmail();
    await signUp(new TestBrowser(server), email, PASSWORD);
    const browser = new TestBrowser(server);
    const sent = await browser.request('/api/auth/email-otp/send-verification-otp', {
      json: { email, type: 'sign-in' },
    });
    expect(sent.status).toBe(200);
    const otp = otpFrom(latestMail(server, email) ?? '');
    const wrong = await browser.request('/api/auth/sign-in/email-otp', {
      json: { email, otp: otp === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    const right = await browser.request('/api/auth/sign-in/email-otp', { json: { email, otp } });
    expect(right.status).toBe(200);
    expect(await me(browser)).toMatchObject({ email, emailVerified: true });
    // Better Auth's protection against pre-registered accounts: proving the mailbox of an unconfirmed
    // account removes the password set before the proof (a reset sets a new one).
    expect((await signIn(new TestBrowser(server), email, PASSWORD)).status).toBe(401);
  });

  it('refuses a one-time code request without email or phone, and one without a type', async () => {
    const browser = new TestBrowser(server);
    const none = await browser.request('/api/auth/email-otp/send-verification-otp', { json: { type: 'sign-in' } });
    expect(none.status).toBe(400);
    expect((await none.json()).message).toBe('You must provide either an email or phone number.');
    const noType = await browser.request('/api/auth/email-otp/send-verification-otp', {
      json: { email: uniqueEmail() },
    });
    expect(noType.status).toBe(400);
  });

  it('enrols TOTP, then asks for the code at sign-in; disabling needs a code', async () => {
    const email = uniqueEmail();
    const browser = new TestBrowser(server);
    await signUp(browser, email, PASSWORD);
    const enabled = await browser.request('/api/auth/two-factor/enable', { json: { password: PASSWORD } });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = await enabled.json();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/TourGuides:.+issuer=TourGuides/);
    expect(backupCodes).toHaveLength(10);
    const key = base32Decode(new URL(totpURI).searchParams.get('secret') ?? '');

    const qr = await browser.request('/api/account/two-factor/qr', { json: { uri: totpURI } });
    expect((await qr.json()).svg).toContain('<svg');

    const confirmed = await browser.request('/api/auth/two-factor/verify-totp', { json: { code: await totp(key) } });
    expect(confirmed.status).toBe(200);
    expect((await me(browser)).twoFactorEnabled).toBe(true);

    // A mailed code alone is not enough once two-factor is on.
    const byCode = new TestBrowser(server);
    await byCode.request('/api/auth/email-otp/send-verification-otp', { json: { email, type: 'sign-in' } });
    const otp = otpFrom(latestMail(server, email) ?? '');
    const codeSignIn = await byCode.request('/api/auth/sign-in/email-otp', { json: { email, otp } });
    expect(codeSignIn.status).toBe(403);
    expect((await codeSignIn.json()).code).toBe('TWO_FACTOR_REQUIRED');
    expect(await me(byCode)).toBeNull();

    const second = new TestBrowser(server);
    const first = await signIn(second, email, PASSWORD);
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
    expect(await me(second)).toBeNull();
    const badCode = await second.request('/api/auth/two-factor/verify-totp', { json: { code: '000000' } });
    expect(badCode.status).toBe(401);
    const goodCode = await second.request('/api/auth/two-factor/verify-totp', { json: { code: await totp(key) } });
    expect(goodCode.status).toBe(200);
    expect((await me(second)).email).toBe(email);

    const noCode = await second.request('/api/auth/two-factor/disable', { json: { password: PASSWORD } });
    expect(noCode.status).toBe(400);
    const disabled = await second.request('/api/auth/two-factor/disable', {
      json: { password: PASSWORD, code: await totp(key) },
    });
    expect(disabled.status).toBe(200);
    expect((await me(second)).twoFactorEnabled).toBe(false);
  });

  it('accepts a backup code once; a password reset does not bypass two-factor', async () => {
    const email = uniqueEmail();
    const browser = new TestBrowser(server);
    await signUp(browser, email, PASSWORD);
    const { totpURI, backupCodes } = await (
      await browser.request('/api/auth/two-factor/enable', { json: { password: PASSWORD } })
    ).json();
    const key = base32Decode(new URL(totpURI).searchParams.get('secret') ?? '');
    await browser.request('/api/auth/two-factor/verify-totp', { json: { code: await totp(key) } });

    const second = new TestBrowser(server);
    await signIn(second, email, PASSWORD);
    const used = await second.request('/api/auth/two-factor/verify-backup-code', { json: { code: backupCodes[0] } });
    expect(used.status).toBe(200);
    const third = new TestBrowser(server);
    await signIn(third, email, PASSWORD);
    const reused = await third.request('/api/auth/two-factor/verify-backup-code', { json: { code: backupCodes[0] } });
    expect(reused.status).toBe(401);

    // A reset does not sign a two-factor account in: the second factor must still be asked.
    const resetter = new TestBrowser(server);
    await resetter.request('/api/auth/request-password-reset', { json: { email, redirectTo: '/auth/reset-password' } });
    const token = resetToken(latestMail(server, email) ?? '');
    const reset = await resetter.request('/api/auth/reset-password', { json: { token, newPassword: NEW_PASSWORD } });
    expect(reset.status).toBe(200);
    expect(await me(resetter)).toBeNull();
  });
});
