import { expect } from 'vitest';
import { changeAdminRole } from '#server/auth/admin-role.ts';
import { type AuthTestServer, signUp, TestBrowser, uniqueEmail } from '#server/auth/auth.test-support.ts';

/** The password of every fan made here (tests that sign in again use it). */
export const FAN_PASSWORD = 'going-to-the-show-27';

export interface SignedInFan {
  browser: TestBrowser;
  id: string;
  email: string;
}

/** A new account signed up through the real auth route (its browser keeps the session), with its user id. */
export async function signedInFan(
  server: AuthTestServer,
  { label = 'fan', fullName = 'Test Fan' }: { label?: string; fullName?: string } = {},
): Promise<SignedInFan> {
  const browser = new TestBrowser(server);
  const email = uniqueEmail(label);
  expect((await signUp(browser, email, FAN_PASSWORD, fullName)).status).toBe(200);
  const me = (await (await browser.request('/api/me')).json()) as { user: { id: string } };
  return { browser, id: me.user.id, email };
}

/** Two fans, for the ownership tests: A must not read, change or delete B's rows. */
export async function signedInPair(
  server: AuthTestServer,
  options?: { label?: string; fullName?: string },
): Promise<[SignedInFan, SignedInFan]> {
  return [await signedInFan(server, options), await signedInFan(server, options)];
}

/** A new account made an admin (as `npm run admin:grant` does), for the admin routes. */
export async function signedInAdmin(
  server: AuthTestServer,
  { label = 'admin', fullName = 'Test Admin' }: { label?: string; fullName?: string } = {},
): Promise<SignedInFan> {
  const admin = await signedInFan(server, { label, fullName });
  expect((await changeAdminRole(server.database, 'grant', admin.email)).ok).toBe(true);
  return admin;
}
