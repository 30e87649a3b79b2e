import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { rowsOf } from '#server/db/sql.ts';
import { importCatalog } from '#server/features/catalog/catalog.service.ts';
import type { AppEvent } from '#server/lib/event-bus.ts';
import type { NotificationsResponse } from '#shared/notifications.ts';
import { EARTH_RADIUS_KM } from '#shared/places.ts';
import {
  type SharedTripResponse,
  type Trip,
  type TripDetailResponse,
  type TripsResponse,
  tripMessages,
} from '#shared/trips.ts';
import { isoDaysFromToday, NORTHERN_LANTERNS, QUARTZ_PARADE } from '#tests/fakes/dataset.ts';
import { FAKE_JAMBASE_KEY, type FakeJamBase, startFakeJamBase } from '#tests/fakes/jambase.ts';
import { type SignedInFan, signedInFan } from '#tests/setup/fans.ts';
import { notifyNewTripShows, searchTrip } from './trips.search.ts';
import { travelHint } from './trips.service.ts';

const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
const day = (offset: number) => isoDaysFromToday(offset);

/** Badajoz (Spain, Europe/Madrid) and Elvas (Portugal, Europe/Lisbon, an hour behind), ~17 km apart. */
const BADAJOZ = { lat: 38.8794, lon: -6.9707 };
const ELVAS = { lat: 38.881, lon: -7.163 };
/** Apia (Samoa, UTC+13) and Pago Pago (American Samoa, UTC−11): ~125 km, a calendar day apart. */
const APIA = { lat: -13.8333, lon: -171.7667 };
const PAGO_PAGO = { lat: -14.2756, lon: -170.702 };
/** Taveuni (Fiji) straddles the antimeridian: a venue at −179.9° is ~20 km from 179.95°. */
const TAVEUNI_WEST = { lat: -16.85, lon: 179.95 };
const TAVEUNI_EAST = { lat: -16.85, lon: -179.85 };
/** A point in Hesse; the edge stops are due north of it. */
const HESSE = { lat: 50.0, lon: 8.5 };
const ROUNDHOUSE = { lat: 51.5432, lon: -0.1519 };

type Fan = SignedInFan;

