import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/sql.ts';
import { seedDemoCatalogIfEmpty } from '#server/features/catalog/catalog.seed.ts';
import { writeCatalogEntries } from '#server/features/catalog/catalog.service.ts';
import { tripSearchEntries } from '#server/features/trips/trips.search.ts';
import type { AppEvent } from '#server/lib/event-bus.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createJamBaseClient } from '#server/providers/jambase/jambase.client.ts';
import { localIsoDate } from '#shared/dates.ts';
import {
  FAKE_BANDSINTOWN_KEY,
  type FakeBandsintown,
  fakeBitEvents,
  startFakeBandsintown,
} from '#tests/fakes/bandsintown.ts';
import { isoDaysFromToday, NORTHERN_LANTERNS } from '#tests/fakes/dataset.ts';
import { FAKE_JAMBASE_KEY, type FakeJamBase, startFakeJamBase } from '#tests/fakes/jambase.ts';
import { type FakeMusicBrainz, startFakeMusicBrainz } from '#tests/fakes/musicbrainz.ts';
import { FAKE_TICKETMASTER_KEY, type FakeTicketmaster, startFakeTicketmaster } from '#tests/fakes/ticketmaster.ts';
import { startTestServer, type TestServer } from '#tests/setup/test-server.ts';
import { planDailyResync, type ResyncDeps, syncJobDefinitions } from './sync.jobs.ts';
import { syncPlanSummary } from './sync-planner.ts';

type Row = Record<string, unknown>;

async function rows<T = Row>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(server.database.db, query);
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

interface StopRow {
  id: string;
  venue: string;
  date: string;
  status: string;
  sources: string[];
}

/** Northern Lanterns' stops with the providers listing each (those still listing it). */
const stopsOf = (server: TestServer) =>
  rows<StopRow>(
    server,
    sql`select s.id, v.name as venue, s.event_date::text as date, s.status,
               coalesce((select json_agg(ss.provider order by ss.provider) from stop_sources ss
                         where ss.stop_id = s.id and ss.missing_since is null), '[]'::json) as sources
        from tour_stops s join venues v on v.id = s.venue_id join artists a on a.id = s.artist_id
        where a.mbid = ${NORTHERN_LANTERNS} order by s.event_date`,
  );

/** The three tour-date fakes and a server configured with all of them. */
async function startWithThreeSources() {
  const [jamBase, ticketmaster, bandsintown] = await Promise.all([
    startFakeJamBase(),
    startFakeTicketmaster(),
    startFakeBandsintown(),
  ]);
  const server = await startTestServer({
    JAMBASE_URL: jamBase.url,
    JAMBASE_API_KEY: FAKE_JAMBASE_KEY,
    TICKETMASTER_URL: ticketmaster.url,
    TICKETMASTER_API_KEY: FAKE_TICKETMASTER_KEY,
    BANDSINTOWN_URL: bandsintown.url,
    BANDSINTOWN_APP_ID: FAKE_BANDSINTOWN_KEY,
  });
  return { jamBase, ticketmaster, bandsintown, server };
}

