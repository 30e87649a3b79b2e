import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/sql.ts';
import { localIsoDate } from '#shared/dates.ts';
import { NO_TOUR_SOURCE_MESSAGE } from '#shared/search.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import {
  HARBOR_TRIBUTE,
  isoDaysFromToday,
  NORTHERN_LANTERN_SOCIETY,
  NORTHERN_LANTERNS,
  VELVET_HARBOR,
} from '#tests/fakes/dataset.ts';
import { FAKE_JAMBASE_KEY, type FakeJamBase, startFakeJamBase } from '#tests/fakes/jambase.ts';
import { type FakeMusicBrainz, startFakeMusicBrainz } from '#tests/fakes/musicbrainz.ts';
import { startTestServer, type TestServer } from '#tests/setup/test-server.ts';

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function count(server: TestServer, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(server.database.db, query);
  return Number(row?.n ?? 0);
}

describe('band search API', () => {
  let musicBrainz: FakeMusicBrainz;
  let jamBase: FakeJamBase;
  let server: TestServer;
  const today = localIsoDate();

  beforeAll(async () => {
    musicBrainz = await startFakeMusicBrainz();
    jamBase = await startFakeJamBase();
    server = await startTestServer({
      MUSICBRAINZ_URL: musicBrainz.url,
      JAMBASE_URL: jamBase.url,
      JAMBASE_API_KEY: FAKE_JAMBASE_KEY,
      PROVIDER_TIMEOUT_MS: '1000',
    });
    await seedCatalog(server.database, [
      {
        name: 'Aurora Fields',
        tours: [
          {
            name: 'Dawn Tour',
            stops: [{ date: isoDaysFromToday(5), venue: 'Ryman', city: 'Nashville', country: 'US' }],
          },
        ],
      },
      {
        name: 'Silver Comets',
        tours: [
          { name: 'One', stops: [{ date: isoDaysFromToday(6), venue: 'Paradiso', city: 'Amsterdam', country: 'NL' }] },
          { name: 'Two', stops: [{ date: isoDaysFromToday(9), venue: 'Olympia', city: 'Paris', country: 'FR' }] },
        ],
      },
      { name: 'Silver Comet Revue', tours: [] },
      { name: 'Comet', tours: [] },
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([musicBrainz?.close(), jamBase?.close()]);
  });
  beforeEach(() => {
    musicBrainz.setMode('normal');
    jamBase.setMode('normal');
  });

  describe('catalog search', () => {
    it('finds one artist by part of its name, case-insensitively, with slug and tour count', async () => {
      const response = await server.fetch('/api/search/artists?q=AURORA');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        matches: [{ name: 'Aurora Fields', slug: 'aurora-fields', tourCount: 1 }],
      });
    });

    it('returns several matches, an exact name first', async () => {
      const body = await (await server.fetch('/api/search/artists?q=comet')).json();
      expect(body.matches.map((match: { slug: string }) => match.slug)).toEqual([
        'comet',
        'silver-comet-revue',
        'silver-comets',
      ]);
      expect(body.matches[2].tourCount).toBe(2);
    });

    it('treats % and _ as letters, and answers an empty list when nothing matches', async () => {
      for (const q of ['_', '%', 'zzz']) {
        const body = await (await server.fetch(`/api/search/artists?q=${encodeURIComponent(q)}`)).json();
        expect(body).toEqual({ matches: [] });
      }
    });

    it('returns at most five matches', async () => {
      await seedCatalog(
        server.database,
        ['Echo One', 'Echo Two', 'Echo Three', 'Echo Four', 'Echo Five', 'Echo Six'].map((name) => ({
          name,
          tours: [],
        })),
      );
      const body = await (await server.fetch('/api/search/artists?q=echo')).json();
      expect(body.matches).toHaveLength(5);
    });
  });

  describe('input rules (spec section 5, in order)', () => {
    const cases: [string, string][] = [
      ['   ', 'Please enter a band name to search'],
      ['x'.repeat(101), 'Please enter a band name with less than 100 characters'],
      ['<script>', 'Band name contains invalid characters'],
      ['a{b}', 'Band name contains invalid characters'],
      ['back\\slash', 'Band name contains invalid characters'],
      [`${'<'.repeat(101)}`, 'Please enter a band name with less than 100 characters'],
    ];

    it.each(cases)('refuses %j on every endpoint with the rule message', async (text, message) => {
      const answers = [
        await server.fetch(`/api/search/artists?q=${encodeURIComponent(text)}`),
        await server.fetch('/api/search/suggestions', json({ query: text })),
        await server.fetch('/api/search/sync', json({ artistName: text })),
      ];
      for (const response of answers) {
        expect(response.status).toBe(400);
        const body = await response.json();
        expect(body.error).toMatchObject({ code: 'BAD_REQUEST', message });
      }
      expect(musicBrainz.requests).toHaveLength(0);
    });

    it('refuses a malformed MusicBrainz id', async () => {
      const response = await server.fetch('/api/search/sync', json({ artistName: 'Northern Lanterns', mbid: 'nope' }));
      expect(response.status).toBe(400);
    });

    it('refuses a cross-site POST', async () => {
      const response = await server.fetch('/api/search/suggestions', {
        ...json({ query: 'Northern' }),
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      });
      expect(response.status).toBe(403);
    });
  });

  describe('MusicBrainz suggestions', () => {
    it('lists name, slug, mbid, disambiguation, type and country, identifying itself to MusicBrainz', async () => {
      musicBrainz.requests.length = 0;
      const response = await server.fetch('/api/search/suggestions', json({ query: '  Northern Lantern ' }));
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.suggestions).toEqual([
        {
          name: 'Northern Lanterns',
          slug: 'northern-lanterns',
          mbid: NORTHERN_LANTERNS,
          disambiguation: 'UK indie band',
          type: 'Group',
          country: 'GB',
        },
        {
          name: 'Northern Lantern Society',
          slug: 'northern-lantern-society',
          mbid: NORTHERN_LANTERN_SOCIETY,
          disambiguation: null,
          type: null,
          country: null,
        },
      ]);
      const [request] = musicBrainz.requests;
      expect(request?.headers['user-agent']).toMatch(/^TourGuides\/0\.1 \( http.+ \)$/);
      expect(request?.query.get('limit')).toBe('5');
      expect(request?.query.get('fmt')).toBe('json');
    });

    it('keeps MusicBrainz calls at least one second apart, even when requests arrive together', async () => {
      musicBrainz.requests.length = 0;
      const queries = ['Velvet', 'Harbor', 'Lantern'];
      const answers = await Promise.all(
        queries.map((query) => server.fetch('/api/search/suggestions', json({ query }))),
      );
      expect(answers.map((response) => response.status)).toEqual([200, 200, 200]);
      const searched = musicBrainz.requests.filter((request) =>
        queries.some((query) => request.query.get('query')?.includes(query)),
      );
      expect(searched).toHaveLength(3);
      // Every call counts toward the limit, including one a job of the server made meanwhile.
      const times = musicBrainz.requests.map((request) => request.at).sort((a, b) => a - b);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(950);
    });

    it('retries a 503 and then answers', async () => {
      musicBrainz.setMode('unavailable', { times: 1, retryAfterSeconds: 1 });
      const response = await server.fetch('/api/search/suggestions', json({ query: 'Velvet Harbor' }));
      expect(response.status).toBe(200);
      expect((await response.json()).suggestions[0].mbid).toBe(VELVET_HARBOR);
    });

    it('answers 503 UNAVAILABLE when MusicBrainz keeps failing, after retrying', async () => {
      musicBrainz.requests.length = 0;
      musicBrainz.setMode('unavailable', { retryAfterSeconds: 0 });
      const response = await server.fetch('/api/search/suggestions', json({ query: 'Velvet Harbor' }));
      expect(response.status).toBe(503);
      expect((await response.json()).error.code).toBe('UNAVAILABLE');
      expect(musicBrainz.requests).toHaveLength(3);
    });

    it('records every call with provider, operation, status and latency', async () => {
      const rows = await rowsOf<{ operation: string; status: number | null; latency_ms: number; error: string | null }>(
        server.database.db,
        sql`select provider, operation, status, latency_ms, error from provider_calls where provider = 'musicbrainz'`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(8);
      expect(rows.every((row) => row.operation === 'artist-search' && row.latency_ms >= 0)).toBe(true);
      expect(rows.filter((row) => row.status === 503 && row.error?.includes('busy'))).not.toHaveLength(0);
      expect(rows.filter((row) => row.status === 200 && row.error === null)).not.toHaveLength(0);
    });
  });

  describe('tour-date sync', () => {
    it('adds artist, tours, venues and stops, which the tour page then shows', async () => {
      const response = await server.fetch(
        '/api/search/sync',
        json({ artistName: 'Northern Lanterns', mbid: NORTHERN_LANTERNS }),
      );
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({
        success: true,
        stopsAdded: 4,
        stopsFound: 4,
        artistName: 'Northern Lanterns',
        artistSlug: 'northern-lanterns',
        tours: [{ artist_slug: 'northern-lanterns', name: 'Northern Lanterns Live' }],
      });
      expect(body.tourId).toEqual(expect.any(String));
      expect(jamBase.requests.at(-1)?.query.get('artistId')).toBe(`musicbrainz:${NORTHERN_LANTERNS}`);
      expect(jamBase.requests.at(-1)?.headers.authorization).toBe(`Bearer ${FAKE_JAMBASE_KEY}`);

      const page = await (await server.fetch(`/api/artists/northern-lanterns?today=${today}`)).json();
      expect(page.artist).toMatchObject({ name: 'Northern Lanterns', mbid: NORTHERN_LANTERNS });
      const stops = page.tours[0].stops;
      expect(stops.map((stop: { city: string }) => stop.city)).toEqual([
        'London',
        'Manchester',
        'Boston',
        'San Francisco',
      ]);
      expect(stops[0]).toMatchObject({
        date: isoDaysFromToday(20),
        time: '19:30',
        venueName: 'The Roundhouse',
        country: 'GB',
        ticketUrl: 'https://tickets.example/nl-london',
      });
      expect(stops[2]).toMatchObject({ region: 'MA', country: 'US' });

      const venue = await rowsOf(
        server.database.db,
        sql`select address, lat, lon, time_zone from venues where name = 'The Roundhouse'`,
      );
      expect(venue[0]).toEqual({
        address: 'Chalk Farm Rd',
        lat: 51.5432,
        lon: -0.1519,
        time_zone: 'Europe/London',
      });
      const sources = await count(
        server,
        sql`select count(*) as n from tour_stops where source = 'jambase' and external_id like 'jambase:120000%/jambase:5550001'`,
      );
      expect(sources).toBe(4);
    });

    it('adds nothing when the same artist is synced again', async () => {
      const before = await count(server, sql`select count(*) as n from tour_stops`);
      const body = await (
        await server.fetch('/api/search/sync', json({ artistName: 'Northern Lanterns', mbid: NORTHERN_LANTERNS }))
      ).json();
      expect(body).toMatchObject({ stopsAdded: 0, stopsFound: 4, artistSlug: 'northern-lanterns' });
      expect(await count(server, sql`select count(*) as n from tour_stops`)).toBe(before);
      expect(await count(server, sql`select count(*) as n from tours where name = 'Northern Lanterns Live'`)).toBe(1);
    });

    it('by name keeps only the artist’s own shows, and a later sync by MBID recognises them', async () => {
      const byName = await (await server.fetch('/api/search/sync', json({ artistName: 'velvet harbor' }))).json();
      // Upcoming, not cancelled, not the tribute band's: two Tidewater Tour shows and the shared bill.
      expect(byName).toMatchObject({ stopsAdded: 3, artistName: 'Velvet Harbor', artistSlug: 'velvet-harbor' });
      expect(byName.tours.map((tour: { name: string }) => tour.name).sort()).toEqual([
        'Tidewater Tour',
        'Velvet Harbor Live',
      ]);

      const byMbid = await (
        await server.fetch('/api/search/sync', json({ artistName: 'Velvet Harbor', mbid: VELVET_HARBOR }))
      ).json();
      expect(byMbid).toMatchObject({ stopsAdded: 0, stopsFound: 3, artistSlug: 'velvet-harbor' });
      const shared = await count(
        server,
        sql`select count(*) as n from tour_stops where external_id like 'jambase:12000030/%'`,
      );
      expect(shared).toBe(2);
    });

    it('creates the artist with no tours when there are no upcoming dates', async () => {
      const response = await server.fetch(
        '/api/search/sync',
        json({ artistName: 'Northern Lantern Society', mbid: NORTHERN_LANTERN_SOCIETY }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        success: true,
        stopsAdded: 0,
        stopsFound: 0,
        artistSlug: 'northern-lantern-society',
        tourId: null,
        tours: [],
      });
      const page = await server.fetch(`/api/artists/northern-lantern-society?today=${today}`);
      expect(page.status).toBe(200);
      expect((await page.json()).tours).toEqual([]);
    });

    it('keeps typed text that nobody performs under out of the catalog', async () => {
      const response = await server.fetch('/api/search/sync', json({ artistName: 'Nobody Plays Here' }));
      expect(await response.json()).toMatchObject({ success: true, stopsAdded: 0, stopsFound: 0, tours: [] });
      expect(await count(server, sql`select count(*) as n from artists where name ilike 'nobody%'`)).toBe(0);
    });

    it('retries JamBase once it is busy, then answers 503 and writes nothing', async () => {
      jamBase.requests.length = 0;
      jamBase.setMode('unavailable', { retryAfterSeconds: 0 });
      const response = await server.fetch(
        '/api/search/sync',
        json({ artistName: 'Harbor Tribute', mbid: HARBOR_TRIBUTE }),
      );
      expect(response.status).toBe(503);
      expect((await response.json()).error.code).toBe('UNAVAILABLE');
      expect(jamBase.requests).toHaveLength(3);
      expect(await count(server, sql`select count(*) as n from artists where mbid = ${HARBOR_TRIBUTE}`)).toBe(0);
    });

    it.each(['malformed', 'not-json'] as const)('writes nothing when the answer is %s', async (mode) => {
      jamBase.setMode(mode);
      const artistsBefore = await count(server, sql`select count(*) as n from artists`);
      const response = await server.fetch(
        '/api/search/sync',
        json({ artistName: 'Harbor Tribute', mbid: HARBOR_TRIBUTE }),
      );
      expect(response.status).toBe(503);
      expect(await count(server, sql`select count(*) as n from artists`)).toBe(artistsBefore);
      const recorded = await rowsOf<{ error: string }>(
        server.database.db,
        sql`select error from provider_calls where provider = 'jambase' order by created_at desc limit 1`,
      );
      expect(recorded[0]?.error).toMatch(mode === 'malformed' ? /unexpected answer shape/ : /not JSON/);
    });

    it('gives up on a slow answer after the timeout', async () => {
      jamBase.setMode('slow', { delayMs: 3000, times: 1 });
      const started = Date.now();
      const response = await server.fetch(
        '/api/search/sync',
        json({ artistName: 'Harbor Tribute', mbid: HARBOR_TRIBUTE }),
      );
      expect(response.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(2500);
      const recorded = await rowsOf<{ status: number | null; error: string }>(
        server.database.db,
        sql`select status, error from provider_calls where provider = 'jambase' order by created_at desc limit 1`,
      );
      expect(recorded[0]).toEqual({ status: null, error: expect.stringMatching(/no answer within 1000 ms/) });
    });
  });
});

describe('band search API without a usable JamBase key', () => {
  let jamBase: FakeJamBase;
  let noKey: TestServer;
  let wrongKey: TestServer;

  beforeAll(async () => {
    jamBase = await startFakeJamBase();
    noKey = await startTestServer({ JAMBASE_URL: jamBase.url });
    wrongKey = await startTestServer({ JAMBASE_URL: jamBase.url, JAMBASE_API_KEY: 'not-the-key' });
  });
  afterAll(async () => {
    await Promise.all([noKey?.close(), wrongKey?.close()]);
    await jamBase?.close();
  });

  it('says that no tour-date source is configured', async () => {
    const response = await noKey.fetch('/api/search/sync', json({ artistName: 'Northern Lanterns' }));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { code: 'UNAVAILABLE', message: NO_TOUR_SOURCE_MESSAGE } });
    expect(jamBase.requests).toHaveLength(0);
  });

  it('reports a refused key without retrying', async () => {
    const response = await wrongKey.fetch('/api/search/sync', json({ artistName: 'Northern Lanterns' }));
    expect(response.status).toBe(503);
    expect((await response.json()).error.message).toMatch(/refused our API key/);
    expect(jamBase.requests).toHaveLength(1);
  });

  it('limits syncs per IP address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await noKey.fetch('/api/search/sync', json({ artistName: 'Northern Lanterns' }))).status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    const limited = await noKey.fetch('/api/search/sync', json({ artistName: 'Northern Lanterns' }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
