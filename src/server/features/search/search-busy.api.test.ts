import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MUSICBRAINZ } from '#server/providers/musicbrainz/musicbrainz.client.ts';
import { MUSICBRAINZ_BUSY_MESSAGE } from '#shared/search.ts';
import { type FakeMusicBrainz, startFakeMusicBrainz } from '#tests/fakes/musicbrainz.ts';
import { startTestServer, type TestServer } from '#tests/setup/test-server.ts';
import { SUGGESTIONS_LIMIT } from './search.routes.ts';

/**
 * Issue 18: MusicBrainz slots were booked without a bound, so a burst of anonymous searches made
 * every later search wait tens of seconds. Now a search refuses at once when its slot is too far.
 */
const suggest = (server: TestServer, query: string, ip = '198.51.100.1', signal?: AbortSignal) =>
  server.fetch('/api/search/suggestions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ query }),
    signal: signal ?? AbortSignal.timeout(8_000),
  });

describe('band search when MusicBrainz is busy', () => {
  let musicBrainz: FakeMusicBrainz;
  let server: TestServer;

  beforeAll(async () => {
    musicBrainz = await startFakeMusicBrainz();
    server = await startTestServer({ MUSICBRAINZ_URL: musicBrainz.url, PROVIDER_TIMEOUT_MS: '2000', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await server?.close();
    await musicBrainz?.close();
  });
  beforeEach(async () => {
    musicBrainz.setMode('normal');
    await server.database.query('delete from provider_rate_slots');
  });

  it('answers 503 with Retry-After and a clear message at once when the next slot is far away', async () => {
    // As after a burst of searches: the next free MusicBrainz slot is a minute away.
    await server.database.query(
      `insert into provider_rate_slots (provider, next_at) values ($1, now() + interval '60 seconds')`,
      [MUSICBRAINZ],
    );
    const started = Date.now();
    const response = await suggest(server, 'Velvet Harbor');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(response.status).toBe(503);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(50);
    expect(retryAfter).toBeLessThanOrEqual(61);
    expect(await response.json()).toEqual({ error: { code: 'UNAVAILABLE', message: MUSICBRAINZ_BUSY_MESSAGE } });
    // The refused search booked nothing: the queue is no longer than before.
    const { rows } = await server.database.query<{ s: number }>(
      `select extract(epoch from next_at - now()) as s from provider_rate_slots where provider = $1`,
      [MUSICBRAINZ],
    );
    expect(Number(rows[0]?.s)).toBeLessThanOrEqual(60);
  });

  it('serves a burst up to a few seconds of slots and refuses the rest at once', async () => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => suggest(server, `Velvet ${i}`, `198.51.100.${i + 10}`)),
    );
    expect(Date.now() - started).toBeLessThan(8_000);
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(4);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
  });

  it('stops the MusicBrainz call when the visitor goes away', async () => {
    musicBrainz.setMode('slow', { delayMs: 1_800 });
    const leaving = new AbortController();
    const request = suggest(server, 'Velvet Harbor', '198.51.100.77', leaving.signal).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 400));
    leaving.abort();
    await request;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const { rows } = await server.database.query<{ latency_ms: number; error: string | null }>(
      `select latency_ms, error from provider_calls where provider = $1 order by created_at desc limit 1`,
      [MUSICBRAINZ],
    );
    // Without the visitor's signal the call would run into the 2 s timeout (and be retried).
    expect(rows[0]?.error).toMatch(/cancel/i);
    expect(Number(rows[0]?.latency_ms)).toBeLessThan(1_500);
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    musicBrainz.setMode('slow', { delayMs: 0 });
    await server.database.query(
      `insert into provider_rate_slots (provider, next_at) values ($1, now() + interval '60 seconds')`,
      [MUSICBRAINZ],
    );
    for (let i = 1; i <= SUGGESTIONS_LIMIT.max; i++) {
      expect((await suggest(server, 'Velvet Harbor', `2001:db8:9:9::${i.toString(16)}`)).status).not.toBe(429);
    }
    expect((await suggest(server, 'Velvet Harbor', '2001:db8:9:9:1::1')).status).toBe(429);
    expect((await suggest(server, 'Velvet Harbor', '2001:db8:9:a::1')).status).not.toBe(429);
  });
});