describe('tour dates from JamBase, Ticketmaster and Bandsintown, merged', () => {
  let jamBase: FakeJamBase;
  let ticketmaster: FakeTicketmaster;
  let bandsintown: FakeBandsintown;
  let server: TestServer;
  let deps: ResyncDeps;
  const heard: AppEvent[] = [];

  beforeAll(async () => {
    ({ jamBase, ticketmaster, bandsintown, server } = await startWithThreeSources());
    const { providers } = server.background;
    deps = {
      database: server.database,
      logger: createLogger('silent'),
      events: { publish: async (event) => void heard.push(event) },
      catalogChanges: server.background.catalogChanges,
      jamBase: providers.jamBase,
      ticketmaster: providers.ticketmaster,
      bandsintown: providers.bandsintown,
    };
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([jamBase?.close(), ticketmaster?.close(), bandsintown?.close()]);
  });

  /** The daily re-sync job of Northern Lanterns, as the queue runs it (changes announced). */
  async function resync(): Promise<void> {
    const [artist] = await rows<{ id: string }>(server, sql`select id from artists where mbid = ${NORTHERN_LANTERNS}`);
    const [, job] = syncJobDefinitions(deps, {} as never);
    await job!.handler({ artistId: artist!.id } as never, { id: 'test' });
  }

  it('makes one stop per show from three sources that spell venues and times differently, each with its sources', async () => {
    const response = await server.fetch(
      '/api/search/sync',
      post({ artistName: 'Northern Lanterns', mbid: NORTHERN_LANTERNS }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ stopsAdded: 4, stopsFound: 4 });
    expect(
      (await stopsOf(server)).map(({ venue, date, status, sources }) => ({ venue, date, status, sources })),
    ).toEqual([
      {
        venue: 'Roundhouse',
        date: isoDaysFromToday(20),
        status: 'scheduled',
        sources: ['bandsintown', 'jambase', 'ticketmaster'],
      },
      { venue: 'Albert Hall', date: isoDaysFromToday(22), status: 'scheduled', sources: ['bandsintown', 'jambase'] },
      {
        venue: 'House of Blues Boston',
        date: isoDaysFromToday(40),
        status: 'scheduled',
        sources: ['jambase', 'ticketmaster'],
      },
      {
        venue: 'The Fillmore',
        date: isoDaysFromToday(50),
        status: 'scheduled',
        sources: ['bandsintown', 'jambase', 'ticketmaster'],
      },
    ]);
    // The co-bill is one stop whose sources name the whole bill.
    const [bill] = await rows<{ lineup: string[] }>(
      server,
      sql`select lineup from stop_sources where provider = 'ticketmaster' and external_id = 'G5vYZ9CB030'`,
    );
    expect(bill?.lineup).toEqual(['Velvet Harbor', 'Northern Lanterns']);
    // Ticketmaster's show time (doors) is kept: it is the seller's.
    const [london] = await rows<{ time: string }>(
      server,
      sql`select to_char(start_time, 'HH24:MI') as time from tour_stops where id = ${(await stopsOf(server))[0]!.id}`,
    );
    expect(london?.time).toBe('19:00');
  });

  it('a second sync of the same listings adds nothing and records nothing', async () => {
    const before = await stopsOf(server);
    await resync();
    expect(await stopsOf(server)).toEqual(before);
    expect(await rows(server, sql`select id from tour_stop_changes`)).toEqual([]);
    expect(heard).toEqual([]);
  });

  it('a show one source drops stays while another lists it; it is cancelled, and fans told, once none does', async () => {
    bandsintown.events.splice(
      bandsintown.events.findIndex((event) => event.id === '1037000102'),
      1,
    );
    await resync();
    const manchester = (await stopsOf(server)).find((stop) => stop.venue === 'Albert Hall')!;
    expect(manchester).toMatchObject({ status: 'scheduled', sources: ['jambase'] });
    expect(heard).toEqual([]);

    jamBase.events.splice(
      jamBase.events.findIndex((event) => event.id === 'jambase:12000002'),
      1,
    );
    await resync();
    expect((await stopsOf(server)).find((stop) => stop.id === manchester.id)).toMatchObject({ status: 'cancelled' });
    expect(heard).toEqual([
      expect.objectContaining({ type: 'tour-dates-changed', changes: { new: 0, moved: 0, cancelled: 1 } }),
    ]);
  });

  it('a source saying cancelled wins over one still listing the show', async () => {
    heard.length = 0;
    ticketmaster.events.find((event) => event.id === 'G5vYZ9NL003')!.status = 'canceled';
    await resync();
    const boston = (await stopsOf(server)).find((stop) => stop.venue === 'House of Blues Boston')!;
    expect(boston.status).toBe('cancelled');
    // JamBase still lists it: both stay its sources.
    expect(boston.sources).toEqual(['jambase', 'ticketmaster']);
    expect(heard).toEqual([expect.objectContaining({ changes: { new: 0, moved: 0, cancelled: 1 } })]);
    const [change] = await rows<{ kind: string; details: Row }>(
      server,
      sql`select kind, details from tour_stop_changes where stop_id = ${boston.id}`,
    );
    expect(change).toEqual({
      kind: 'cancelled',
      details: { date: isoDaysFromToday(40), venue: 'House of Blues Boston', city: 'Boston' },
    });
  });

  it('a move by one source wins over sources still listing the old date, which show as conflicts', async () => {
    heard.length = 0;
    const londonId = (await stopsOf(server)).find((stop) => stop.venue === 'Roundhouse')!.id;
    ticketmaster.events.find((event) => event.id === 'G5vYZ9NL001')!.daysFromToday = 23;
    await resync();
    const london = (await stopsOf(server)).find((stop) => stop.id === londonId)!;
    expect(london).toMatchObject({ date: isoDaysFromToday(23), status: 'scheduled' });
    expect(london.sources).toEqual(['bandsintown', 'jambase', 'ticketmaster']);
    expect(await stopsOf(server)).toHaveLength(4);
    expect(heard).toEqual([expect.objectContaining({ changes: { new: 0, moved: 1, cancelled: 0 } })]);
    const reported = await rows<{ provider: string; date: string }>(
      server,
      sql`select provider, reported_date::text as date from stop_sources where stop_id = ${londonId} order by provider`,
    );
    expect(reported).toEqual([
      { provider: 'bandsintown', date: isoDaysFromToday(20) },
      { provider: 'jambase', date: isoDaysFromToday(20) },
      { provider: 'ticketmaster', date: isoDaysFromToday(23) },
    ]);
  });
});

