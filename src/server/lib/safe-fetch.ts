import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import robotsParser from 'robots-parser';
import type { Database } from '#server/db/client.ts';
import { AppError } from './app-error.ts';
import { enforceLimit, type LimitRule } from './rate-limit.ts';

/**
 * The one module for every server-side fetch of a user-given URL (issue 17, ADR "safe fetching").
 * A pasted URL is an attacker's URL: it may name, resolve to, or redirect to our own network.
 * So: http(s) on allowed ports only; the host is resolved ONCE and every address checked; the
 * connection goes to that same checked address (a pinned `lookup`, no second DNS answer can
 * swap it); each redirect is a new URL checked the same way; time, size and content type are
 * capped; per-user and per-host rate limits; robots.txt obeyed; a User-Agent that names us.
 */
export type SafeContentKind = 'html' | 'json' | 'ics' | 'text';

export interface SafeFetchRequest {
  url: string;
  /** Rate limits are per user and per host. */
  userId: string | null;
  /** 'crawl' (the finder following links) obeys robots.txt; 'user-url' (pasted by the user) too. */
  purpose: 'user-url' | 'crawl';
  accept?: SafeContentKind[];
  signal?: AbortSignal;
}

export interface SafeFetchResponse {
  /** The final URL after redirects. */
  url: string;
  status: number;
  kind: SafeContentKind;
  contentType: string;
  body: string;
  /** Every URL visited, the first one included. */
  trail: string[];
}

export type SafeFetch = (request: SafeFetchRequest) => Promise<SafeFetchResponse>;

/** The messages a user reads: each says which rule refused the address. */
export const SAFE_FETCH_MESSAGES = {
  notHttp: 'Only http and https addresses can be fetched',
  badUrl: 'That is not a web address',
  port: 'That address uses a port we do not fetch (only the standard web ports)',
  privateAddress: 'That address points to a private network',
  privateRedirect: 'That page redirects to a private network',
  noHost: 'That web site could not be found',
  tooManyRedirects: 'That page redirects too many times',
  timeout: 'That page took too long to answer',
  tooLarge: 'That page is too large (over 5 MB)',
  contentType: 'That address is not a web page or calendar',
  robots: 'That site asks robots not to read this page (robots.txt)',
  unreachable: 'That web site could not be reached',
  httpStatus: (status: number) => `That page answered with an error (HTTP ${status})`,
} as const;

export const SAFE_FETCH_LIMITS = {
  timeoutMs: 10_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
  /** Per user: a paste of several URLs plus a finder run's crawl. */
  perUser: { windowSeconds: 60, max: 40 } satisfies LimitRule,
  /** Per host, all users together: be a polite visitor to small artists' sites. */
  perHost: { windowSeconds: 60, max: 60 } satisfies LimitRule,
};

export type Resolver = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export interface SafeFetchOptions {
  /** Rate-limit counters live in the database; null (unit tests) skips them. */
  database: Database | null;
  userAgent: string;
  /** Ports a URL may use; default 80 and 443. */
  allowedPorts?: number[];
  /**
   * TESTS ONLY: exact `address:port` pairs that may be private (the fake sites on loopback). The
   * checks stay on: any other private address, or the same one on another port, is refused.
   */
  testAllow?: string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** DNS; tests give names to the fakes. */
  resolve?: Resolver;
  limits?: { perUser: LimitRule; perHost: LimitRule };
}

const defaultResolver: Resolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/** Only 'unicast' addresses are public; every other range ipaddr.js names is refused. */
const PUBLIC_RANGES = new Set(['unicast']);

/**
 * True when the address is routable on the public internet. IPv4-mapped and IPv4-compatible
 * IPv6, NAT64 and 6to4 forms are judged by the IPv4 address inside them.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else {
      const embedded = embeddedIPv4(v6);
      if (embedded) return isPublicAddress(embedded);
    }
  }
  const range = parsed.range();
  if (!PUBLIC_RANGES.has(range)) return false;
  if (parsed.kind() === 'ipv4') {
    const octets = (parsed as ipaddr.IPv4).octets;
    // 0.0.0.0/8, cloud metadata (169.254.169.254 is link-local already; Alibaba's 100.100.100.200
    // sits in carrier-grade NAT, also refused by range), benchmarking and the old class E space.
    if (octets[0] === 0 || octets[0]! >= 240) return false;
  } else {
    const parts = (parsed as ipaddr.IPv6).parts;
    // fd00:ec2::254 (AWS IPv6 metadata) is unique-local (refused by range); site-local fec0::/10 too.
    if ((parts[0]! & 0xffc0) === 0xfec0) return false;
  }
  return true;
}

/** The IPv4 address an IPv6 form carries: ::a.b.c.d, 64:ff9b::/96 (NAT64), 2002::/16 (6to4). */
function embeddedIPv4(v6: ipaddr.IPv6): string | null {
  const p = v6.parts;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  if (p.slice(0, 6).every((part) => part === 0) && (p[6] !== 0 || p[7]! > 1)) return v4(p[6]!, p[7]!);
  if (p[0] === 0x64 && p[1] === 0xff9b && p.slice(2, 6).every((part) => part === 0)) return v4(p[6]!, p[7]!);
  if (p[0] === 0x2002) return v4(p[1]!, p[2]!);
  return null;
}

