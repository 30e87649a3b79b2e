import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { vapidHeaderCache } from './web-push.client.ts';

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:alerts@tourguides.example' };

/** The JWT's claims inside `vapid t=<JWT>, k=<key>`. */
function claimsOf(authorization: string): { aud: string; exp: number } {
  const token = /t=([^,]+)/.exec(authorization)?.[1] ?? '';
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
}

describe('the VAPID header kept per push service', () => {
  it('is signed once per push service origin and reused for its other devices', () => {
    // web-push checks the expiry against the real clock, so the test's clock starts now.
    let now = Date.now();
    const authorizationFor = vapidHeaderCache(vapid, () => now);
    const started = now;
    const first = authorizationFor('https://fcm.googleapis.com/fcm/send/device-a');
    now += 60_000;
    expect(authorizationFor('https://fcm.googleapis.com/fcm/send/device-b')).toBe(first);
    const mozilla = authorizationFor('https://updates.push.services.mozilla.com/wpush/v2/device-c');
    expect(mozilla).not.toBe(first);
    expect(claimsOf(first).aud).toBe('https://fcm.googleapis.com');
    expect(claimsOf(mozilla).aud).toBe('https://updates.push.services.mozilla.com');
    expect(claimsOf(first).exp).toBe(Math.floor(started / 1000) + 12 * 60 * 60);
  });

  it('is signed again when less than an hour of its 12 is left', () => {
    let now = Date.now();
    const authorizationFor = vapidHeaderCache(vapid, () => now);
    const first = authorizationFor('https://fcm.googleapis.com/fcm/send/device-a');
    now += 10.9 * 60 * 60 * 1000;
    expect(authorizationFor('https://fcm.googleapis.com/fcm/send/device-a')).toBe(first);
    now += 0.2 * 60 * 60 * 1000;
    const renewed = authorizationFor('https://fcm.googleapis.com/fcm/send/device-a');
    expect(renewed).not.toBe(first);
    expect(claimsOf(renewed).exp).toBe(Math.floor(now / 1000) + 12 * 60 * 60);
  });
});