describe("a show a trip's area search wrote before the artist's first sync", () => {
  let jamBase: FakeJamBase;
  let ticketmaster: FakeTicketmaster;
  let bandsintown: FakeBandsintown;
  let server: TestServer;

  beforeAll(async () => {
    ({ jamBase, ticketmaster, bandsintown, server } = await startWithThreeSources());
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([jamBase?.close(), ticketmaster?.close(), bandsintown?.close()]);
  });

  it('stays one stop at its own venue, listed by every source, and is no news', async () => {
    // What the trip search writes: JamBase's listing alone ("The Roundhouse", 7:30 PM), its one source.
    const near = await server.background.providers.jamBase!.eventsNear({
      lat: 51.5432,
      lon: -0.1519,
      radiusKm: 30,
      from: isoDaysFromToday(19),
      to: isoDaysFromToday(21),
    });
    const lanterns = near.filter((event) => event.identifier === 'jambase:12000001');
    expect(lanterns).toHaveLength(1);
    await writeCatalogEntries(server.background, tripSearchEntries(lanterns));
    const [written] = await stopsOf(server);
    expect(written).toMatchObject({ venue: 'The Roundhouse', sources: ['jambase'] });

    // Ticketmaster calls it "Roundhouse" at 7:00 PM: the same show, not a move and not a second stop.
    const response = await server.fetch(
      '/api/search/sync',
      post({ artistName: 'Northern Lanterns', mbid: NORTHERN_LANTERNS }),
    );
    expect(response.status).toBe(200);
    const london = (await stopsOf(server)).filter((stop) => stop.date === isoDaysFromToday(20));
    expect(london).toEqual([{ ...written, status: 'scheduled', sources: ['bandsintown', 'jambase', 'ticketmaster'] }]);
    expect(await rows(server, sql`select kind from tour_stop_changes where stop_id = ${written!.id}`)).toEqual([]);
  });
});

describe('keyless first run: no key at all', () => {
  let musicBrainz: FakeMusicBrainz;
  let server: TestServer;

  beforeAll(async () => {
    musicBrainz = await startFakeMusicBrainz();
    server = await startTestServer({ MUSICBRAINZ_URL: musicBrainz.url });
    await seedDemoCatalogIfEmpty(server.database, createLogger('silent'));
  });
  afterAll(async () => {
    await server?.close();
    await musicBrainz?.close();
  });

  it('still searches the demo catalog and MusicBrainz, and plans no sync without a source', async () => {
    const catalog = await (await server.fetch('/api/search/artists?q=midnight%20ravens')).json();
    expect(catalog.matches).toEqual([expect.objectContaining({ slug: 'the-midnight-ravens' })]);
    const page = await server.fetch(`/api/artists/the-midnight-ravens?today=${localIsoDate()}`);
    expect(page.status).toBe(200);
    expect((await page.json()).tours.length).toBeGreaterThan(0);

    const suggestions = await server.fetch('/api/search/suggestions', post({ query: 'Northern Lanterns' }));
    expect(suggestions.status).toBe(200);
    expect((await suggestions.json()).suggestions[0]).toMatchObject({
      name: 'Northern Lanterns',
      mbid: NORTHERN_LANTERNS,
    });

    const { providers } = server.background;
    expect([providers.ticketmaster, providers.bandsintown, providers.jamBase]).toEqual([null, null, null]);
    const deps = {
      database: server.database,
      logger: createLogger('silent'),
      events: { publish: async () => {} },
      catalogChanges: server.background.catalogChanges,
      jamBase: null,
      ticketmaster: null,
      bandsintown: null,
    };
    expect(await planDailyResync(deps, { send: async () => 'job' })).toBe(0);
    expect(await rows(server, sql`select * from sync_plan_items`)).toEqual([]);
    const summary = await syncPlanSummary(server.database, deps);
    expect(summary.sources.map((source) => [source.label, source.on])).toEqual([
      ['Ticketmaster', false],
      ['Bandsintown', false],
      ['JamBase', false],
    ]);
  });
});

