import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from '#server/auth/auth.test-support.ts';
import { createLogger } from '#server/lib/logger.ts';
import type { GuidePage, VenueGuideParts } from '#shared/guides.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import type { FakeServer } from '#tests/fakes/fake-server.ts';
import { startFakeOpenMeteo, startFakeOverpass, startFakeWikivoyage } from '#tests/fakes/guide-fakes.ts';
import { databaseAvailable } from '#tests/setup/test-server.ts';
import { planGuideParts } from './guides.jobs.ts';
import { buildPart } from './guides.parts.ts';

function daysFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const SOON = daysFromToday(5);
const LATER = daysFromToday(60);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs)
      throw new Error(`timed out waiting; last: ${JSON.stringify(value).slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe.runIf(databaseAvailable())('local guides API', () => {
  let server: AuthTestServer;
  let overpass: FakeServer;
  let wikivoyage: FakeServer;
  let openMeteo: FakeServer;
  const stopSlugs = new Map<string, string>();
  let anthemSlug = '';

  const guide = async (artist: string, stop: string, browser?: TestBrowser) => {
    const path = `/api/guides/${artist}/${stop}`;
    const response = browser ? await browser.request(path) : await server.fetch(path);
    expect(response.status).toBe(200);
    return (await response.json()) as GuidePage;
  };
  const builtGuide = (artist: string, stop: string, browser?: TestBrowser) =>
    until(
      () => guide(artist, stop, browser),
      (page) => !page.building,
    );
  const partDeps = () => ({ ...server.background, logger: createLogger('silent') });

  beforeAll(async () => {
    overpass = await startFakeOverpass();
    wikivoyage = await startFakeWikivoyage();
    openMeteo = await startFakeOpenMeteo();
    server = await startAuthTestServer({
      OVERPASS_URL: overpass.url,
      WIKIVOYAGE_URL: wikivoyage.url,
      OPEN_METEO_URL: openMeteo.url,
      OPEN_METEO_ARCHIVE_URL: openMeteo.url,
      OVERPASS_INTERVAL_MS: '0',
      WIKIVOYAGE_INTERVAL_MS: '0',
      OPEN_METEO_INTERVAL_MS: '0',
      PROVIDER_TIMEOUT_MS: '1500',
    });
    const anthem = {
      venue: 'The Anthem',
      city: 'Washington',
      region: 'DC',
      country: 'US',
      lat: 38.8799,
      lon: -77.0253,
    };
    await seedCatalog(server.database, [
      {
        name: 'Northern Lanterns',
        tours: [
          {
            name: 'Harbour Lights',
            stops: [
              {
                date: daysFromToday(2),
                venue: 'Paradise',
                city: 'Boston',
                region: 'MA',
                country: 'US',
                lat: 42.3519,
                lon: -71.1196,
              },
              { date: SOON, time: '20:00', ...anthem },
              { date: LATER, ...anthem },
              {
                date: daysFromToday(70),
                venue: 'Hall of Atlantis',
                city: 'Atlantis',
                country: 'GR',
                lat: 36.4,
                lon: 25.4,
              },
            ],
          },
        ],
      },
      {
        name: 'Amber Skies',
        tours: [
          {
            name: 'Dawn',
            stops: [
              {
                date: daysFromToday(6),
                venue: 'Echo Club',
                city: 'Washington',
                region: 'DC',
                country: 'US',
                lat: 38.9,
                lon: -77.03,
              },
            ],
          },
        ],
      },
    ]);
    const { rows } = await server.database.query<{ slug: string; date: string; venue: string }>(
      `select s.slug, to_char(s.event_date, 'YYYY-MM-DD') as date, v.slug as venue from tour_stops s join venues v on v.id = s.venue_id`,
    );
    for (const row of rows) stopSlugs.set(row.date, row.slug);
    anthemSlug = rows.find((row) => row.date === SOON)!.venue;
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([overpass?.close(), wikivoyage?.close(), openMeteo?.close()]);
  });
  beforeEach(() => {
    overpass.setMode('normal');
    wikivoyage.setMode('normal');
    openMeteo.setMode('normal');
  });

  it('builds a guide on demand from its parts: places around the venue, the city, the forecast, the night', async () => {
    const first = await guide('northern-lanterns', stopSlugs.get(SOON)!);
    expect(first.stop).toMatchObject({ venueName: 'The Anthem', city: 'Washington', time: '20:00', date: SOON });
    const page = await builtGuide('northern-lanterns', stopSlugs.get(SOON)!);
    expect(page.around.status).toBe('ready');
    const places = page.around.data!.places;
    expect(places.map((place) => place.category)).toEqual(
      expect.arrayContaining(['food', 'sleep', 'transit', 'parking']),
    );
    const stations = places.filter((place) => place.name === 'Central Station');
    expect(stations).toHaveLength(1);
    expect(places.some((place) => place.name === '')).toBe(false);
    const food = places.find((place) => place.category === 'food')!;
    expect(food.distanceM).toBeGreaterThan(100);
    expect(food.distanceM).toBeLessThan(140);
    expect(food.walkMinutes).toBe(Math.round((food.distanceM * 1.25) / 80));
    expect(food.wheelchair).toBe('yes');
    expect(food.openingHours).toBe('Mo-Su 11:00-23:00');
    expect(page.city.status).toBe('ready');
    expect(page.city.data!.title).toBe('Washington');
    expect(page.city.data!.sections.map((section) => section.heading)).toEqual([
      'Get in',
      'Get around',
      'Eat',
      'Drink',
      'Stay safe',
    ]);
    expect(page.city.data!.sections.find((s) => s.heading === 'Eat')!.text.length).toBeLessThanOrEqual(500);
    expect(page.city.data!.url).toMatch(/^https:\/\/en\.wikivoyage\.org\/wiki\/Washington\?oldid=\d+$/);
    expect(page.weather.status).toBe('ready');
    expect(page.weather.data).toMatchObject({ date: SOON });
    expect(page.weather.data!.maxC).toEqual(expect.any(Number));
    expect(page.weather.typical.status).toBe('none');
    expect(page.night.sunset).toMatch(/^\d\d:\d\d$/);
    expect(page.night.story).toContain('Northern Lanterns plays The Anthem');
    expect(page.fromPrevious).toMatchObject({ label: 'From the previous stop, Boston' });
    expect(page.fromPrevious!.km).toBeGreaterThan(500);
    expect(page.nearbyShows).toEqual([
      expect.objectContaining({ artistName: 'Amber Skies', venueName: 'Echo Club', followed: false }),
    ]);
    // Every provider was called with an identifying User-Agent.
    for (const fake of [overpass, wikivoyage, openMeteo]) {
      expect(
        fake.requests.every((request) => /^TourGuides\/0\.1 \( http/.test(String(request.headers['user-agent']))),
      ).toBe(true);
    }
  });

  it('shares venue and city parts between stops: a second show at the venue costs no new look-up', async () => {
    await builtGuide('northern-lanterns', stopSlugs.get(SOON)!);
    const overpassBefore = overpass.requests.length;
    const wikivoyageBefore = wikivoyage.requests.length;
    const page = await builtGuide('northern-lanterns', stopSlugs.get(LATER)!);
    expect(overpass.requests.length).toBe(overpassBefore);
    expect(wikivoyage.requests.length).toBe(wikivoyageBefore);
    // Beyond the forecast horizon: typical weather from past years (one archive call, five years).
    expect(page.weather.status).toBe('none');
    expect(page.weather.typical.status).toBe('ready');
    expect(page.weather.typical.data).toMatchObject({ years: 5 });
    const archive = openMeteo.requests.find((request) => request.path === '/v1/archive')!;
    expect(archive.query.get('start_date')!.split(',')).toHaveLength(5);
  });

  it('a city without a Wikivoyage article is left out with its own status, the rest still shows', async () => {
    const page = await builtGuide('northern-lanterns', stopSlugs.get(daysFromToday(70))!);
    expect(page.city).toMatchObject({ status: 'none', data: null });
    expect(page.around.status).toBe('ready');
  });

  it('a provider that fails keeps the last good copy with its age; one that never answered is left out, then retried', async () => {
    const venueId = (await server.database.query<{ id: string }>(`select id from venues where slug = $1`, [anthemSlug]))
      .rows[0]!.id;
    await builtGuide('northern-lanterns', stopSlugs.get(SOON)!);
    // A refresh hits Overpass's 429: the places stay, marked stale.
    await server.fetch('/'); // keep-alive
    await fetch(`${overpass.url.replace('/api/interpreter', '')}/__fake/status`, {
      method: 'POST',
      body: JSON.stringify({ status: 429, times: 1 }),
    });
    const failed = await buildPart(partDeps(), 'around', venueId, { force: true });
    expect(failed).toEqual({ outcome: 'failed', failures: 1 });
    const stale = await guide('northern-lanterns', stopSlugs.get(SOON)!);
    expect(stale.around.status).toBe('stale');
    expect(stale.around.data!.places.length).toBeGreaterThan(5);
    expect(stale.around.fetchedAt).toEqual(expect.any(String));
    const row = (
      await server.database.query<{ retry_at: Date; last_error: string }>(
        `select retry_at, last_error from guide_parts where kind = 'around' and key = $1`,
        [venueId],
      )
    ).rows[0]!;
    expect(row.last_error).toMatch(/HTTP 429/);
    expect(new Date(row.retry_at).getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Within the backoff, a job does not call again.
    const calls = overpass.requests.length;
    expect(await buildPart(partDeps(), 'around', venueId)).toEqual({ outcome: 'waiting' });
    expect(overpass.requests.length).toBe(calls);
    // A good answer clears the error.
    expect((await buildPart(partDeps(), 'around', venueId, { force: true })).outcome).toBe('built');
    expect((await guide('northern-lanterns', stopSlugs.get(SOON)!)).around.status).toBe('ready');
  });

  it('garbage, a partial Overpass answer, slow answers and outages never break the page', async () => {
    const boston = stopSlugs.get(daysFromToday(2))!;
    const venueId = (
      await server.database.query<{ id: string }>(`select venue_id as id from tour_stops where slug = $1`, [boston])
    ).rows[0]!.id;
    overpass.setMode('malformed', { times: 1 });
    expect((await buildPart(partDeps(), 'around', venueId, { force: true })).outcome).toBe('failed');
    let page = await guide('northern-lanterns', boston);
    expect(page.around).toMatchObject({ status: 'unavailable', data: null });
    await server.database.query(`update guide_parts set retry_at = now() - interval '1 second' where key = $1`, [
      venueId,
    ]);
    await fetch(`${overpass.url.replace('/api/interpreter', '')}/__fake/status`, {
      method: 'POST',
      body: JSON.stringify({ status: 200, times: 1 }),
    });
    const partial = await buildPart(partDeps(), 'around', venueId);
    expect(partial.outcome).toBe('failed');
    expect(
      (
        await server.database.query<{ last_error: string }>(`select last_error from guide_parts where key = $1`, [
          venueId,
        ])
      ).rows[0]!.last_error,
    ).toMatch(/partial answer/);
    await server.database.query(`update guide_parts set retry_at = now() - interval '1 second' where key = $1`, [
      venueId,
    ]);
    overpass.setMode('slow', { delayMs: 2_500, times: 1 });
    const started = Date.now();
    expect((await buildPart(partDeps(), 'around', venueId)).outcome).toBe('failed');
    expect(Date.now() - started).toBeLessThan(2_400);
    openMeteo.setMode('not-json', { times: 4 });
    wikivoyage.setMode('unavailable', { times: 4 });
    page = await guide('northern-lanterns', boston);
    expect(page.stop.city).toBe('Boston');
    expect(page.around.status).toBe('unavailable');
    // The backoff over, the next visit queues the part again and it arrives.
    await server.database.query(`update guide_parts set retry_at = now() - interval '1 second' where key = $1`, [
      venueId,
    ]);
    page = await until(
      () => guide('northern-lanterns', boston),
      (value) => value.around.status === 'ready',
      20_000,
    );
    expect(page.around.data!.places.length).toBeGreaterThan(0);
  });

  it('plans the parts of upcoming stops once: a run after a restart repeats no finished work', async () => {
    const sent: { name: string; key: string; delay?: number }[] = [];
    const queue = {
      send: async (type: { name: string }, payload: unknown, options?: { startAfterSeconds?: number }) => {
        sent.push({ name: type.name, key: (payload as { key: string }).key, delay: options?.startAfterSeconds });
        return 'id';
      },
    };
    await server.database.query(`delete from guide_parts`);
    const first = await planGuideParts(
      {
        database: server.database,
        env: { ...server.background.env, OVERPASS_INTERVAL_MS: 10_000 },
        queue: queue as never,
      },
      null,
    );
    expect(first.around).toBe(4);
    expect(first.cities).toBe(3);
    // Spread at Overpass's pace: 10 s apart.
    expect(sent.filter((job) => job.name === 'guide-around').map((job) => job.delay ?? 0)).toEqual([0, 10, 20, 30]);
    // Two venues built, then the server "restarts": only the rest is planned again.
    const aroundKeys = sent.filter((job) => job.name === 'guide-around').map((job) => job.key);
    for (const key of aroundKeys.slice(0, 2)) await buildPart(partDeps(), 'around', key);
    sent.length = 0;
    const second = await planGuideParts(
      { database: server.database, env: server.background.env, queue: queue as never },
      null,
    );
    expect(second.around).toBe(2);
    expect(sent.filter((job) => job.name === 'guide-around').map((job) => job.key)).toEqual(aroundKeys.slice(2));
    const calls = overpass.requests.length;
    expect(await buildPart(partDeps(), 'around', aroundKeys[0]!)).toEqual({ outcome: 'fresh' });
    expect(overpass.requests.length).toBe(calls);
  });

  it('tells a waiting page over its stream when a part is ready', async () => {
    await server.database.query(`delete from guide_parts where kind = 'city'`);
    const controller = new AbortController();
    const response = await server.fetch(`/api/guides/northern-lanterns/${stopSlugs.get(SOON)}/events`, {
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = response.body!.getReader();
    let text = '';
    const read = (async () => {
      while (!text.includes('guide-updated')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    })();
    await until(
      async () => text,
      (value) => value.includes('event: ready'),
    );
    await guide('northern-lanterns', stopSlugs.get(SOON)!); // queues the missing city part
    await Promise.race([read, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    controller.abort();
    expect(text).toContain('event: guide-updated');
  });

  it("gives the distance from a signed-in fan's home, and the venue page its venue-level parts", async () => {
    const browser = new TestBrowser(server);
    await signUp(browser, uniqueEmail(), 'correct horse battery staple');
    await server.database.query(`update users set home_city = 'Baltimore', home_lat = 39.29, home_lon = -76.61`);
    const page = await builtGuide('northern-lanterns', stopSlugs.get(SOON)!, browser);
    expect(page.fromHome).toMatchObject({ label: 'From Baltimore' });
    expect(page.fromHome!.km).toBeGreaterThan(50);
    expect(page.fromHome!.km).toBeLessThan(60);
    const anonymous = await guide('northern-lanterns', stopSlugs.get(SOON)!);
    expect(anonymous.fromHome).toBeNull();
    const venue = (await (await server.fetch(`/api/guides/venues/${anthemSlug}/parts`)).json()) as VenueGuideParts;
    expect(venue.around.status).toBe('ready');
    expect(venue.city.data?.title).toBe('Washington');
  });

  it('answers 404 for an unknown stop or a slug that cannot exist', async () => {
    expect((await server.fetch('/api/guides/northern-lanterns/no-such-stop')).status).toBe(404);
    expect((await server.fetch('/api/guides/Bad%20Slug/x')).status).toBe(404);
    expect((await server.fetch('/api/guides/venues/nowhere/parts')).status).toBe(404);
  });
});
