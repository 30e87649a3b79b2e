import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { Page } from '@playwright/test';
import { e2eDataDir } from '../support/data-dir.ts';
import { expect, freshClientAddress, test } from '../support/fixtures.ts';
import { E2E_PASSWORD, type E2eAccount } from './accounts.ts';

export { accounts } from './accounts.ts';
// Every test is its own visitor (own client address) through the shared fixtures.
export { expect, test };

/** support/start-server.mjs runs the server on this data directory; without SMTP mails land in its outbox. */
const OUTBOX = path.join(e2eDataDir(), 'outbox');

// A dismissed toast stays in the DOM while it animates out (data-removed): only the live ones count.
export const toast = (page: Page) => page.locator('[data-sonner-toast]:not([data-removed="true"])');

/**
 * The toast shows this title (and message); it is then closed so the next check starts clean. It may
 * close by itself (its time ran out on a slow machine) before the click lands: either way it must go.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const current = toast(page).filter({ hasText: title });
  await expect(current).toBeVisible();
  if (description) await expect(current).toContainText(description);
  await current
    .getByRole('button', { name: 'Dismiss notification' })
    .click({ timeout: 2000 })
    .catch(() => {});
  await expect(toast(page)).toHaveCount(0);
}

/** The browser logs every answered-with-an-error request; these tests expect the listed statuses. */
export function expectedHttpErrors(statuses: number[]): RegExp {
  return new RegExp(`^Failed to load resource: the server responded with a status of (${statuses.join('|')}) `);
}

/** Signs the page's browser context in through the API (cookies land in the context). */
export async function signInViaApi(page: Page, account: E2eAccount): Promise<void> {
  // Better Auth accepts calls only from the public origin, which the e2e server sets to the base URL.
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  // A client address of its own, like signUpViaApi: `page.request` does not carry the page's
  // X-Forwarded-For, and the seeded accounts sign in dozens of times a minute across the suite.
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin, 'x-forwarded-for': freshClientAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export interface SignUpViaApiOptions {
  /** The address is `<prefix>-<8 random hex>@example.com`: a new account every call. */
  prefix: string;
  /** Shown in the header and on shared pages; default 'E2E Fan'. */
  fullName?: string;
  /** Default: the seeded accounts' password. */
  password?: string;
  /** Another server than the project's (a second server in the same test); default: the project's base URL. */
  baseUrl?: string;
}

/**
 * Signs up a new account through the API; the page's browser context is then signed in as it.
 * Each call comes from a fresh client address (auth allows 5 sign-ups per 10 minutes per address).
 */
export async function signUpViaApi(page: Page, options: string | SignUpViaApiOptions): Promise<E2eAccount> {
  const {
    prefix,
    fullName = 'E2E Fan',
    password = E2E_PASSWORD,
    baseUrl,
  } = typeof options === 'string' ? { prefix: options } : options;
  const base = baseUrl ?? test.info().project.use.baseURL ?? '';
  const account: E2eAccount = { email: `${prefix}-${randomUUID().slice(0, 8)}@example.com`, password, fullName };
  const response = await page.request.post(`${base}/api/auth/sign-up/email`, {
    data: { email: account.email, password, name: fullName, fullName },
    headers: { origin: new URL(base).origin, 'x-forwarded-for': freshClientAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return account;
}

/** Fills the /auth login form and submits it. */
export async function logInWithForm(page: Page, account: Pick<E2eAccount, 'email' | 'password'>): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest outbox mail to this address that was written after `since` (ms), decoded; waits for it. */
export async function waitForMail(to: string, since: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).sort().reverse() : [];
    for (const file of files) {
      if (Number(file.split('-')[0]) < since) break;
      const mail = decodeQuotedPrintable(fs.readFileSync(path.join(OUTBOX, file), 'utf8'));
      if (new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} in ${OUTBOX} within ${timeoutMs} ms`);
}

/** The current RFC 6238 code (SHA-1, 30 s, 6 digits) for a base32 secret, as an authenticator app shows it. */
export function totpCode(secret: string): Promise<string> {
  return createOTP(base32.decode(secret)).totp();
}
