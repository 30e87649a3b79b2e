import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake browser push service (FCM, Mozilla autopush, Apple) for tests. It plays both ends a real
 * push needs: the browser, whose subscription (an endpoint here, a P-256 key pair and an auth secret)
 * it makes, and the push service, which takes the application server's POST as RFC 8030 says.
 * Each POST is checked as a real service checks it (VAPID JWT signature, audience and expiry, TTL,
 * Content-Encoding) and its body decrypted with the subscription's private key (RFC 8291, aes128gcm),
 * so a test reads exactly what the device would show.
 */

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** Decrypted and parsed JSON (null when the body was not JSON). */
  payload: unknown;
  text: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  contentEncoding: string | null;
  /** The VAPID key named in the Authorization header (k=), base64url. */
  vapidKey: string;
  /** The JWT's claims: aud (the push service's origin), exp, sub. */
  claims: { aud: string; exp: number; sub: string };
  /** The status the fake answered. */
  status: number;
  at: number;
}

export interface FakePushService {
  url: string;
  /** A new browser subscription whose endpoint is on this service. */
  subscribe(): FakeSubscription;
  /** Every POST this service accepted (201) or refused by its own rules, in order. */
  received: ReceivedPush[];
  /** POSTs that failed the protocol's checks, with why (a test asserts none). */
  rejected: { path: string; reason: string }[];
  /** Answer this status to pushes for this subscription from now on (410: unsubscribed, 404: expired). */
  answerFor(endpoint: string, status: number, headers?: Record<string, string>): void;
  /** Resolves when at least `count` pushes were received, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

interface Held {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: one record, aes128gcm. */
export function decryptAes128gcm(body: Buffer, held: Held): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdhSecret = held.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), held.publicKey, senderKey]);
  const ikm = hmac(hmac(held.auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // Data, then the last record's delimiter 0x02, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): ES256 signed by k, for this origin, not expired. */
function checkVapid(header: string | undefined, origin: string): { key: string; claims: ReceivedPush['claims'] } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Authorization is not "vapid t=…, k=…": ${header}`);
  const [token, key] = [match[1]!, match[2]!];
  const [head, body, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID JWT signature does not verify with k');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  if (header_.alg !== 'ES256') throw new Error(`JWT alg ${header_.alg}`);
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud}, expected ${origin}`);
  if (!(claims.exp > Date.now() / 1000) || claims.exp > Date.now() / 1000 + 24 * 3600) {
    throw new Error('JWT exp not within the next 24 hours');
  }
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`JWT sub ${claims.sub}`);
  return { key, claims };
}

export async function startFakePushService(options: { port?: number } = {}): Promise<FakePushService> {
  const held = new Map<string, Held>();
  const statusFor = new Map<string, number>();
  /** Extra headers of a refusal (Retry-After with a 429 or 503). */
  const headersFor = new Map<string, Record<string, string>>();
  const received: ReceivedPush[] = [];
  const rejected: { path: string; reason: string }[] = [];
  const waiters: (() => void)[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const id = /^\/push\/([\w-]+)$/.exec(path)?.[1];
      const subscription = id ? held.get(id) : undefined;
      if (req.method !== 'POST' || !id || !subscription) {
        res.writeHead(404).end();
        return;
      }
      try {
        const origin = `http://${req.headers.host}`;
        const { key, claims } = checkVapid(req.headers.authorization, origin);
        const ttl = Number(req.headers.ttl);
        if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) throw new Error('TTL header missing');
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('Content-Encoding is not aes128gcm');
        const text = decryptAes128gcm(Buffer.concat(chunks), subscription);
        let payload: unknown = null;
        try {
          payload = JSON.parse(text);
        } catch {}
        const status = statusFor.get(id) ?? 201;
        received.push({
          subscriptionId: id,
          payload,
          text,
          ttl,
          urgency: (req.headers.urgency as string | undefined) ?? null,
          topic: (req.headers.topic as string | undefined) ?? null,
          contentEncoding: req.headers['content-encoding'] ?? null,
          vapidKey: key,
          claims,
          status,
          at: Date.now(),
        });
        for (const wake of waiters.splice(0)) wake();
        res
          .writeHead(status, status === 201 ? { Location: `/message/${randomUUID()}` } : (headersFor.get(id) ?? {}))
          .end();
      } catch (error) {
        rejected.push({ path, reason: (error as Error).message });
        res.writeHead(400).end((error as Error).message);
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    received,
    rejected,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      held.set(id, { ecdh, publicKey, auth });
      return {
        endpoint: `${url}/push/${id}`,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answerFor(endpoint, status, headers = {}) {
      const id = endpoint.split('/').pop()!;
      statusFor.set(id, status);
      headersFor.set(id, headers);
    },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} pushes, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
