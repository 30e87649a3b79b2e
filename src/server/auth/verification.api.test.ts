import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_MAILS_PER_ACCOUNT } from '#shared/write-limits.ts';
import {
  type AuthTestServer,
  decodeQuotedPrintable,
  signIn,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from './auth.test-support.ts';
import { type FakeSmtp, startFakeSmtp } from './fake-smtp.test-support.ts';

const PASSWORD = 'violet-tour-2027';

function mailTo(smtp: FakeSmtp, email: string): string {
  const raw = smtp.messages.findLast((message) => message.includes(`To: ${email}`));
  if (!raw) throw new Error(`no mail to ${email}`);
  return decodeQuotedPrintable(raw);
}

describe('accounts with a mail server: email confirmation', () => {
  let server: AuthTestServer;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    server = await startAuthTestServer({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('confirms the address by the mailed link, which signs in and lands on /dashboard', async () => {
    const email = uniqueEmail();
    const browser = new TestBrowser(server);
    const created = await signUp(browser, email, PASSWORD);
    expect(created.status).toBe(200);
    expect((await created.json()).token).toBeNull();
    expect(browser.cookies.size).toBe(0);

    const early = await signIn(new TestBrowser(server), email, PASSWORD);
    expect(early.status).toBe(403);
    expect((await early.json()).code).toBe('EMAIL_NOT_VERIFIED');

    const mail = mailTo(smtp, email);
    expect(mail).toContain('Subject: TourGuides: confirm your email');
    const link = /http:\/\/localhost:3000(\/api\/auth\/verify-email\?[^\s"<]+)/.exec(mail)?.[1];
    expect(link).toBeDefined();
    const confirmed = await browser.request((link ?? '').replace(/&amp;/g, '&'));
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('http://localhost:3000/dashboard');
    const me = await (await browser.request('/api/me')).json();
    expect(me.user).toMatchObject({ email, emailVerified: true });
  });

  it('mails one address at most a few times an hour, however many clients ask', async () => {
    const email = uniqueEmail();
    await signUp(new TestBrowser(server), email, PASSWORD);
    const mails = () => smtp.messages.filter((message) => message.includes(`To: ${email}`)).length;
    await expect.poll(mails).toBe(1);
    // Sign-ups with the taken address from ever new clients: each answers like a new account.
    for (let i = 0; i < VERIFICATION_MAILS_PER_ACCOUNT.max + 3; i++) {
      const again = await signUp(new TestBrowser(server), email, 'another-pass-99');
      expect(again.status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mails()).toBe(VERIFICATION_MAILS_PER_ACCOUNT.max);
  });

  it('answers a sign-up with a taken address like a new one and mails the owner instead', async () => {
    const email = uniqueEmail();
    await signUp(new TestBrowser(server), email, PASSWORD);
    const again = await signUp(new TestBrowser(server), email, 'another-pass-99');
    expect(again.status).toBe(200);
    expect((await again.json()).token).toBeNull();
    await expect.poll(() => mailTo(smtp, email)).toContain('Subject: TourGuides: you already have an account');
  });
});
