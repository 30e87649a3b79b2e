import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeInternal, startFakeTourSites } from '../../../tests/fakes/tour-sites.ts';
import { AppError } from './app-error.ts';
import { createSafeFetch, isPublicAddress, type Resolver, SAFE_FETCH_MESSAGES, type SafeFetch } from './safe-fetch.ts';

/**
 * Safe fetching against real local servers: the fake sites are allowed by an exact address:port
 * pair (the test-only allow list); everything else on loopback, private networks or metadata
 * addresses stays refused, and the "internal" server's request log proves nothing reached it.
 */
let site: Awaited<ReturnType<typeof startFakeTourSites>>;
let internal: Awaited<ReturnType<typeof startFakeInternal>>;

/** Test DNS: names for the fake site and for hostile answers. */
const names: Record<string, { address: string; family: 4 | 6 }[]> = {
  'tour.example': [{ address: '127.0.0.1', family: 4 }],
  'metadata.example': [{ address: '169.254.169.254', family: 4 }],
  'mixed.example': [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ],
  'mapped.example': [{ address: '::ffff:127.0.0.1', family: 6 }],
};
const resolve: Resolver = async (host) => {
  const answer = names[host];
  if (!answer) throw new Error('ENOTFOUND');
  return answer;
};

function build(overrides: Partial<Parameters<typeof createSafeFetch>[0]> = {}): SafeFetch {
  return createSafeFetch({
    database: null,
    userAgent: 'TourGuidesBot/test',
    testAllow: [`127.0.0.1:${site.port}`],
    resolve,
    ...overrides,
  });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  internal = await startFakeInternal();
  site = await startFakeTourSites({ internalUrl: `${internal.url}/latest/meta-data/` });
});
afterAll(async () => {
  await site.close();
  await internal.close();
});
beforeEach(() => {
  site.requests.length = 0;
  internal.requests.length = 0;
});

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    'fec0::1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('safe fetch', () => {
  it('fetches an allowed page with a clear User-Agent and returns its kind and trail', async () => {
    const response = await build()({ url: `${site.url}/jsonld`, userId: null, purpose: 'user-url' });
    expect(response.kind).toBe('html');
    expect(response.body).toContain('application/ld+json');
    expect(response.trail).toEqual([`${site.url}/jsonld`]);
    const page = site.requests.find((request) => request.path === '/jsonld');
    expect(page?.userAgent).toBe('TourGuidesBot/test');
  });

  it('connects to the address it checked, by name (no second DNS answer)', async () => {
    const response = await build()({
      url: `http://tour.example:${site.port}/jsonld`,
      userId: null,
      purpose: 'user-url',
    });
    expect(response.status).toBe(200);
  });

  it('follows a redirect to an allowed page and records it', async () => {
    const response = await build()({ url: `${site.url}/redirect-ok`, userId: null, purpose: 'user-url' });
    expect(response.trail).toEqual([`${site.url}/redirect-ok`, `${site.url}/jsonld`]);
  });

  it.each([
    ['ftp://example.com/x', SAFE_FETCH_MESSAGES.notHttp],
    ['file:///etc/passwd', SAFE_FETCH_MESSAGES.notHttp],
    ['javascript:alert(1)', SAFE_FETCH_MESSAGES.notHttp],
    ['not a url', SAFE_FETCH_MESSAGES.badUrl],
    ['http://user:pw@example.com/', SAFE_FETCH_MESSAGES.badUrl],
    ['http://93.184.216.34:8080/', SAFE_FETCH_MESSAGES.port],
  ])('refuses %s before any connection', async (url, message) => {
    expect(await refusal(build()({ url, userId: null, purpose: 'user-url' }))).toBe(message);
  });

  it.each([
    () => `${internal.url}/`,
    () => `http://[::ffff:127.0.0.1]:${internal.port}/`,
    () => `http://[::1]:${internal.port}/`,
    () => `http://0.0.0.0:${internal.port}/`,
    () => `http://127.1:${internal.port}/`,
    () => `http://2130706433:${internal.port}/`,
    () => `http://0x7f000001:${internal.port}/`,
    () => 'http://127.0.0.1/',
    () => 'http://[::1]/',
    () => 'http://169.254.169.254/latest/meta-data/',
  ])('refuses a private address written directly (%#) and never connects to it', async (url) => {
    const safeFetch = build();
    const message = await refusal(safeFetch({ url: url(), userId: null, purpose: 'user-url' }));
    expect(message).toBe(SAFE_FETCH_MESSAGES.privateAddress);
    expect(internal.requests).toEqual([]);
  });

  it('refuses a name that resolves to a private or metadata address, or to any private one among several', async () => {
    const safeFetch = build({ allowedPorts: [80, 443] });
    for (const host of ['metadata.example', 'mixed.example', 'mapped.example']) {
      expect(await refusal(safeFetch({ url: `http://${host}/`, userId: null, purpose: 'user-url' }))).toBe(
        SAFE_FETCH_MESSAGES.privateAddress,
      );
    }
    expect(await refusal(safeFetch({ url: 'http://nowhere.example/', userId: null, purpose: 'user-url' }))).toBe(
      SAFE_FETCH_MESSAGES.noHost,
    );
  });

  it('allows only the exact allow-listed address and port: the same loopback on another port is refused', async () => {
    const message = await refusal(
      build()({ url: `http://tour.example:${internal.port}/`, userId: null, purpose: 'user-url' }),
    );
    expect(message).toBe(SAFE_FETCH_MESSAGES.privateAddress);
    expect(internal.requests).toEqual([]);
  });

  it('refuses a redirect to 127.0.0.1 and never connects to it', async () => {
    const message = await refusal(build()({ url: `${site.url}/redirect-private`, userId: null, purpose: 'user-url' }));
    expect(message).toBe(SAFE_FETCH_MESSAGES.privateRedirect);
    expect(site.requests.map((request) => request.path)).toContain('/redirect-private');
    expect(internal.requests).toEqual([]);
  });

  it('stops after five redirects', async () => {
    const message = await refusal(build()({ url: `${site.url}/redirect-chain`, userId: null, purpose: 'user-url' }));
    expect(message).toBe(SAFE_FETCH_MESSAGES.tooManyRedirects);
    expect(site.requests.filter((request) => request.path === '/redirect-chain')).toHaveLength(6);
  });

  it('gives up on a slow page at the timeout', async () => {
    const started = Date.now();
    const message = await refusal(
      build({ timeoutMs: 500 })({ url: `${site.url}/slow?ms=3000`, userId: null, purpose: 'user-url' }),
    );
    expect(message).toBe(SAFE_FETCH_MESSAGES.timeout);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('aborts a 20 MB page past the 5 MB cap', async () => {
    const message = await refusal(build()({ url: `${site.url}/huge`, userId: null, purpose: 'user-url' }));
    expect(message).toBe(SAFE_FETCH_MESSAGES.tooLarge);
  });

  it('refuses content that is not a page, JSON or a calendar', async () => {
    const message = await refusal(build()({ url: `${site.url}/image.png`, userId: null, purpose: 'user-url' }));
    expect(message).toBe(SAFE_FETCH_MESSAGES.contentType);
  });

  it('obeys robots.txt', async () => {
    const message = await refusal(build()({ url: `${site.url}/private/page`, userId: null, purpose: 'crawl' }));
    expect(message).toBe(SAFE_FETCH_MESSAGES.robots);
    expect(site.requests.map((request) => request.path)).toEqual(['/robots.txt']);
  });

  it('says which HTTP error a page answered', async () => {
    const message = await refusal(build()({ url: `${site.url}/missing`, userId: null, purpose: 'user-url' }));
    expect(message).toBe(SAFE_FETCH_MESSAGES.httpStatus(404));
  });
});