describe('keyless first run: Ticketmaster alone', () => {
  let ticketmaster: FakeTicketmaster;
  let server: TestServer;

  beforeAll(async () => {
    ticketmaster = await startFakeTicketmaster();
    server = await startTestServer({ TICKETMASTER_URL: ticketmaster.url, TICKETMASTER_API_KEY: FAKE_TICKETMASTER_KEY });
  });
  afterAll(async () => {
    await server?.close();
    await ticketmaster?.close();
  });

  it("brings a real band's upcoming dates with no other key, its calls counted against the daily quota", async () => {
    const response = await server.fetch(
      '/api/search/sync',
      post({ artistName: 'Northern Lanterns', mbid: NORTHERN_LANTERNS }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ stopsAdded: 3, artistSlug: 'northern-lanterns' });
    expect((await stopsOf(server)).map((stop) => [stop.date, stop.sources])).toEqual([
      [isoDaysFromToday(20), ['ticketmaster']],
      [isoDaysFromToday(40), ['ticketmaster']],
      [isoDaysFromToday(50), ['ticketmaster']],
    ]);
    expect(ticketmaster.requests.map((request) => request.path)).toEqual([
      '/discovery/v2/attractions.json',
      '/discovery/v2/events.json',
    ]);
    expect(ticketmaster.requests.every((request) => request.query.get('apikey') === FAKE_TICKETMASTER_KEY)).toBe(true);
    const [usage] = await rows<{ calls: number }>(
      server,
      sql`select calls from provider_daily_usage where provider = 'ticketmaster'`,
    );
    expect(usage?.calls).toBe(2);
  });

  it('finds an artist Ticketmaster links to no MusicBrainz id by name, never its tribute act; a co-bill is on both tours', async () => {
    const response = await server.fetch('/api/search/sync', post({ artistName: 'Velvet Harbor' }));
    expect(await response.json()).toMatchObject({ stopsAdded: 2, artistName: 'Velvet Harbor' });
  });
});

describe("a trip's area search after a sync by sources without JamBase", () => {
  let ticketmaster: FakeTicketmaster;
  let jamBase: FakeJamBase;
  let server: TestServer;

  beforeAll(async () => {
    [ticketmaster, jamBase] = await Promise.all([startFakeTicketmaster(), startFakeJamBase()]);
    server = await startTestServer({ TICKETMASTER_URL: ticketmaster.url, TICKETMASTER_API_KEY: FAKE_TICKETMASTER_KEY });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([ticketmaster?.close(), jamBase?.close()]);
  });

  it("joins JamBase's listing to the stored show by the merge rules, then by its source", async () => {
    const synced = await server.fetch(
      '/api/search/sync',
      post({ artistName: 'Northern Lanterns', mbid: NORTHERN_LANTERNS }),
    );
    expect(synced.status).toBe(200);
    const [stored] = await stopsOf(server);
    expect(stored).toMatchObject({ venue: 'Roundhouse', date: isoDaysFromToday(20), sources: ['ticketmaster'] });

    // A trip's search (JamBase: "The Roundhouse", 7:30 PM; Ticketmaster said 7:00 PM), twice.
    const client = createJamBaseClient({
      baseUrl: jamBase.url,
      apiKey: FAKE_JAMBASE_KEY,
      timeoutMs: 5_000,
      record: async () => {},
    });
    const area = { lat: 51.5432, lon: -0.1519, radiusKm: 30, from: isoDaysFromToday(19), to: isoDaysFromToday(21) };
    for (let run = 0; run < 2; run++) {
      const summary = await writeCatalogEntries(server.background, tripSearchEntries(await client.eventsNear(area)));
      expect(summary.stopsAdded).toBe(0);
      const london = (await stopsOf(server)).filter((stop) => stop.date === isoDaysFromToday(20));
      expect(london).toEqual([{ ...stored, sources: ['jambase', 'ticketmaster'] }]);
    }
    // No venue or tour was written for the show the catalog already held.
    expect(await rows(server, sql`select id from venues where name = 'The Roundhouse'`)).toEqual([]);
    expect(
      await rows(
        server,
        sql`select t.name from tours t where not exists (select 1 from tour_stops s where s.tour_id = t.id)`,
      ),
    ).toEqual([]);
  });
});

