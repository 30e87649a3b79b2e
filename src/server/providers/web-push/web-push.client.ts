import { createHash } from 'node:crypto';
import webpush from 'web-push';
import type { VapidKeys } from './vapid-keys.ts';

/**
 * The Web Push protocol (RFC 8030) with payload encryption (RFC 8291, aes128gcm) and VAPID (RFC 8292)
 * through the `web-push` package: it builds each request (headers and encrypted body) and we send it
 * with fetch, so the timeout, the redirect rule and the answer's handling are ours.
 *
 * A device's endpoint is a URL the browser chose, but the request that names it comes from a fan:
 * the server only ever POSTs to the browser vendors' push services (https, standard port), never to
 * an address a fan makes up (our own network, say). Tests add their fake's origin (PUSH_TEST_ALLOW).
 */

/** The push services of the browsers in use (Chrome/Edge/Opera/Samsung: FCM; Firefox; Safari; old Edge). */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Seconds the push service keeps the message for an unreachable device. */
  ttlSeconds: number;
  urgency: PushUrgency;
  /** Collapses undelivered messages with the same topic (one per show and kind); any text, hashed here. */
  topic?: string;
}

export type PushOutcome =
  /** 201 (or another 2xx): the push service took it. */
  | { result: 'sent' }
  /** 404 or 410: the subscription is gone; forget the device. */
  | { result: 'gone'; status: number }
  /** Anything else (413, 429, 5xx, no answer): the device stays; this message is lost or retried. */
  | { result: 'failed'; status: number | null; retryAfterSeconds: number | null };

export interface WebPushClient {
  publicKey: string;
  acceptsEndpoint(endpoint: string): boolean;
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome>;
}

export interface WebPushClientOptions {
  vapid: VapidKeys;
  timeoutMs: number;
  /** TESTS ONLY: origins of fake push services. */
  testAllow?: string[];
}

export function isPushServiceEndpoint(endpoint: string, testAllow: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (testAllow.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}

/** A Topic header is at most 32 base64url characters: 24 bytes of the topic's hash. */
export function topicHeader(topic: string): string {
  return createHash('sha256').update(topic).digest().subarray(0, 24).toString('base64url');
}

/** A VAPID token lives 12 hours (the spec allows 24); a new one is signed when less than one is left. */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;
const VAPID_RENEW_SECONDS = 60 * 60;

/**
 * The VAPID `Authorization` header per push service origin (its JWT's audience). Signing it (ES256)
 * costs more than encrypting the payload, and it is the same for every device on one push service,
 * so it is signed once per origin and kept until it is an hour from expiring.
 */
export function vapidHeaderCache(vapid: VapidKeys, now: () => number = Date.now) {
  const kept = new Map<string, { authorization: string; expiresAt: number }>();
  return (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const nowSeconds = Math.floor(now() / 1000);
    const found = kept.get(audience);
    if (found && found.expiresAt - nowSeconds > VAPID_RENEW_SECONDS) return found.authorization;
    const expiresAt = nowSeconds + VAPID_TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      expiresAt,
    );
    kept.set(audience, { authorization: Authorization, expiresAt });
    return Authorization;
  };
}

export function createWebPushClient({ vapid, timeoutMs, testAllow = [] }: WebPushClientOptions): WebPushClient {
  const authorizationFor = vapidHeaderCache(vapid);
  return {
    publicKey: vapid.publicKey,
    acceptsEndpoint: (endpoint) => isPushServiceEndpoint(endpoint, testAllow),
    async send(target, payload, options) {
      // Checked again here: a row stored before a rule changed must not reach a private address either.
      if (!isPushServiceEndpoint(target.endpoint, testAllow)) return { result: 'gone', status: 0 };
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          // No vapidDetails (and no global ones: nothing calls setVapidDetails): the Authorization
          // header is added below, from the per-origin cache.
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          topic: options.topic ? topicHeader(options.topic) : undefined,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = {
        ...(details.headers as Record<string, string>),
        Authorization: authorizationFor(target.endpoint),
      };
      let response: Response;
      try {
        response = await fetch(details.endpoint, {
          method: 'POST',
          headers,
          body: details.body ? new Uint8Array(details.body) : null,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
      } catch {
        return { result: 'failed', status: null, retryAfterSeconds: null };
      }
      if (response.status >= 200 && response.status < 300) return { result: 'sent' };
      if (response.status === 404 || response.status === 410) return { result: 'gone', status: response.status };
      const retryAfter = Number(response.headers.get('retry-after'));
      return {
        result: 'failed',
        status: response.status,
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      };
    },
  };
}