const KIND_BY_TYPE: [RegExp, SafeContentKind][] = [
  [/^text\/html|^application\/xhtml\+xml/, 'html'],
  [/^application\/(ld\+)?json|\+json$/, 'json'],
  [/^text\/calendar/, 'ics'],
  [/^text\/plain|^application\/xml|^text\/xml/, 'text'],
];

export function contentKind(contentType: string): SafeContentKind | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  for (const [pattern, kind] of KIND_BY_TYPE) if (pattern.test(type)) return kind;
  return null;
}

const fail = (message: string, code: 'BAD_REQUEST' | 'UNAVAILABLE' = 'BAD_REQUEST') => new AppError(code, message);

interface Target {
  url: URL;
  address: string;
  family: 4 | 6;
}

interface RawResponse {
  status: number;
  location: string | null;
  contentType: string;
  body: string;
}

export function createSafeFetch(options: SafeFetchOptions): SafeFetch {
  const allowedPorts = new Set(options.allowedPorts ?? [80, 443]);
  const testAllow = new Set(options.testAllow ?? []);
  const resolve = options.resolve ?? defaultResolver;
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_LIMITS.timeoutMs;
  const maxBytes = options.maxBytes ?? SAFE_FETCH_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_LIMITS.maxRedirects;
  const limits = options.limits ?? SAFE_FETCH_LIMITS;
  const robotsCache = new Map<string, { at: number; allows: (url: string) => boolean }>();

  function parse(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw fail(SAFE_FETCH_MESSAGES.badUrl);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail(SAFE_FETCH_MESSAGES.notHttp);
    if (url.username || url.password) throw fail(SAFE_FETCH_MESSAGES.badUrl);
    return url;
  }

  const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

  /** A private address passes only as an exact test-only address:port pair. */
  function testAllowed(address: string, url: URL): boolean {
    const normalised = ipaddr.isValid(address) ? ipaddr.process(address).toString() : address;
    return testAllow.has(`${normalised}:${portOf(url)}`);
  }

  /** Resolves once and checks every address; the first one is the one we connect to. */
  async function check(url: URL, redirected: boolean): Promise<Target> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let answers: { address: string; family: 4 | 6 }[];
    if (ipaddr.isValid(host)) {
      answers = [{ address: host, family: host.includes(':') ? 6 : 4 }];
    } else {
      try {
        answers = await resolve(host);
      } catch {
        throw fail(SAFE_FETCH_MESSAGES.noHost);
      }
    }
    if (answers.length === 0) throw fail(SAFE_FETCH_MESSAGES.noHost);
    // Every answer must pass: a name with one public and one private address is refused.
    const privateAnswers = answers.filter((answer) => !isPublicAddress(answer.address));
    if (!privateAnswers.every((answer) => testAllowed(answer.address, url))) {
      throw fail(redirected ? SAFE_FETCH_MESSAGES.privateRedirect : SAFE_FETCH_MESSAGES.privateAddress);
    }
    if (privateAnswers.length < answers.length && !allowedPorts.has(portOf(url))) throw fail(SAFE_FETCH_MESSAGES.port);
    return { url, address: answers[0]!.address, family: answers[0]!.family };
  }

  /** One GET to the checked address; the body streamed and cut off past the cap. */
  function request(target: Target, signal: AbortSignal, accept: SafeContentKind[] | null): Promise<RawResponse> {
    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      if ((lookupOptions as { all?: boolean }).all) {
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address: target.address, family: target.family },
        ]);
      } else callback(null, target.address, target.family);
    };
    const client = target.url.protocol === 'https:' ? https : http;
    return new Promise<RawResponse>((resolvePromise, reject) => {
      const req = client.get(
        target.url,
        {
          lookup: pinned,
          signal,
          agent: false,
          headers: {
            'User-Agent': options.userAgent,
            Accept:
              'text/html,application/xhtml+xml,application/ld+json,application/json,text/calendar;q=0.9,*/*;q=0.1',
            'Accept-Encoding': 'identity',
          },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const location = res.headers.location ?? null;
          const contentType = res.headers['content-type'] ?? '';
          if (status >= 300 && status < 400 && location) {
            // A redirect's body is never read: a huge one must not cost us the download.
            res.destroy();
            return resolvePromise({ status, location, contentType, body: '' });
          }
          const kind = contentKind(contentType);
          if (status < 400 && (!kind || (accept && !accept.includes(kind)))) {
            res.destroy();
            return reject(fail(SAFE_FETCH_MESSAGES.contentType));
          }
          const declared = Number(res.headers['content-length'] ?? 0);
          if (declared > maxBytes) {
            res.destroy();
            return reject(fail(SAFE_FETCH_MESSAGES.tooLarge));
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              res.destroy();
              req.destroy();
              reject(fail(SAFE_FETCH_MESSAGES.tooLarge));
              return;
            }
            chunks.push(chunk);
          });
          res.on('end', () =>
            resolvePromise({ status, location: null, contentType, body: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
    });
  }

  async function limit(userId: string | null, host: string) {
    if (!options.database) return;
    if (userId) await enforceLimit(options.database, `safe-fetch:user:${userId}`, limits.perUser);
    await enforceLimit(options.database, `safe-fetch:host:${host.toLowerCase()}`, limits.perHost);
  }

  /** robots.txt of the URL's origin (cached an hour); a missing or broken file allows everything. */
  async function robotsAllow(url: URL, userId: string | null, signal: AbortSignal): Promise<boolean> {
    const origin = url.origin;
    const cached = robotsCache.get(origin);
    if (cached && Date.now() - cached.at < 3_600_000) return cached.allows(url.href);
    let allows: (href: string) => boolean = () => true;
    try {
      const robotsUrl = new URL('/robots.txt', origin);
      const target = await check(robotsUrl, false);
      await limit(userId, robotsUrl.hostname);
      const response = await request(target, signal, ['text', 'html']);
      if (response.status === 200) {
        const robots = robotsParser(robotsUrl.href, response.body);
        allows = (href) => robots.isAllowed(href, options.userAgent) !== false;
      }
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') throw error;
      // No robots.txt we can read: the site has not said no.
    }
    robotsCache.set(origin, { at: Date.now(), allows });
    return allows(url.href);
  }

  return async ({ url: raw, userId, accept, signal: outer }) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
    const trail: string[] = [];
    let url = parse(raw);
    try {
      for (let hop = 0; ; hop++) {
        trail.push(url.href);
        const target = await check(url, hop > 0);
        await limit(userId, url.hostname);
        if (!(await robotsAllow(url, userId, signal))) throw fail(SAFE_FETCH_MESSAGES.robots);
        const response = await request(target, signal, accept ?? null);
        if (response.location) {
          if (hop >= maxRedirects) throw fail(SAFE_FETCH_MESSAGES.tooManyRedirects);
          url = parse(new URL(response.location, url).href);
          continue;
        }
        if (response.status >= 400) throw fail(SAFE_FETCH_MESSAGES.httpStatus(response.status));
        return {
          url: url.href,
          status: response.status,
          kind: contentKind(response.contentType)!,
          contentType: response.contentType,
          body: response.body,
          trail,
        };
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (timeout.aborted) throw fail(SAFE_FETCH_MESSAGES.timeout);
      if (outer?.aborted) throw error;
      throw fail(SAFE_FETCH_MESSAGES.unreachable);
    }
  };
}

/** The server's safe fetch, as the env configures it. */
export function safeFetchFromEnv(
  env: {
    SAFE_FETCH_PORTS: number[];
    SAFE_FETCH_TEST_ALLOW: string[];
    SAFE_FETCH_TIMEOUT_MS: number;
    publicUrl: string;
  },
  database: Database | null,
): SafeFetch {
  return createSafeFetch({
    database,
    userAgent: `TourGuidesBot/0.1 (+${env.publicUrl}; tour dates for fans)`,
    allowedPorts: env.SAFE_FETCH_PORTS,
    testAllow: env.SAFE_FETCH_TEST_ALLOW,
    timeoutMs: env.SAFE_FETCH_TIMEOUT_MS,
  });
}