describe('trips: vacation mode', () => {
  let server: AuthTestServer;
  let jamBase: FakeJamBase;
  let alice: Fan;
  let bob: Fan;

  async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(server.database.db, query);
  }

  const newFan = () => signedInFan(server, { label: 'traveller' });

  async function plan(fan: Fan, body: Record<string, unknown>): Promise<Trip> {
    const response = await fan.browser.request('/api/trips', { json: { radiusKm: 50, ...body } });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()).trip;
  }

  async function detail(fan: Fan, id: string): Promise<TripDetailResponse> {
    const response = await fan.browser.request(`/api/trips/${id}`);
    expect(response.status).toBe(200);
    return response.json();
  }

  const artistsOn = (trip: TripDetailResponse) => trip.days.flatMap((d) => d.shows.map((show) => show.artistName));

  /** Waits for the trip's provider search (queued on save) to have answered. */
  async function searched(fan: Fan, id: string, state: Trip['search']['state'] = 'done'): Promise<TripDetailResponse> {
    for (let i = 0; i < 150; i++) {
      const trip = await detail(fan, id);
      if (trip.trip.search.state === state) return trip;
      await sleep(100);
    }
    throw new Error(`the trip's search never became ${state}`);
  }

  async function tripShowNotifications(fan: Fan) {
    return rows<{ title: string; message: string; dedupe_key: string }>(
      sql`select title, message, dedupe_key from user_notifications where user_id = ${fan.id} and kind = 'trip-show'
          order by created_at`,
    );
  }

  /** One artist per call, its stops at the venues given: the catalog as an import writes it. */
  async function importStops(
    artist: string,
    stops: {
      date: string;
      time?: string;
      venue: string;
      lat: number;
      lon: number;
      timeZone: string;
      country?: string;
    }[],
    genres?: string[],
  ) {
    await importCatalog(server.background, {
      artists: [
        {
          name: artist,
          ...(genres ? { genres } : {}),
          tours: [
            {
              name: `${artist} Tour`,
              stops: stops.map((stop) => ({ city: 'Somewhere', country: 'ES', ...stop })),
            },
          ],
        },
      ],
    });
  }

  beforeAll(async () => {
    jamBase = await startFakeJamBase();
    server = await startAuthTestServer({ JAMBASE_URL: jamBase.url, JAMBASE_API_KEY: FAKE_JAMBASE_KEY }, { jobs: true });
    alice = await newFan();
    bob = await newFan();
  });
  afterAll(async () => {
    await server?.close();
    await jamBase?.close();
  });

  it('refuses bad trips with clear messages and saves nothing', async () => {
    const fan = await newFan();
    const base = { point: BADAJOZ, arriveOn: day(10), departOn: day(12) };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, departOn: day(9) }, tripMessages.departBeforeArrive],
      [{ ...base, departOn: day(71) }, tripMessages.tooLong],
      [{ ...base, arriveOn: day(735), departOn: day(736) }, tripMessages.tooFarAhead],
      [{ ...base, radiusKm: 9 }, tripMessages.radiusRange],
      [{ ...base, radiusKm: 301 }, tripMessages.radiusRange],
      [{ ...base, radiusKm: 50.5 }, tripMessages.radiusRange],
      [{ arriveOn: day(10), departOn: day(12) }, tripMessages.destinationRequired],
      [{ ...base, point: undefined, placeId: '999999999' }, 'Unknown place: choose one from the list'],
      [{ ...base, arriveOn: '2027-02-30' }, tripMessages.dateInvalid],
      [{ ...base, name: 'x'.repeat(81) }, tripMessages.nameTooLong],
    ];
    for (const [body, message] of cases) {
      const response = await fan.browser.request('/api/trips', { json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error.message).toBe(message);
    }
    // A 60-day trip starting exactly two years ahead is fine.
    const longest = await plan(fan, { ...base, arriveOn: day(700), departOn: day(760) });
    expect(longest.radiusKm).toBe(50);
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from trips where user_id = ${fan.id}`);
    expect(count!.n).toBe(1);
  });

  it('allows at most 50 upcoming trips (past ones do not count)', async () => {
    const fan = await newFan();
    await server.database.db.execute(sql`
      insert into trips (user_id, place_label, lat, lon, time_zone, arrive_on, depart_on)
      select ${fan.id}, 'Badajoz', 38.88, -6.97, 'Europe/Madrid', current_date + g, current_date + g
      from generate_series(1, 50) g`);
    await plan(fan, { point: BADAJOZ, arriveOn: day(-20), departOn: day(-18) });
    const refused = await fan.browser.request('/api/trips', {
      json: { point: BADAJOZ, arriveOn: day(80), departOn: day(81) },
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(tripMessages.tooManyTrips);
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from trips where user_id = ${fan.id}`);
    expect(count!.n).toBe(51);
  });

  it("answers 404 for another fan's trip, 401 signed out, 403 cross-site", async () => {
    const trip = await plan(alice, { point: BADAJOZ, arriveOn: day(10), departOn: day(11), name: 'Extremadura' });
    const body = { point: BADAJOZ, arriveOn: day(10), departOn: day(11) };
    for (const [method, path, json] of [
      ['GET', `/api/trips/${trip.id}`],
      ['PATCH', `/api/trips/${trip.id}`, body],
      ['DELETE', `/api/trips/${trip.id}`],
      ['POST', `/api/trips/${trip.id}/restore`],
      ['POST', `/api/trips/${trip.id}/share`],
      ['DELETE', `/api/trips/${trip.id}/share`],
    ] as const) {
      const response = await bob.browser.request(path, { method, ...(json ? { json } : {}) });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await response.json()).error.message).toBe(tripMessages.notFound);
    }
    const list: TripsResponse = await (await bob.browser.request('/api/trips')).json();
    expect(list.upcoming.map((t) => t.id)).not.toContain(trip.id);
    expect((await new TestBrowser(server).request('/api/trips')).status).toBe(401);
    const forged = await alice.browser.request('/api/trips', {
      json: body,
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    // Still Alice's, unchanged.
    expect((await detail(alice, trip.id)).trip.name).toBe('Extremadura');
  });

  it('edits, deletes with undo, and lists upcoming soonest first and past trips apart', async () => {
    const fan = await newFan();
    const later = await plan(fan, { point: BADAJOZ, arriveOn: day(40), departOn: day(42), name: 'Later' });
    const sooner = await plan(fan, { point: BADAJOZ, arriveOn: day(5), departOn: day(6), name: 'Sooner' });
    const past = await plan(fan, { point: BADAJOZ, arriveOn: day(-30), departOn: day(-28), name: 'Gone' });
    const edited = await fan.browser.request(`/api/trips/${later.id}`, {
      method: 'PATCH',
      json: { point: BADAJOZ, arriveOn: day(40), departOn: day(43), radiusKm: 120, name: '  Renamed  ' },
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()).trip).toMatchObject({ name: 'Renamed', radiusKm: 120, departOn: day(43) });

    let list: TripsResponse = await (await fan.browser.request('/api/trips')).json();
    expect(list.upcoming.map((t) => t.name)).toEqual(['Sooner', 'Renamed']);
    expect(list.past.map((t) => t.id)).toEqual([past.id]);

    expect((await fan.browser.request(`/api/trips/${sooner.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fan.browser.request(`/api/trips/${sooner.id}`)).status).toBe(404);
    list = await (await fan.browser.request('/api/trips')).json();
    expect(list.upcoming.map((t) => t.name)).toEqual(['Renamed']);
    const undone = await fan.browser.request(`/api/trips/${sooner.id}/restore`, { method: 'POST' });
    expect(undone.status).toBe(200);
    list = await (await fan.browser.request('/api/trips')).json();
    expect(list.upcoming.map((t) => t.name)).toEqual(['Sooner', 'Renamed']);
  });

  it('finds shows exactly on the radius and on the first and last day, not beyond', async () => {
    const fan = await newFan();
    const edgeLat = HESSE.lat + 50 / KM_PER_DEGREE;
    const beyondLat = HESSE.lat + 50.05 / KM_PER_DEGREE;
    const tz = 'Europe/Berlin';
    await importStops('Edge Walkers', [
      { date: day(20), time: '20:00', venue: 'Edge Hall', lat: edgeLat, lon: HESSE.lon, timeZone: tz, country: 'DE' },
      {
        date: day(21),
        time: '20:00',
        venue: 'Beyond Hall',
        lat: beyondLat,
        lon: HESSE.lon,
        timeZone: tz,
        country: 'DE',
      },
      {
        date: day(20),
        time: '00:05',
        venue: 'Early Club',
        lat: HESSE.lat,
        lon: HESSE.lon,
        timeZone: tz,
        country: 'DE',
      },
      { date: day(22), time: '23:55', venue: 'Late Club', lat: HESSE.lat, lon: HESSE.lon, timeZone: tz, country: 'DE' },
      { date: day(19), time: '23:55', venue: 'Eve Club', lat: HESSE.lat, lon: HESSE.lon, timeZone: tz, country: 'DE' },
      {
        date: day(23),
        time: '00:05',
        venue: 'After Club',
        lat: HESSE.lat,
        lon: HESSE.lon,
        timeZone: tz,
        country: 'DE',
      },
      { date: day(21), venue: 'No Time Hall', lat: HESSE.lat, lon: HESSE.lon, timeZone: tz, country: 'DE' },
    ]);
    const trip = await plan(fan, { point: HESSE, radiusKm: 50, arriveOn: day(20), departOn: day(22) });
    const shows = (await detail(fan, trip.id)).days.flatMap((d) => d.shows);
    expect(shows.map((show) => show.venueName).sort()).toEqual([
      'Early Club',
      'Edge Hall',
      'Late Club',
      'No Time Hall',
    ]);
    expect(shows.find((show) => show.venueName === 'Edge Hall')!.distanceKm).toBe(50);
  });

  it('places shows across a time-zone border and the date line by when they start at the destination', async () => {
    const fan = await newFan();
    // Elvas keeps Lisbon time: 23:30 there is 00:30 the next day in Badajoz.
    await importStops('Border Crossers', [
      { date: day(29), time: '23:30', venue: 'Elvas Eve', ...ELVAS, timeZone: 'Europe/Lisbon', country: 'PT' },
      { date: day(31), time: '23:30', venue: 'Elvas Late', ...ELVAS, timeZone: 'Europe/Lisbon', country: 'PT' },
      { date: day(31), time: '22:30', venue: 'Elvas Last', ...ELVAS, timeZone: 'Europe/Lisbon', country: 'PT' },
    ]);
    const border = await plan(fan, { point: BADAJOZ, radiusKm: 30, arriveOn: day(30), departOn: day(31) });
    const borderShows = (await detail(fan, border.id)).days;
    expect(border.timeZone).toBe('Europe/Madrid');
    // Grouped by the venue's own day: the eve show is listed on its (Lisbon) date.
    expect(borderShows.map((d) => [d.date, d.shows.map((s) => s.venueName)])).toEqual([
      [day(29), ['Elvas Eve']],
      [day(31), ['Elvas Last']],
    ]);

    // Pago Pago is a calendar day behind Apia: its Tuesday evening is Apia's Wednesday evening.
    await importStops('Date Liners', [
      {
        date: day(40),
        time: '20:00',
        venue: 'Pago Pago Hall',
        ...PAGO_PAGO,
        timeZone: 'Pacific/Pago_Pago',
        country: 'AS',
      },
    ]);
    const sameDate = await plan(fan, { point: APIA, radiusKm: 150, arriveOn: day(40), departOn: day(40) });
    const nextDate = await plan(fan, { point: APIA, radiusKm: 150, arriveOn: day(41), departOn: day(41) });
    expect(sameDate.timeZone).toBe('Pacific/Apia');
    expect(artistsOn(await detail(fan, sameDate.id))).toEqual([]);
    expect(artistsOn(await detail(fan, nextDate.id))).toEqual(['Date Liners']);

    // A circle across the antimeridian: the venue east of it is 20 km from a point west of it.
    await importStops('Antimeridians', [
      { date: day(45), time: '19:00', venue: 'Taveuni East', ...TAVEUNI_EAST, timeZone: 'Pacific/Fiji', country: 'FJ' },
    ]);
    const taveuni = await plan(fan, { point: TAVEUNI_WEST, radiusKm: 25, arriveOn: day(45), departOn: day(45) });
    const across = (await detail(fan, taveuni.id)).days.flatMap((d) => d.shows);
    expect(across.map((show) => show.artistName)).toEqual(['Antimeridians']);
    expect(across[0]!.distanceKm).toBeGreaterThan(15);
    expect(across[0]!.distanceKm).toBeLessThan(25);
  });

  it('ranks followed artists, then artists sharing their genres, then the rest, with reasons', async () => {
    const fan = await newFan();
    const venue = { lat: BADAJOZ.lat + 0.01, lon: BADAJOZ.lon, timeZone: 'Europe/Madrid' };
    await importStops('Followed Fox', [{ date: day(50), time: '22:00', venue: 'Rank Hall', ...venue }], ['indie rock']);
    await importStops(
      'Second Fave',
      [{ date: day(52), time: '22:00', venue: 'Rank Hall', ...venue }],
      ['Indie Rock', 'shoegaze'],
    );
    await importStops('Alike Band', [{ date: day(50), time: '21:00', venue: 'Rank Hall 2', ...venue }], ['Indie Rock']);
    await importStops('Stranger Jazz', [{ date: day(50), time: '19:00', venue: 'Rank Hall 3', ...venue }], ['jazz']);
    for (const slug of ['followed-fox', 'second-fave']) {
      expect((await fan.browser.request(`/api/favorites/${slug}`, { method: 'PUT' })).status).toBe(200);
    }
    const trip = await plan(fan, { point: BADAJOZ, radiusKm: 20, arriveOn: day(50), departOn: day(52) });
    const { days, hints } = await detail(fan, trip.id);
    const first = days.find((d) => d.date === day(50))!;
    expect(first.shows.map((show) => [show.artistName, show.rank, show.reason])).toEqual([
      ['Followed Fox', 'followed', 'You follow Followed Fox'],
      ['Alike Band', 'similar', 'Like Followed Fox and Second Fave — indie rock'],
      ['Stranger Jazz', 'other', null],
    ]);
    // Days 50 and 52 are not consecutive: no travel hint between them.
    expect(hints).toEqual([]);
  });

  it('fills the gaps from JamBase around the destination, de-duplicated with the catalog', async () => {
    // Northern Lanterns is already in the catalog (a fan's search synced it).
    const synced = await new TestBrowser(server).request('/api/search/sync', {
      json: { artistName: 'Northern Lanterns', mbid: NORTHERN_LANTERNS },
    });
    expect(synced.status).toBe(200);
    const countStops = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from tour_stops where source = 'jambase'`))[0]!.n;
    const before = await countStops();
    const londonStopBefore = (
      await rows<{ id: string }>(sql`select id from tour_stops where external_id like 'jambase:12000001/%'`)
    )[0]!.id;

    const fan = await newFan();
    jamBase.requests.length = 0;
    const trip = await plan(fan, { point: ROUNDHOUSE, radiusKm: 40, arriveOn: day(19), departOn: day(28) });
    const found = await searched(fan, trip.id);

    // Other tests' trips are searched meanwhile: this trip's request is the one at its point and radius.
    const geo = jamBase.requests.filter(
      (request) => request.query.get('geoLatitude') === '51.5432' && request.query.get('geoRadiusAmount') === '40',
    );
    expect(geo).toHaveLength(1);
    expect(Object.fromEntries(geo[0]!.query)).toMatchObject({
      geoLatitude: '51.5432',
      geoLongitude: '-0.1519',
      geoRadiusAmount: '40',
      geoRadiusUnits: 'km',
      eventDateFrom: day(18),
      eventDateTo: day(29),
      eventType: 'concerts',
    });
    expect(geo[0]!.query.has('artistId')).toBe(false);

    // Quartz Parade came from the geo search; Northern Lanterns' London stop was already there.
    expect(artistsOn(found).sort()).toEqual(['Northern Lanterns', 'Quartz Parade']);
    expect(await countStops()).toBe(before + 1);
    const london = found.days.flatMap((d) => d.shows).find((show) => show.artistName === 'Northern Lanterns')!;
    expect(london.stopId).toBe(londonStopBefore);
    const [quartz] = await rows<{ mbid: string }>(sql`select mbid from artists where slug = 'quartz-parade'`);
    expect(quartz!.mbid).toBe(QUARTZ_PARADE);
    // The search right after planning is the plan itself, not news.
    expect(await tripShowNotifications(fan)).toEqual([]);

    // Searching again adds nothing twice.
    await searchTrip(
      {
        database: server.database,
        jamBase: server.background.providers.jamBase,
        logger: server.background.logger,
        catalogChanges: server.background.catalogChanges,
      },
      trip.id,
      {
        baseline: false,
      },
    );
    expect(await countStops()).toBe(before + 1);
  });

  it("records each show the area search writes with its JamBase listing as the stop's source, seen again on each search", async () => {
    const fan = await newFan();
    const trip = await plan(fan, { point: ROUNDHOUSE, radiusKm: 30, arriveOn: day(27), departOn: day(27) });
    const found = await searched(fan, trip.id);
    const quartz = found.days.flatMap((d) => d.shows).find((show) => show.artistName === 'Quartz Parade')!;
    const sourcesOf = () =>
      rows<{ provider: string; externalId: string; url: string; date: string; seenAt: string; missing: boolean }>(
        sql`select provider, external_id as "externalId", url, reported_date::text as date,
                   last_seen_at::text as "seenAt", missing_since is not null as missing
            from stop_sources where stop_id = ${quartz.stopId}`,
      );
    const [source, ...others] = await sourcesOf();
    expect(others).toEqual([]);
    expect(source).toMatchObject({
      provider: 'jambase',
      externalId: expect.stringMatching(/^jambase:12000050\//),
      url: 'https://www.jambase.com/show/12000050',
      date: day(27),
      missing: false,
    });

    // The daily search finds the same listing: the same stop, its source seen again.
    await searchTrip(
      {
        database: server.database,
        jamBase: server.background.providers.jamBase,
        logger: server.background.logger,
        catalogChanges: server.background.catalogChanges,
      },
      trip.id,
      { baseline: false },
    );
    const [again, ...more] = await sourcesOf();
    expect(more).toEqual([]);
    expect(again!.externalId).toBe(source!.externalId);
    expect(new Date(again!.seenAt).getTime()).toBeGreaterThan(new Date(source!.seenAt).getTime());
    const [{ n }] = (await rows<{ n: number }>(
      sql`select count(*)::int as n from tour_stops s join artists a on a.id = s.artist_id
          where a.slug = 'quartz-parade' and s.event_date = ${day(27)}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('keeps showing the catalog and says it will retry when the provider is down', async () => {
    const fan = await newFan();
    await importStops('Down Time', [
      {
        date: day(60),
        time: '20:00',
        venue: 'Outage Hall',
        lat: ELVAS.lat,
        lon: ELVAS.lon,
        timeZone: 'Europe/Lisbon',
        country: 'PT',
      },
    ]);
    jamBase.setMode('unavailable');
    try {
      const trip = await plan(fan, { point: ELVAS, radiusKm: 10, arriveOn: day(60), departOn: day(60) });
      const failed = await searched(fan, trip.id, 'failed');
      expect(failed.trip.search.message).toBe(tripMessages.searchRetry);
      expect(artistsOn(failed)).toEqual(['Down Time']);
    } finally {
      jamBase.setMode('normal');
    }
  });

  it('notifies a new show once, from the daily search or a sync, and never once the trip has started', async () => {
    const fan = await newFan();
    const watcher = await newFan();
    const trip = await plan(fan, { point: ROUNDHOUSE, radiusKm: 30, arriveOn: day(23), departOn: day(26) });
    await searched(fan, trip.id);
    // Another fan's trip there has started: nothing for them.
    const started = await plan(watcher, { point: ROUNDHOUSE, radiusKm: 30, arriveOn: day(0), departOn: day(26) });
    await searched(watcher, started.id);

    // The daily search finds a new show.
    jamBase.events.push({
      id: 'jambase:14000001',
      performers: [QUARTZ_PARADE],
      venueId: 'jambase:70001',
      daysFromToday: 24,
      time: '20:00:00',
    });
    const deps = {
      database: server.database,
      jamBase: server.background.providers.jamBase,
      logger: server.background.logger,
      catalogChanges: server.background.catalogChanges,
    };
    const announced: AppEvent[] = [];
    const unsubscribe = server.background.events.subscribe(
      (event) => event.type === 'catalog-changed',
      (event) => announced.push(event),
    );
    const outcome = await searchTrip(deps, trip.id, { baseline: false });
    expect(outcome).toMatchObject({ stopsAdded: 1, notified: 1 });
    // The new show is public: every server process hears to drop its kept catalog answers.
    await expect.poll(() => announced.length).toBe(1);
    await searchTrip(deps, trip.id, { baseline: false });
    unsubscribe();
    // The same search again wrote nothing new: nothing announced.
    expect(announced).toHaveLength(1);
    await notifyNewTripShows(server.database);
    let notes = await tripShowNotifications(fan);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toBe('New on your trip: Quartz Parade');
    expect(notes[0]!.message).toContain('The Roundhouse, London');
    const bell: NotificationsResponse = await (await fan.browser.request('/api/notifications')).json();
    expect(bell.notifications[0]).toMatchObject({ kind: 'trip-show', artistSlug: 'quartz-parade' });

    // A sync of a followed artist adds a show there: the tour-dates-changed announcement notifies.
    jamBase.events.push({
      id: 'jambase:14000002',
      performers: [NORTHERN_LANTERNS],
      venueId: 'jambase:70001',
      daysFromToday: 25,
      time: '19:00:00',
    });
    const synced = await new TestBrowser(server).request('/api/search/sync', {
      json: { artistName: 'Northern Lanterns', mbid: NORTHERN_LANTERNS },
    });
    expect(synced.status).toBe(200);
    for (let i = 0; i < 100 && (await tripShowNotifications(fan)).length < 2; i++) await sleep(100);
    notes = await tripShowNotifications(fan);
    expect(notes.map((note) => note.title)).toEqual([
      'New on your trip: Quartz Parade',
      'New on your trip: Northern Lanterns',
    ]);
    await notifyNewTripShows(server.database);
    expect(await tripShowNotifications(fan)).toHaveLength(2);

    // Quartz Parade came only through the trip's area search (its JamBase listing is its source):
    // its first sync by name is news against that listing, not a first sight of the artist.
    jamBase.events.push({
      id: 'jambase:14000003',
      performers: [QUARTZ_PARADE],
      venueId: 'jambase:70001',
      daysFromToday: 26,
      time: '20:00:00',
    });
    const quartz = await new TestBrowser(server).request('/api/search/sync', { json: { artistName: 'Quartz Parade' } });
    expect(quartz.status).toBe(200);
    for (let i = 0; i < 100 && (await tripShowNotifications(fan)).length < 3; i++) await sleep(100);
    expect((await tripShowNotifications(fan)).map((note) => note.title)).toEqual([
      'New on your trip: Quartz Parade',
      'New on your trip: Northern Lanterns',
      'New on your trip: Quartz Parade',
    ]);
    expect(await tripShowNotifications(watcher)).toEqual([]);
  });

  it('honours the Trip shows preference', async () => {
    const fan = await newFan();
    const saved = await fan.browser.request('/api/notifications/preferences', {
      method: 'PUT',
      json: {
        newDates: { inApp: true, email: false },
        tourChanges: { inApp: true, email: false },
        reminders: { inApp: true, email: false },
        tripShows: { inApp: false, email: true },
      },
    });
    expect(saved.status).toBe(200);
    // A client that does not know the group leaves it as it was.
    await fan.browser.request('/api/notifications/preferences', {
      method: 'PUT',
      json: {
        newDates: { inApp: true, email: false },
        tourChanges: { inApp: true, email: false },
        reminders: { inApp: true, email: false },
      },
    });
    const preferences = await (await fan.browser.request('/api/notifications/preferences')).json();
    expect(preferences.tripShows).toEqual({ inApp: false, email: true, push: true });
    const trip = await plan(fan, { point: ROUNDHOUSE, radiusKm: 30, arriveOn: day(32), departOn: day(34) });
    await searched(fan, trip.id);
    await importStops('Mail Only', [
      {
        date: day(33),
        time: '20:00',
        venue: 'Mail Hall',
        lat: ROUNDHOUSE.lat,
        lon: ROUNDHOUSE.lon,
        timeZone: 'Europe/London',
        country: 'GB',
      },
    ]);
    await notifyNewTripShows(server.database);
    const [note] = await rows<{ in_app: boolean; email: boolean }>(
      sql`select in_app, email from user_notifications where user_id = ${fan.id} and kind = 'trip-show'`,
    );
    expect(note).toEqual({ in_app: false, email: true });
  });

  it('shares a trip read-only without the fan, and the link can be revoked', async () => {
    const fan = await newFan();
    await importStops('Shared Sound', [
      { date: day(70), time: '20:00', venue: 'Share Hall', ...BADAJOZ, timeZone: 'Europe/Madrid' },
      {
        date: day(71),
        time: '20:00',
        venue: 'Share Hall Two',
        lat: BADAJOZ.lat + 0.2,
        lon: BADAJOZ.lon,
        timeZone: 'Europe/Madrid',
      },
    ]);
    expect((await fan.browser.request('/api/favorites/shared-sound', { method: 'PUT' })).status).toBe(200);
    const trip = await plan(fan, {
      point: BADAJOZ,
      radiusKm: 50,
      arriveOn: day(70),
      departOn: day(71),
      name: 'Secret',
    });
    const other = await plan(fan, { point: ELVAS, radiusKm: 50, arriveOn: day(90), departOn: day(91), name: 'Other' });
    const shared = await fan.browser.request(`/api/trips/${trip.id}/share`, { method: 'POST' });
    const sharePath: string = (await shared.json()).trip.sharePath;
    expect(sharePath).toMatch(/^\/trip\/[A-Za-z0-9_-]{32}$/);
    const token = sharePath.split('/').pop()!;
    // Sharing twice keeps the same link.
    const again = await (await fan.browser.request(`/api/trips/${trip.id}/share`, { method: 'POST' })).json();
    expect(again.trip.sharePath).toBe(sharePath);

    const visitor = new TestBrowser(server);
    const response = await visitor.request(`/api/trips/shared/${token}`);
    expect(response.status).toBe(200);
    const text = await response.clone().text();
    const view: SharedTripResponse = await response.json();
    expect(view.trip).toEqual({
      name: 'Secret',
      placeLabel: trip.placeLabel,
      lat: trip.lat,
      lon: trip.lon,
      timeZone: 'Europe/Madrid',
      radiusKm: 50,
      arriveOn: day(70),
      departOn: day(71),
    });
    expect(view.days.map((d) => d.shows.map((s) => s.venueName))).toEqual([['Share Hall'], ['Share Hall Two']]);
    expect(view.hints).toHaveLength(1);
    for (const secret of [fan.id, fan.email, trip.id, other.id, 'You follow', 'Other', '"state"']) {
      expect(text).not.toContain(secret);
    }

    const revoked = await fan.browser.request(`/api/trips/${trip.id}/share`, { method: 'DELETE' });
    expect((await revoked.json()).trip.sharePath).toBeNull();
    const gone = await visitor.request(`/api/trips/shared/${token}`);
    expect(gone.status).toBe(404);
    expect((await visitor.request('/api/trips/shared/not-a-token')).status).toBe(400);
  });

  it('lists the shows the fan went to on a past trip', async () => {
    const fan = await newFan();
    await importStops('Memory Lane', [
      { date: day(-20), time: '20:00', venue: 'Past Hall', ...BADAJOZ, timeZone: 'Europe/Madrid' },
      { date: day(-19), time: '20:00', venue: 'Skipped Hall', ...BADAJOZ, timeZone: 'Europe/Madrid' },
    ]);
    const [stop] = await rows<{ id: string }>(
      sql`select s.id from tour_stops s join venues v on v.id = s.venue_id where v.name = 'Past Hall'`,
    );
    const marked = await fan.browser.request(`/api/shows/stops/${stop!.id}`, {
      method: 'PUT',
      json: { state: 'attended' },
    });
    expect(marked.status, await marked.clone().text()).toBe(200);
    const trip = await plan(fan, { point: BADAJOZ, radiusKm: 20, arriveOn: day(-21), departOn: day(-18) });
    const list: TripsResponse = await (await fan.browser.request('/api/trips')).json();
    expect(list.upcoming).toEqual([]);
    expect(list.past.map((t) => [t.id, t.attended.map((show) => show.venueName)])).toEqual([[trip.id, ['Past Hall']]]);
  });

  it('travel hints: on foot, local transport or by road', () => {
    const show = (venueName: string, lat: number, lon: number) =>
      ({ venueName, city: 'X', lat, lon }) as Parameters<typeof travelHint>[1];
    expect(travelHint('a', show('A', 51.5, -0.1), 'b', show('A', 51.5, -0.1))).toMatchObject({
      mode: 'same-venue',
      text: 'Same venue as the day before: A',
    });
    expect(travelHint('a', show('A', 51.5, -0.1), 'b', show('B', 51.51, -0.1)).mode).toBe('walk');
    expect(travelHint('a', show('A', 51.5, -0.1), 'b', show('B', 51.6, -0.1)).mode).toBe('local');
    const road = travelHint('a', show('Roundhouse', 51.5432, -0.1519), 'b', show('Albert Hall', 53.4776, -2.2481));
    expect(road.mode).toBe('drive');
    expect(road.text).toMatch(/^About 4 h \d+ min by road: Roundhouse → Albert Hall \(2\d\d km\)$/);
  });
});
