import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  signIn,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from './auth.test-support.ts';
import { perAccountRules } from './limits.ts';

/** Issue 28 item 5, ADR 0039: strangers locking an account do not lock out the owner's own browsers. */
const PASSWORD = 'violet-tour-2027';
const DEVICE_COOKIE = 'tourguides.device';

function copyCookie(from: TestBrowser, to: TestBrowser, name: string): void {
  const value = from.cookies.get(name);
  if (!value) throw new Error(`no ${name} cookie`);
  to.cookies.set(name, value);
}

/** Five addresses, ten wrong passwords each: the account's own ceiling is reached. */
async function lockFromFiveAddresses(server: AuthTestServer, email: string): Promise<void> {
  const perClient = perAccountRules.signIn.max;
  const clients = perAccountRules.signInAccount.max / perClient;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const stranger = new TestBrowser(server);
      for (let i = 0; i < perClient; i++) {
        expect((await signIn(stranger, email, `wrong-${c}-${i}-password`)).status).toBe(401);
      }
    }),
  );
}

describe('accounts: device cookie (issue 28.5)', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthTestServer();
  });
  afterAll(() => server?.close());

  it('gives a browser that signed in a long-lived, HttpOnly, SameSite=Lax device cookie; a failed sign-in gets none', async () => {
    const email = uniqueEmail();
    await signUp(new TestBrowser(server), email, PASSWORD);
    const stranger = new TestBrowser(server);
    const failed = await signIn(stranger, email, 'wrong-password-here');
    expect(failed.status).toBe(401);
    expect(stranger.cookies.has(DEVICE_COOKIE)).toBe(false);

    const owner = new TestBrowser(server);
    const response = await signIn(owner, email, PASSWORD);
    expect(response.status).toBe(200);
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
    expect(line).toBeDefined();
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(Number(/Max-Age=(\d+)/i.exec(line ?? '')?.[1])).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    // The same browser keeps its device id on the next sign-in.
    const first = owner.cookies.get(DEVICE_COOKIE);
    await signIn(owner, email, PASSWORD);
    expect(owner.cookies.get(DEVICE_COOKIE)?.split('.').slice(0, 2)).toEqual(first?.split('.').slice(0, 2));
  });

  it('50 wrong passwords from 5 addresses lock strangers out; the owner’s device still signs in', async () => {
    const email = uniqueEmail();
    const other = uniqueEmail();
    const owner = new TestBrowser(server);
    expect((await signUp(owner, email, PASSWORD)).status).toBe(200);
    const otherFan = new TestBrowser(server);
    expect((await signUp(otherFan, other, PASSWORD)).status).toBe(200);
    expect(owner.cookies.has(DEVICE_COOKIE)).toBe(true);

    await lockFromFiveAddresses(server, email);

    // A stranger (new address, no device cookie) is locked out, even with the right password.
    expect((await signIn(new TestBrowser(server), email, PASSWORD)).status).toBe(429);
    // A forged device cookie does not bypass: the owner's value with its payload changed.
    const forger = new TestBrowser(server);
    const [userId, deviceId, signature] = decodeURIComponent(owner.cookies.get(DEVICE_COOKIE) ?? '').split('.');
    forger.cookies.set(DEVICE_COOKIE, encodeURIComponent(`${userId}.${deviceId}x.${signature}`));
    expect((await signIn(forger, email, PASSWORD)).status).toBe(429);
    // Nor does a valid device cookie of another account.
    const otherDevice = new TestBrowser(server);
    copyCookie(otherFan, otherDevice, DEVICE_COOKIE);
    expect((await signIn(otherDevice, email, PASSWORD)).status).toBe(429);

    // The owner's browser signs in: it signed in to this account before.
    const ownerAgain = new TestBrowser(server, owner.ip);
    copyCookie(owner, ownerAgain, DEVICE_COOKIE);
    expect((await signIn(ownerAgain, email, PASSWORD)).status).toBe(200);
    // ...and the owner's sign-in does not unlock the account for strangers.
    expect((await signIn(new TestBrowser(server), email, PASSWORD)).status).toBe(429);
  }, 180_000);

  it('still limits wrong passwords per device', async () => {
    const email = uniqueEmail();
    const owner = new TestBrowser(server);
    expect((await signUp(owner, email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < perAccountRules.signInDevice.max; i++) {
      expect((await signIn(owner, email, `wrong-${i}-password`)).status).toBe(401);
    }
    expect((await signIn(owner, email, PASSWORD)).status).toBe(429);
    // Another browser of the owner's from the same address is its own device, counted per client.
    expect((await signIn(new TestBrowser(server, owner.ip), email, PASSWORD)).status).toBe(200);
  }, 60_000);
});