describe('an early and a late show at one venue on one date', () => {
  let ticketmaster: FakeTicketmaster;
  let bandsintown: FakeBandsintown;
  let server: TestServer;

  beforeAll(async () => {
    [ticketmaster, bandsintown] = await Promise.all([startFakeTicketmaster(), startFakeBandsintown()]);
    const fillmore = fakeBitEvents().find((event) => event.id === '1037000110')!.venue;
    // Two shows on day 60 at The Fillmore, four hours apart; Bandsintown gives times half an hour off.
    ticketmaster.events.push(
      {
        id: 'G5vYZ9NL060',
        attractions: [NORTHERN_LANTERNS],
        venueId: 'KovZpZAFil',
        daysFromToday: 60,
        time: '18:00:00',
      },
      {
        id: 'G5vYZ9NL061',
        attractions: [NORTHERN_LANTERNS],
        venueId: 'KovZpZAFil',
        daysFromToday: 60,
        time: '22:00:00',
      },
    );
    bandsintown.events.push(
      { id: '1037000160', lineup: [NORTHERN_LANTERNS], venue: fillmore, daysFromToday: 60, time: '18:30:00' },
      { id: '1037000161', lineup: [NORTHERN_LANTERNS], venue: fillmore, daysFromToday: 60, time: '21:30:00' },
    );
    server = await startTestServer({
      TICKETMASTER_URL: ticketmaster.url,
      TICKETMASTER_API_KEY: FAKE_TICKETMASTER_KEY,
      BANDSINTOWN_URL: bandsintown.url,
      BANDSINTOWN_APP_ID: FAKE_BANDSINTOWN_KEY,
    });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([ticketmaster?.close(), bandsintown?.close()]);
  });

  const lateNight = () =>
    rows<{ time: string; sources: string[] }>(
      server,
      sql`select s.start_time::text as time,
                 (select json_agg(ss.provider || ':' || ss.external_id order by ss.provider) from stop_sources ss
                   where ss.stop_id = s.id) as sources
          from tour_stops s join artists a on a.id = s.artist_id
          where a.mbid = ${NORTHERN_LANTERNS} and s.event_date = ${isoDaysFromToday(60)}
          order by s.start_time`,
    );

  it('stay two stops, each with its own listings from both sources, and a second sync adds none', async () => {
    const response = await server.fetch(
      '/api/search/sync',
      post({ artistName: 'Northern Lanterns', mbid: NORTHERN_LANTERNS }),
    );
    expect(response.status).toBe(200);
    const expected = [
      { time: '18:00:00', sources: ['bandsintown:1037000160', 'ticketmaster:G5vYZ9NL060'] },
      { time: '22:00:00', sources: ['bandsintown:1037000161', 'ticketmaster:G5vYZ9NL061'] },
    ];
    expect(await lateNight()).toEqual(expected);

    const again = await server.fetch(
      '/api/search/sync',
      post({ artistName: 'Northern Lanterns', mbid: NORTHERN_LANTERNS }),
    );
    expect(await again.json()).toMatchObject({ stopsAdded: 0 });
    expect(await lateNight()).toEqual(expected);
  });
});
