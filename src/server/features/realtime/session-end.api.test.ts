import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  latestMail,
  signIn,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from '#server/auth/auth.test-support.ts';
import { MAX_PUBLIC_STREAMS_PER_CLIENT } from '#shared/events.ts';
import { SseReader } from './sse.test-support.ts';

/**
 * Issue 18: an open event stream must end with its session (sign-out, revocation, password reset,
 * account deletion), not up to half an hour later; anonymous streams are capped per client.
 */
const PASSWORD = 'heart-of-glass-77';
const NEW_PASSWORD = 'blue-monday-1983';
const ENDS_WITHIN_MS = 5_000;

describe('event streams end with their session', () => {
  let server: AuthTestServer;
  const open: SseReader[] = [];
  beforeAll(async () => {
    server = await startAuthTestServer();
  });
  afterAll(async () => {
    for (const reader of open) await reader.close();
    await server?.close();
  });

  async function fan() {
    const email = uniqueEmail();
    const browser = new TestBrowser(server);
    expect((await signUp(browser, email, PASSWORD)).status).toBe(200);
    return { email, browser };
  }

  async function stream(browser: TestBrowser): Promise<SseReader> {
    const response = await browser.request('/api/events');
    expect(response.status).toBe(200);
    const reader = new SseReader(response);
    open.push(reader);
    // The stream's first block (its resume point) shows it is subscribed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return reader;
  }

  it('ends the stream when its session signs out; another user’s stream stays open', async () => {
    const alice = await fan();
    const bob = await fan();
    const aliceStream = await stream(alice.browser);
    const bobStream = await stream(bob.browser);
    expect((await alice.browser.request('/api/auth/sign-out', { json: {} })).status).toBe(200);
    await aliceStream.waitForEnd(ENDS_WITHIN_MS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bobStream.ended).toBe(false);
  });

  it('ends the streams of revoked sessions only', async () => {
    const { email, browser: laptop } = await fan();
    const phone = new TestBrowser(server);
    expect((await signIn(phone, email, PASSWORD)).status).toBe(200);
    const laptopStream = await stream(laptop);
    const phoneStream = await stream(phone);
    expect((await phone.request('/api/auth/revoke-other-sessions', { json: {} })).status).toBe(200);
    await laptopStream.waitForEnd(ENDS_WITHIN_MS);
    expect(phoneStream.ended).toBe(false);
    expect((await phone.request('/api/auth/revoke-sessions', { json: {} })).status).toBe(200);
    await phoneStream.waitForEnd(ENDS_WITHIN_MS);
  });

  it('ends every stream of the account after a password reset', async () => {
    const { email, browser } = await fan();
    const before = await stream(browser);
    const elsewhere = new TestBrowser(server);
    await elsewhere.request('/api/auth/request-password-reset', {
      json: { email, redirectTo: '/auth/reset-password' },
    });
    const token = /reset-password\?token=([\w-]+)/.exec(latestMail(server, email) ?? '')?.[1];
    expect(token).toBeTruthy();
    const reset = await elsewhere.request('/api/auth/reset-password', { json: { token, newPassword: NEW_PASSWORD } });
    expect(reset.status).toBe(200);
    await before.waitForEnd(ENDS_WITHIN_MS);
  });

  it('ends the streams of a deleted account', async () => {
    const { browser } = await fan();
    const before = await stream(browser);
    const deleted = await browser.request('/api/account', { method: 'DELETE', json: { confirm: 'DELETE' } });
    expect(deleted.status).toBe(200);
    await before.waitForEnd(ENDS_WITHIN_MS);
  });
});

describe('anonymous event streams are capped per client', () => {
  let server: AuthTestServer;
  const open: SseReader[] = [];
  beforeAll(async () => {
    server = await startAuthTestServer();
  });
  afterAll(async () => {
    for (const reader of open) await reader.close();
    await server?.close();
  });

  const openPublic = (ip: string) =>
    server.fetch('/api/events/public?artist=velvet-harbor', { headers: { 'x-forwarded-for': ip } });

  it('refuses one stream too many from one client (an IPv6 /64), not from another', async () => {
    for (let i = 1; i <= MAX_PUBLIC_STREAMS_PER_CLIENT; i++) {
      const response = await openPublic(`2001:db8:5:5::${i.toString(16)}`);
      expect(response.status).toBe(200);
      open.push(new SseReader(response));
    }
    const refused = await openPublic('2001:db8:5:5:ffff::1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await openPublic('2001:db8:5:6::1');
    expect(other.status).toBe(200);
    open.push(new SseReader(other));
    // HEAD opens no stream, so it takes no place.
    for (let i = 0; i < MAX_PUBLIC_STREAMS_PER_CLIENT; i++) {
      const head = await server.fetch('/api/events/public?artist=velvet-harbor', {
        method: 'HEAD',
        headers: { 'x-forwarded-for': '2001:db8:5:7::1' },
      });
      expect(head.status).toBe(200);
    }
    const afterHeads = await openPublic('2001:db8:5:7::2');
    expect(afterHeads.status).toBe(200);
    open.push(new SseReader(afterHeads));
    // A closed stream frees its place.
    await open.shift()?.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = await openPublic('2001:db8:5:5::abc');
    expect(again.status).toBe(200);
    open.push(new SseReader(again));
  });
});
