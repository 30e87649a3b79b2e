import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from '#server/auth/auth.test-support.ts';
import { createLogger } from '#server/lib/logger.ts';
import { MAX_PUBLIC_STREAMS_PER_CLIENT } from '#shared/events.ts';
import type { GoingGuidesResponse, GuidePage, VenueGuideParts } from '#shared/guides.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import type { FakeServer } from '#tests/fakes/fake-server.ts';
import {
  startFakeNominatim,
  startFakeOpenMeteo,
  startFakeOverpass,
  startFakeWikidata,
  startFakeWikivoyage,
} from '#tests/fakes/guide-fakes.ts';
import { buildPart } from './guides.parts.ts';
import { readPlanMark } from './guides.repo.ts';
import { planGuideParts } from './guides.workers.ts';

function daysFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const SOON = daysFromToday(5);
const LATER = daysFromToday(60);
const anthem = {
  venue: 'The Anthem',
  city: 'Washington',
  region: 'DC',
  country: 'US',
  lat: 38.8799,
  lon: -77.0253,
};

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

describe('local guides API', () => {
  let server: AuthTestServer;
  let overpass: FakeServer;
  let wikivoyage: FakeServer;
  let openMeteo: FakeServer;
  let wikidata: FakeServer;
  let nominatim: FakeServer;
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
    wikidata = await startFakeWikidata();
    nominatim = await startFakeNominatim();
    server = await startAuthTestServer(
      {
        WIKIDATA_URL: wikidata.url,
        WIKIDATA_INTERVAL_MS: '0',
        NOMINATIM_URL: nominatim.url,
        NOMINATIM_INTERVAL_MS: '0',
        OVERPASS_URL: overpass.url,
        WIKIVOYAGE_URL: wikivoyage.url,
        OPEN_METEO_URL: openMeteo.url,
        OPEN_METEO_ARCHIVE_URL: openMeteo.url,
        OVERPASS_INTERVAL_MS: '0',
        WIKIVOYAGE_INTERVAL_MS: '0',
        OPEN_METEO_INTERVAL_MS: '0',
        PROVIDER_TIMEOUT_MS: '1500',
      },
      { jobs: true },
    );
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
    await Promise.all([
      overpass?.close(),
      wikivoyage?.close(),
      openMeteo?.close(),
      wikidata?.close(),
      nominatim?.close(),
    ]);
  });
  beforeEach(() => {
    overpass.setMode('normal');
    wikivoyage.setMode('normal');
    openMeteo.setMode('normal');
    wikidata.setMode('normal');
    nominatim.setMode('normal');
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
    for (const fake of [overpass, wikivoyage, openMeteo, wikidata]) {
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
    await server.database.query(
      `update guide_parts set retry_at = now() - interval '1 second' where kind = 'around' and key = $1`,
      [venueId],
    );
    await fetch(`${overpass.url.replace('/api/interpreter', '')}/__fake/status`, {
      method: 'POST',
      body: JSON.stringify({ status: 200, times: 1 }),
    });
    const partial = await buildPart(partDeps(), 'around', venueId);
    expect(partial.outcome).toBe('failed');
    expect(
      (
        await server.database.query<{ last_error: string }>(
          `select last_error from guide_parts where kind = 'around' and key = $1`,
          [venueId],
        )
      ).rows[0]!.last_error,
    ).toMatch(/partial answer/);
    await server.database.query(
      `update guide_parts set retry_at = now() - interval '1 second' where kind = 'around' and key = $1`,
      [venueId],
    );
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
    await server.database.query(
      `update guide_parts set retry_at = now() - interval '1 second' where kind = 'around' and key = $1`,
      [venueId],
    );
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

  it('caps the anonymous guide streams one client holds open, like the public event streams', async () => {
    const path = `/api/guides/northern-lanterns/${stopSlugs.get(SOON)}/events`;
    const controllers: AbortController[] = [];
    const open = async (ip: string) => {
      const controller = new AbortController();
      controllers.push(controller);
      return server.fetch(path, { signal: controller.signal, headers: { 'x-forwarded-for': ip } });
    };
    try {
      for (let i = 1; i <= MAX_PUBLIC_STREAMS_PER_CLIENT; i++) {
        expect((await open(`198.51.100.7`)).status).toBe(200);
      }
      const refused = await open('198.51.100.7');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await open('198.51.100.8')).status).toBe(200);
    } finally {
      for (const controller of controllers) controller.abort();
    }
    // Closed streams give their places back.
    const again = await until(
      async () => {
        const response = await open('198.51.100.7');
        return response.status;
      },
      (status) => status === 200,
    );
    expect(again).toBe(200);
    for (const controller of controllers) controller.abort();
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

  it('adds Wikidata facts about the venue only when the match is certain', async () => {
    const page = await builtGuide('northern-lanterns', stopSlugs.get(SOON)!);
    // The Anthem: one item of that name within a few hundred metres (its neighbour "Anthem Row" is not it).
    expect(page.venue.status).toBe('ready');
    expect(page.venue.data).toMatchObject({
      wikidataId: 'Q98710002',
      label: 'The Anthem',
      capacity: 6000,
      opened: '2017-10',
      officialUrl: 'https://theanthemdc.com/',
    });
    expect(page.venue.data!.url).toBe(`${wikidata.url}/wiki/Q98710002`);
    expect(page.venue.data!.photo!.url).toMatch(
      /^https:\/\/upload\.wikimedia\.org\/wikipedia\/commons\/thumb\/.+\/500px-The_Anthem_\(Washington%2C_D\.C\.\)_2018\.jpg$/,
    );
    expect(page.venue.data!.photo!.filePage).toMatch(/^https:\/\/commons\.wikimedia\.org\/wiki\/File:The_Anthem/);
    // Two "Echo Club" items side by side: not certain, so the guide keeps the catalog's facts only.
    const echo = await builtGuide('amber-skies', stopSlugs.get(daysFromToday(6))!);
    expect(echo.venue).toMatchObject({ status: 'none', data: null });
    // Only an unrelated item near Paradise: nothing.
    const boston = await builtGuide('northern-lanterns', stopSlugs.get(daysFromToday(2))!);
    expect(boston.venue.status).toBe('none');
    // One look-up per venue: the second show at The Anthem asks nothing more.
    const calls = wikidata.requests.length;
    await builtGuide('northern-lanterns', stopSlugs.get(LATER)!);
    expect(wikidata.requests.length).toBe(calls);
    // A refresh asks for the known item directly (no search around the point).
    const venueId = (await server.database.query<{ id: string }>(`select id from venues where slug = $1`, [anthemSlug]))
      .rows[0]!.id;
    expect((await buildPart(partDeps(), 'venue', venueId, { force: true })).outcome).toBe('built');
    const refresh = wikidata.requests.slice(calls);
    expect(refresh.map((request) => request.query.get('action'))).toEqual(['wbgetentities']);
    expect(refresh[0]!.query.get('ids')).toBe('Q98710002');
    // Wikidata lagging (maxlag, HTTP 200) keeps the last good copy, marked stale.
    await fetch(`${wikidata.url}/__fake/status`, { method: 'POST', body: JSON.stringify({ status: 200, times: 2 }) });
    expect((await buildPart(partDeps(), 'venue', venueId, { force: true })).outcome).toBe('failed');
    const stale = await guide('northern-lanterns', stopSlugs.get(SOON)!);
    expect(stale.venue.status).toBe('stale');
    expect(stale.venue.data!.capacity).toBe(6000);
    // The venue page has the facts too.
    const parts = (await (await server.fetch(`/api/guides/venues/${anthemSlug}/parts`)).json()) as VenueGuideParts;
    expect(parts.venue.data?.wikidataId).toBe('Q98710002');
  });

  it('finds a point for a venue without coordinates once (Nominatim), and leaves an ambiguous one alone', async () => {
    await seedCatalog(server.database, [
      {
        name: 'Quiet Harbour',
        tours: [
          {
            name: 'Unmapped',
            stops: [
              { date: daysFromToday(9), venue: 'Harbour Hall', city: 'Portland', region: 'OR', country: 'US' },
              { date: daysFromToday(11), venue: 'Grand Theatre', city: 'Springfield', region: 'IL', country: 'US' },
            ],
          },
        ],
      },
    ]);
    const slugOf = async (venue: string) =>
      (
        await server.database.query<{ slug: string }>(
          `select s.slug from tour_stops s join venues v on v.id = s.venue_id where v.name = $1`,
          [venue],
        )
      ).rows[0]!.slug;
    const harbour = await slugOf('Harbour Hall');
    const first = await guide('quiet-harbour', harbour);
    expect(first.location?.status).toBe('pending');
    expect(first.building).toBe(true);
    expect(first.around.status).toBe('none');
    const found = await until(
      () => guide('quiet-harbour', harbour),
      (page) => page.location === null && page.around.status === 'ready' && !page.building,
      20_000,
    );
    expect(found.stop).toMatchObject({ lat: 45.5231, lon: -122.6765, timeZone: 'America/Los_Angeles' });
    expect(found.around.data!.places.length).toBeGreaterThan(0);
    const search = nominatim.requests.find((request) => request.query.get('q')?.startsWith('Harbour Hall'))!;
    expect(search.query.get('format')).toBe('jsonv2');
    expect(search.query.get('countrycodes')).toBe('us');
    expect(String(search.headers['user-agent'])).toMatch(/^TourGuides\/0\.1 \( http/);

    // Two theatres of that name in town: ambiguous, the venue keeps no point and the guide says so.
    const grand = await slugOf('Grand Theatre');
    const ambiguous = await until(
      () => guide('quiet-harbour', grand),
      (page) => page.location?.status === 'none' && !page.building,
    );
    expect(ambiguous.stop.lat).toBeNull();
    expect(ambiguous.around.status).toBe('none');
    expect(ambiguous.weather.status).toBe('none');
    expect(ambiguous.city.status).toBe('ready');
    // Asked once: another visit asks Nominatim nothing more.
    const calls = nominatim.requests.length;
    await guide('quiet-harbour', grand);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(nominatim.requests.length).toBe(calls);
  });

  it('a start-up plan looks only at stops changed since the last complete plan; a cut-short plan keeps the mark', async () => {
    const sent: { name: string; key: string }[] = [];
    const queue = {
      send: async (type: { name: string }, payload: unknown) => {
        sent.push({ name: type.name, key: (payload as { key: string }).key });
        return 'id';
      },
    };
    const deps = { database: server.database, env: server.background.env, queue: queue as never };
    await server.database.query(`delete from guide_plan_marks`);
    await server.database.query(`delete from guide_parts where kind in ('around', 'venue')`);
    // Cut short (a batch smaller than the work): the mark does not move.
    const cut = await planGuideParts(deps, null, { changedOnly: true, batch: 2 });
    expect(cut.around).toBe(2);
    expect(await readPlanMark(server.database, 'all')).toBeNull();
    // A complete whole-catalog plan sets it.
    const full = await planGuideParts(deps, null, { changedOnly: true });
    expect(full.since).toBeNull();
    expect(full.around).toBeGreaterThanOrEqual(4);
    const mark = await readPlanMark(server.database, 'all');
    expect(mark).toBeInstanceOf(Date);
    // A restart with nothing changed: no venue is looked at again (their jobs are still queued in pg-boss).
    sent.length = 0;
    const restart = await planGuideParts(deps, null, { changedOnly: true });
    expect(restart.since).toBe(mark!.toISOString());
    expect(restart).toMatchObject({ around: 0, venues: 0, cities: 0, geocodes: 0 });
    expect(sent.filter((job) => job.name !== 'guide-weather')).toEqual([]);
    // A stop added since: only its venue and city are planned.
    await seedCatalog(server.database, [
      {
        name: 'Late Addition',
        tours: [
          {
            name: 'Encore',
            stops: [
              { date: daysFromToday(40), venue: 'New Hall', city: 'Ghent', country: 'BE', lat: 51.05, lon: 3.72 },
            ],
          },
        ],
      },
    ]);
    const newVenue = (await server.database.query<{ id: string }>(`select id from venues where name = 'New Hall'`))
      .rows[0]!.id;
    sent.length = 0;
    const changed = await planGuideParts(deps, null, { changedOnly: true });
    expect(changed).toMatchObject({ around: 1, venues: 1, cities: 1 });
    expect(sent.filter((job) => job.name === 'guide-around').map((job) => job.key)).toEqual([newVenue]);
    expect(sent.filter((job) => job.name === 'guide-city').map((job) => job.key)).toEqual(['ghent|be']);
    // The scheduled whole-catalog plan still sees everything that is missing.
    const sweep = await planGuideParts(deps, null);
    expect(sweep.around).toBeGreaterThanOrEqual(5);
  });

  it("lists a fan's Going shows for offline guides, and never another fan's", async () => {
    const alice = new TestBrowser(server);
    await signUp(alice, uniqueEmail(), 'correct horse battery staple');
    const bob = new TestBrowser(server);
    await signUp(bob, uniqueEmail(), 'correct horse battery staple');
    const stopId = (
      await server.database.query<{ id: string }>(`select id from tour_stops where slug = $1`, [stopSlugs.get(SOON)])
    ).rows[0]!.id;
    const put = await alice.request(`/api/shows/stops/${stopId}`, {
      method: 'PUT',
      json: { state: 'going', today: new Date().toISOString().slice(0, 10) },
    });
    expect(put.status, await put.clone().text()).toBeLessThan(300);
    // A second act that night at the same venue: on the bill, whose setlists are kept too.
    await seedCatalog(server.database, [
      { name: 'Paper Kites', tours: [{ name: 'Support', stops: [{ date: SOON, time: '19:00', ...anthem }] }] },
    ]);
    const support = (
      await server.database.query<{ id: string }>(
        `select s.id from tour_stops s join artists a on a.id = s.artist_id where a.slug = 'paper-kites'`,
      )
    ).rows[0]!.id;
    try {
      const mine = (await (await alice.request('/api/guides/going')).json()) as GoingGuidesResponse;
      expect(mine.guides).toEqual([
        {
          stopId,
          artistSlug: 'northern-lanterns',
          stopSlug: stopSlugs.get(SOON),
          venueSlug: anthemSlug,
          date: SOON,
          bill: [
            { stopId: support, artistSlug: 'paper-kites' },
            { stopId, artistSlug: 'northern-lanterns' },
          ],
        },
      ]);
      const theirs = (await (await bob.request('/api/guides/going')).json()) as { guides: unknown[] };
      expect(theirs.guides).toEqual([]);
      expect((await server.fetch('/api/guides/going')).status).toBe(401);
      // The guide carries the fan's own state (what the page shows offline), nobody else's.
      expect((await guide('northern-lanterns', stopSlugs.get(SOON)!, alice)).myState).toMatchObject({
        stopId,
        state: 'going',
      });
      expect((await guide('northern-lanterns', stopSlugs.get(SOON)!, bob)).myState).toBeNull();
      expect((await guide('northern-lanterns', stopSlugs.get(SOON)!)).myState).toBeNull();
    } finally {
      await server.database.query(`delete from tour_stops where id = $1`, [support]);
    }
  });

  it('answers 404 for an unknown stop or a slug that cannot exist', async () => {
    expect((await server.fetch('/api/guides/northern-lanterns/no-such-stop')).status).toBe(404);
    expect((await server.fetch('/api/guides/Bad%20Slug/x')).status).toBe(404);
    expect((await server.fetch('/api/guides/venues/nowhere/parts')).status).toBe(404);
  });
});
