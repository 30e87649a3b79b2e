import { expect } from 'vitest';
import type { TestServer } from '#tests/setup/test-server.ts';

/**
 * Checks a public catalog read's caching (lib/public-cache.ts) over HTTP: browsers must revalidate,
 * shared caches may keep it `sharedSeconds`; one weak ETag for the gzip and plain forms; a matching
 * If-None-Match (weak or strong form of the tag) is a bodiless 304 with the same cache headers.
 */
export async function expectRevalidatedRead(server: TestServer, url: string, sharedSeconds: number): Promise<string> {
  const cacheControl = `public, max-age=0, must-revalidate, s-maxage=${sharedSeconds}`;
  const gzipped = await server.fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzipped.status).toBe(200);
  expect(gzipped.headers.get('cache-control')).toBe(cacheControl);
  // Small answers travel plain: nothing varies then.
  if (gzipped.headers.get('content-encoding') === 'gzip')
    expect(gzipped.headers.get('vary')).toMatch(/accept-encoding/i);
  const etag = gzipped.headers.get('etag') ?? '';
  expect(etag).toMatch(/^W\/"[^"]+"$/);
  const plain = await server.fetch(url, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(plain.headers.get('etag')).toBe(etag);
  expect(await plain.json()).toEqual(await gzipped.json());

  for (const tag of [etag, etag.slice(2), `"unrelated", ${etag}`]) {
    const again = await server.fetch(url, { headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(cacheControl);
  }
  const other = await server.fetch(url, { headers: { 'if-none-match': 'W/"something-else"' } });
  expect(other.status).toBe(200);
  expect(other.headers.get('etag')).toBe(etag);
  return etag;
}
