import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { rowsOf } from '#server/db/sql.ts';
import type { UpcomingShowsResponse } from '#shared/shows-api.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { type SignedInFan, signedInFan, signedInPair } from '#tests/setup/fans.ts';
import { sendShowReminders } from './shows.jobs.ts';

const TODAY = '2027-03-01';
/** Cambridge, MA. Paradise (Boston) is ~3 km away, the Palladium (Worcester) ~60 km, San Francisco far. */
const CAMBRIDGE = { city: 'Cambridge', lat: 42.3736, lon: -71.1097 };
/** San Francisco in the gazetteer (GeoNames id): the Fillmore is ~2 km from its centre. */
const SAN_FRANCISCO_PLACE = '5391959';

type Fan = SignedInFan;

describe('show states and My Shows', () => {
  let server: AuthTestServer;
  let stops: Map<string, string>;
  let fan: Fan;
  let other: Fan;
  let homeless: Fan;

  async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(server.database.db, query);
  }

  const newFan = () => signedInFan(server);

  /** 'northern-lanterns@2027-04-02' → stop id */
  const stop = (key: string) => {
    const id = stops.get(key);
    if (!id) throw new Error(`no stop ${key}`);
    return id;
  };
  const mark = (who: Fan, key: string, body: Record<string, unknown>) =>
    who.browser.request(`/api/shows/stops/${stop(key)}`, { method: 'PUT', json: { today: TODAY, ...body } });
  const unmark = (who: Fan, key: string) => who.browser.request(`/api/shows/stops/${stop(key)}`, { method: 'DELETE' });
  const statesOf = async (who: Fan, keys: string[]) =>
    (await (await who.browser.request(`/api/shows/states?stopIds=${keys.map(stop).join(',')}`)).json()).states;
  const upcoming = async (who: Fan, query = ''): Promise<UpcomingShowsResponse> => {
    const response = await who.browser.request(`/api/shows/upcoming?today=${TODAY}${query}`);
    expect(response.status).toBe(200);
    return response.json();
  };
  /** Each show as 'date venue: artist slugs' */
  const summary = (page: UpcomingShowsResponse) =>
    page.months.flatMap((month) =>
      month.shows.map((show) => `${show.date} ${show.venue.name}: ${show.artists.map((a) => a.artistSlug).join('+')}`),
    );

  beforeAll(async () => {
    server = await startAuthTestServer();
    const place = (venue: string, city: string, region: string, lat: number, lon: number) => ({
      venue,
      city,
      region,
      country: 'US',
      lat,
      lon,
    });
    const paradise = place('Paradise', 'Boston', 'MA', 42.3519, -71.1185);
    const palladium = place('The Palladium', 'Worcester', 'MA', 42.2626, -71.8023);
    const fillmore = place('The Fillmore', 'San Francisco', 'CA', 37.784, -122.4331);
    await seedCatalog(server.database, [
      {
        name: 'Northern Lanterns',
        tours: [
          {
            name: 'Harbour Lights Tour',
            stops: [
              { date: '2027-02-01', ...paradise },
              { date: '2027-03-01', ...palladium, time: '20:00' },
              { date: '2027-04-02', ...paradise, time: '19:30' },
              { date: '2027-05-10', ...fillmore },
              { date: '2027-05-20', ...place('Old Hall', 'Boston', 'MA', 42.36, -71.06) },
            ],
          },
        ],
      },
      {
        name: 'Velvet Harbour',
        tours: [
          {
            name: 'Tide Tour',
            stops: [
              { date: '2027-04-02', ...paradise, time: '19:30' },
              { date: '2027-06-01', ...palladium },
            ],
          },
        ],
      },
      { name: 'Amber Skies', tours: [{ name: 'Glow', stops: [{ date: '2027-04-15', ...paradise }] }] },
    ]);
    const found = await rows<{ slug: string; date: string; id: string }>(
      sql`select a.slug, to_char(s.event_date, 'YYYY-MM-DD') as date, s.id
          from tour_stops s join artists a on a.id = s.artist_id`,
    );
    stops = new Map(found.map((row) => [`${row.slug}@${row.date}`, row.id]));

    [fan, other] = await signedInPair(server);
    homeless = await newFan();
    await server.database.db.execute(
      sql`update users set home_city = ${CAMBRIDGE.city}, home_lat = ${CAMBRIDGE.lat}, home_lon = ${CAMBRIDGE.lon}
          where id in (${fan.id}, ${other.id})`,
    );
    for (const who of [fan, other, homeless]) {
      for (const slug of ['northern-lanterns', 'velvet-harbour']) {
        expect((await who.browser.request(`/api/favorites/${slug}`, { method: 'PUT' })).status).toBe(200);
      }
    }
  });
  afterAll(() => server?.close());

  it('answers 401 to visitors on every route', async () => {
    const visitor = new TestBrowser(server);
    const id = stop('northern-lanterns@2027-04-02');
    const answers = await Promise.all([
      visitor.request(`/api/shows/stops/${id}`, { method: 'PUT', json: { state: 'going' } }),
      visitor.request(`/api/shows/stops/${id}`, { method: 'DELETE' }),
      visitor.request(`/api/shows/states?stopIds=${id}`),
      visitor.request(`/api/shows/upcoming?today=${TODAY}`),
      visitor.request('/api/shows/settings', { method: 'PATCH', json: { radiusKm: '50' } }),
    ]);
    expect(answers.map((response) => response.status)).toEqual([401, 401, 401, 401, 401]);
  });

  describe('state changes', () => {
    const key = 'northern-lanterns@2027-05-20';

    it('marks Going with tickets and a seat, then Interested (tickets go), then un-marks', async () => {
      const going = await mark(fan, key, { state: 'going', hasTickets: true, seat: ' Section B, row 4 ' });
      expect(going.status).toBe(200);
      expect((await going.json()).show).toEqual({
        stopId: stop(key),
        state: 'going',
        hasTickets: true,
        seat: 'Section B, row 4',
        status: 'scheduled',
        moved: false,
      });
      expect((await statesOf(fan, [key]))[stop(key)]).toMatchObject({ state: 'going', hasTickets: true });

      const interested = await mark(fan, key, { state: 'interested' });
      expect((await interested.json()).show).toMatchObject({ state: 'interested', hasTickets: false, seat: null });
      const [row] = await rows<{ n: number }>(
        sql`select count(*)::int as n from user_shows where user_id = ${fan.id} and stop_id = ${stop(key)}`,
      );
      expect(row!.n).toBe(1);

      expect((await unmark(fan, key)).status).toBe(204);
      expect(await statesOf(fan, [key])).toEqual({});
      const again = await unmark(fan, key);
      expect(again.status).toBe(404);
      expect((await again.json()).error.message).toBe('Show not found');
    });

    it('keeps upcoming states for upcoming stops and past states for past ones; today takes both', async () => {
      const past = 'northern-lanterns@2027-02-01';
      const today = 'northern-lanterns@2027-03-01';
      const future = 'northern-lanterns@2027-05-20';
      const refused = [
        await mark(fan, past, { state: 'going' }),
        await mark(fan, past, { state: 'interested' }),
        await mark(fan, future, { state: 'attended' }),
        await mark(fan, future, { state: 'missed' }),
      ];
      expect(refused.map((response) => response.status)).toEqual([400, 400, 400, 400]);
      expect((await refused[0]!.json()).error.message).toBe(
        'This show has already happened: mark it I was there instead.',
      );
      expect((await refused[2]!.json()).error.message).toBe(
        'This show has not happened yet: mark it Interested or Going instead.',
      );
      expect(await statesOf(fan, [past, future])).toEqual({});

      expect((await mark(fan, past, { state: 'attended' })).status).toBe(200);
      expect((await mark(fan, past, { state: 'missed' })).status).toBe(200);
      expect((await mark(fan, today, { state: 'going' })).status).toBe(200);
      expect((await mark(fan, today, { state: 'attended' })).status).toBe(200);
      const states = await statesOf(fan, [past, today]);
      expect(states[stop(past)].state).toBe('missed');
      expect(states[stop(today)].state).toBe('attended');
      await unmark(fan, past);
      await unmark(fan, today);
    });

    it('refuses bad input and unknown stops, changing nothing', async () => {
      const key2 = 'northern-lanterns@2027-05-20';
      const bad = [
        await mark(fan, key2, { state: 'maybe' }),
        await mark(fan, key2, { state: 'interested', hasTickets: true }),
        await mark(fan, key2, { state: 'going', seat: 'x'.repeat(101) }),
        await mark(fan, key2, { state: 'going', today: '2027-02-30' }),
        await mark(fan, key2, { state: 'going', extra: 1 }),
        await fan.browser.request('/api/shows/stops/not-a-uuid', { method: 'PUT', json: { state: 'going' } }),
        await fan.browser.request('/api/shows/states?stopIds=nope'),
        await fan.browser.request('/api/shows/upcoming?today=2027-13-01'),
        await fan.browser.request(`/api/shows/upcoming?today=${TODAY}&filter=maybe`),
        await fan.browser.request(`/api/shows/upcoming?today=${TODAY}&radiusKm=30`),
        await fan.browser.request(`/api/shows/upcoming?today=${TODAY}&after=2027-04-02`),
        await fan.browser.request(`/api/shows/upcoming?today=${TODAY}&after=2027-02-30_${stop(key2)}`),
      ];
      expect(bad.map((response) => response.status)).toEqual([
        400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400,
      ]);
      expect((await bad[10]!.json()).error.message).toContain('Unknown page of shows');
      expect((await bad[1]!.json()).error.message).toBe('Tickets and a seat go with Going only');
      const unknown = await fan.browser.request('/api/shows/stops/00000000-0000-4000-8000-000000000000', {
        method: 'PUT',
        json: { state: 'going', today: TODAY },
      });
      expect(unknown.status).toBe(404);
      expect(await statesOf(fan, [key2])).toEqual({});
    });

    it("hides another fan's pending stop as if it did not exist", async () => {
      const key3 = 'amber-skies@2027-04-15';
      await server.database.db.execute(
        sql`update tour_stops set review_state = 'pending', submitted_by = ${other.id} where id = ${stop(key3)}`,
      );
      expect((await mark(fan, key3, { state: 'going' })).status).toBe(404);
      expect((await mark(other, key3, { state: 'going' })).status).toBe(200);
      await unmark(other, key3);
      await server.database.db.execute(
        sql`update tour_stops set review_state = 'approved', submitted_by = null where id = ${stop(key3)}`,
      );
    });
  });

  it("keeps every fan to their own states: A cannot read, change or delete B's", async () => {
    const key = 'velvet-harbour@2027-06-01';
    expect((await mark(other, key, { state: 'going', hasTickets: true, seat: 'B12' })).status).toBe(200);
    expect(await statesOf(fan, [key])).toEqual({});
    expect((await unmark(fan, key)).status).toBe(404);
    expect((await fan.browser.request(`/api/shows/stops/${stop(key)}/seen`, { method: 'POST' })).status).toBe(404);
    expect((await mark(fan, key, { state: 'interested' })).status).toBe(200);
    expect((await statesOf(other, [key]))[stop(key)]).toMatchObject({ state: 'going', hasTickets: true, seat: 'B12' });
    expect(summary(await upcoming(fan, '&filter=going'))).toEqual([]);
    await unmark(fan, key);
    await unmark(other, key);
  });

  describe('My Shows', () => {
    it('pages a long list: every show once, in order, the next page from the last one', async () => {
      // 130 stops on 100 dates, 30 of them shared bills (two artists, one venue, one date) far from home.
      const venues = [
        { venue: 'Page Hall', city: 'Denver', region: 'CO', country: 'US', lat: 39.74, lon: -104.99 },
        { venue: 'Page Club', city: 'Denver', region: 'CO', country: 'US', lat: 39.75, lon: -105 },
      ];
      const day = (i: number) => new Date(Date.UTC(2028, 0, 1 + i)).toISOString().slice(0, 10);
      await seedCatalog(server.database, [
        {
          name: 'Paging Parade',
          tours: [
            { name: 'Long Run', stops: Array.from({ length: 100 }, (_, i) => ({ date: day(i), ...venues[i % 2]! })) },
          ],
        },
        {
          name: 'Paging Support',
          tours: [
            {
              name: 'Opener',
              stops: Array.from({ length: 30 }, (_, i) => ({ date: day(i * 3), ...venues[(i * 3) % 2]! })),
            },
          ],
        },
      ]);
      const reader = await newFan();
      for (const slug of ['paging-parade', 'paging-support']) {
        expect((await reader.browser.request(`/api/favorites/${slug}`, { method: 'PUT' })).status).toBe(200);
      }
      const seen: string[] = [];
      let after = '';
      let pages = 0;
      do {
        const page = await upcoming(reader, `&radiusKm=anywhere${after ? `&after=${after}` : ''}`);
        const shows = page.months.flatMap((month) => month.shows);
        expect(shows.length).toBe(page.nextCursor ? 50 : 100 - pages * 50);
        seen.push(...shows.map((show) => `${show.date} ${show.venue.name} ${show.artists.length}`));
        after = page.nextCursor ?? '';
        pages++;
      } while (after && pages < 5);
      expect(pages).toBe(2);
      expect(seen).toEqual(
        Array.from({ length: 100 }, (_, i) => `${day(i)} ${venues[i % 2]!.venue} ${i % 3 === 0 && i < 90 ? 2 : 1}`),
      );
    });

    it('lists marked shows and followed artists near home, soonest first, by month, one show per bill', async () => {
      expect((await mark(fan, 'northern-lanterns@2027-05-10', { state: 'interested' })).status).toBe(200);
      const page = await upcoming(fan);
      expect(page).toMatchObject({ filter: 'all', radiusKm: 100, followingCount: 2, nextCursor: null });
      expect(page.home).toEqual({ city: 'Cambridge', hasCoordinates: true });
      expect(page.months.map((month) => month.month)).toEqual(['2027-03', '2027-04', '2027-05', '2027-06']);
      expect(summary(page)).toEqual([
        '2027-03-01 The Palladium: northern-lanterns',
        '2027-04-02 Paradise: northern-lanterns+velvet-harbour',
        // Amber Skies (not followed, not marked) is absent; the far Fillmore is there because it is marked.
        '2027-05-10 The Fillmore: northern-lanterns',
        '2027-05-20 Old Hall: northern-lanterns',
        '2027-06-01 The Palladium: velvet-harbour',
      ]);
      const paradise = page.months[1]!.shows[0]!;
      expect(paradise).toMatchObject({
        date: '2027-04-02',
        time: '19:30',
        status: 'scheduled',
        distanceKm: 3,
        venue: { name: 'Paradise', city: 'Boston', region: 'MA', country: 'US', timeZone: 'America/New_York' },
        state: null,
        guidePath: `/guide/northern-lanterns/${paradise.artists[0]!.stopSlug}`,
        detailPath: `/shows/${paradise.stopId}`,
      });
      expect(paradise.artists.map((a) => a.artistName)).toEqual(['Northern Lanterns', 'Velvet Harbour']);
      const fillmore = page.months[2]!.shows[0]!;
      expect(fillmore.state).toMatchObject({ state: 'interested' });
      expect(fillmore.distanceKm).toBeGreaterThan(4000);
    });

    it('a bill shows the stop the fan marked, with another artist on it', async () => {
      expect((await mark(fan, 'velvet-harbour@2027-04-02', { state: 'going' })).status).toBe(200);
      const paradise = (await upcoming(fan)).months[1]!.shows[0]!;
      expect(paradise.stopId).toBe(stop('velvet-harbour@2027-04-02'));
      expect(paradise.state).toMatchObject({ state: 'going' });
      expect(paradise.artists.map((a) => a.artistSlug)).toEqual(['velvet-harbour', 'northern-lanterns']);
    });

    it('filters Going, Interested and Near me', async () => {
      expect(summary(await upcoming(fan, '&filter=going'))).toEqual([
        '2027-04-02 Paradise: velvet-harbour+northern-lanterns',
      ]);
      expect(summary(await upcoming(fan, '&filter=interested'))).toEqual([
        '2027-05-10 The Fillmore: northern-lanterns',
      ]);
      expect(summary(await upcoming(fan, '&filter=near'))).toEqual([
        '2027-03-01 The Palladium: northern-lanterns',
        '2027-04-02 Paradise: velvet-harbour+northern-lanterns',
        '2027-05-20 Old Hall: northern-lanterns',
        '2027-06-01 The Palladium: velvet-harbour',
      ]);
    });

    it('narrows and widens with the radius, and keeps the chosen one', async () => {
      expect(summary(await upcoming(fan, '&filter=near&radiusKm=25'))).toEqual([
        '2027-04-02 Paradise: velvet-harbour+northern-lanterns',
        '2027-05-20 Old Hall: northern-lanterns',
      ]);
      expect(summary(await upcoming(fan, '&filter=near&radiusKm=anywhere'))).toHaveLength(5);

      const saved = await fan.browser.request('/api/shows/settings', { method: 'PATCH', json: { radiusKm: '25' } });
      expect(await saved.json()).toEqual({ radiusKm: 25 });
      expect((await upcoming(fan)).radiusKm).toBe(25);
      expect(summary(await upcoming(fan, '&filter=near'))).toHaveLength(2);
      expect((await upcoming(other)).radiusKm).toBe(100);
      const bad = await fan.browser.request('/api/shows/settings', { method: 'PATCH', json: { radiusKm: 30 } });
      expect(bad.status).toBe(400);
      await fan.browser.request('/api/shows/settings', { method: 'PATCH', json: { radiusKm: 'anywhere' } });
      expect((await upcoming(fan)).radiusKm).toBeNull();
      expect(summary(await upcoming(fan))).toHaveLength(5);
      await fan.browser.request('/api/shows/settings', { method: 'PATCH', json: { radiusKm: '100' } });
    });

    it('without a home: marked shows only, nothing near, everything with anywhere', async () => {
      expect((await mark(homeless, 'northern-lanterns@2027-05-10', { state: 'going' })).status).toBe(200);
      const page = await upcoming(homeless);
      expect(page.home).toEqual({ city: null, hasCoordinates: false });
      expect(summary(page)).toEqual(['2027-05-10 The Fillmore: northern-lanterns']);
      expect(page.months[0]!.shows[0]!.distanceKm).toBeNull();
      expect(summary(await upcoming(homeless, '&filter=near'))).toEqual([]);
      expect(summary(await upcoming(homeless, '&radiusKm=anywhere'))).toHaveLength(5);
    });

    it("near you is near every tracked place, each with its own radius, measured from the nearest; another fan's places change nothing", async () => {
      const track = async (who: Fan, radiusKm: number) => {
        const added = await who.browser.request('/api/tracked-places', {
          method: 'POST',
          json: { placeId: SAN_FRANCISCO_PLACE, radiusKm },
        });
        expect(added.status).toBe(201);
        return ((await added.json()) as { place: { id: string } }).place.id;
      };
      const placeId = await track(other, 25);
      const page = await upcoming(other, '&filter=near');
      expect(page.places).toEqual(['San Francisco']);
      expect(summary(page)).toEqual([
        '2027-03-01 The Palladium: northern-lanterns',
        '2027-04-02 Paradise: northern-lanterns+velvet-harbour',
        '2027-05-10 The Fillmore: northern-lanterns',
        '2027-05-20 Old Hall: northern-lanterns',
        '2027-06-01 The Palladium: velvet-harbour',
      ]);
      const fillmore = page.months.flatMap((month) => month.shows).find((show) => show.venue.name === 'The Fillmore')!;
      expect(fillmore).toMatchObject({ distanceKm: 2, distanceFrom: 'San Francisco' });
      expect(page.months[1]!.shows[0]).toMatchObject({ distanceKm: 3, distanceFrom: null });
      // Home's radius narrows home only: at 25 km the Palladium (60 km) goes, the Fillmore stays.
      expect(summary(await upcoming(other, '&filter=near&radiusKm=25'))).toEqual([
        '2027-04-02 Paradise: northern-lanterns+velvet-harbour',
        '2027-05-10 The Fillmore: northern-lanterns',
        '2027-05-20 Old Hall: northern-lanterns',
      ]);

      // Fan A (same home, no tracked place) does not see B's place.
      const mine = await upcoming(fan, '&filter=near');
      expect(mine.places).toEqual([]);
      expect(summary(mine)).not.toContain('2027-05-10 The Fillmore: northern-lanterns');

      // Without a home, a tracked place alone makes "near" mean something.
      const homelessPlace = await track(homeless, 25);
      expect(summary(await upcoming(homeless, '&filter=near'))).toEqual(['2027-05-10 The Fillmore: northern-lanterns']);

      for (const [who, id] of [
        [other, placeId],
        [homeless, homelessPlace],
      ] as const) {
        expect((await who.browser.request(`/api/tracked-places/${id}`, { method: 'DELETE' })).status).toBe(200);
      }
      expect(summary(await upcoming(other, '&filter=near'))).not.toContain(
        '2027-05-10 The Fillmore: northern-lanterns',
      );
    });
  });

  describe('moved and cancelled stops', () => {
    it('a moved stop keeps the state and shows as moved until seen', async () => {
      const key = 'northern-lanterns@2027-05-20';
      expect((await mark(fan, key, { state: 'going' })).status).toBe(200);
      await server.database.db.execute(
        sql`update tour_stops set event_date = '2027-05-21', revision = revision + 1 where id = ${stop(key)}`,
      );
      const state = (await statesOf(fan, [key]))[stop(key)];
      expect(state).toMatchObject({ state: 'going', moved: true });
      const show = (await upcoming(fan)).months[2]!.shows.find((s) => s.stopId === stop(key));
      expect(show).toMatchObject({ date: '2027-05-21', state: { moved: true } });
      const seen = await fan.browser.request(`/api/shows/stops/${stop(key)}/seen`, { method: 'POST' });
      expect((await seen.json()).show).toMatchObject({ state: 'going', moved: false });
    });

    it('a cancelled stop stays in the fan’s lists, marked cancelled, and leaves every public list', async () => {
      const key = 'northern-lanterns@2027-05-20';
      await server.database.db.execute(
        sql`update tour_stops set status = 'cancelled', revision = revision + 1 where id = ${stop(key)}`,
      );
      const mine = (await upcoming(fan, '&filter=going')).months.flatMap((m) => m.shows);
      expect(mine.find((s) => s.stopId === stop(key))).toMatchObject({ status: 'cancelled', state: { moved: true } });
      // Another follower who never marked it does not see it.
      expect(summary(await upcoming(other))).not.toContain('2027-05-21 Old Hall: northern-lanterns');
      const again = await mark(fan, key, { state: 'interested' });
      expect(again.status).toBe(409);
      expect((await again.json()).error.message).toBe('This show was cancelled.');

      const tour = await (await server.fetch(`/api/artists/northern-lanterns?today=${TODAY}`)).json();
      const listed = tour.tours[0].stops.find((s: { id: string }) => s.id === stop(key));
      expect(listed.status).toBe('cancelled');
      expect(tour.tours[0].upcomingCount).toBe(3);
      const profile = await (await server.fetch(`/api/artist-profile/northern-lanterns?today=${TODAY}`)).json();
      expect(profile.nextShows.map((s: { stopId: string }) => s.stopId)).not.toContain(stop(key));
      expect(profile.upcomingShowCount).toBe(3);
    });
  });

  describe('the day-before reminder', () => {
    it('reaches Going fans once per show, not Interested ones nor cancelled shows', async () => {
      const key = 'northern-lanterns@2027-04-02';
      expect((await mark(other, key, { state: 'going', hasTickets: true })).status).toBe(200);
      expect((await mark(homeless, key, { state: 'interested' })).status).toBe(200);
      const reminders = (userId: string) =>
        rows<{ title: string; message: string; dedupe_key: string }>(
          sql`select title, message, dedupe_key from user_notifications
              where user_id = ${userId} and kind = 'show-reminder'`,
        );
      // Two days before: nothing yet.
      await sendShowReminders(server.database, new Date('2027-03-31T12:00:00Z'));
      expect(await reminders(other.id)).toEqual([]);

      await sendShowReminders(server.database, new Date('2027-04-01T09:00:00Z'));
      await sendShowReminders(server.database, new Date('2027-04-01T10:00:00Z'));
      expect(await reminders(other.id)).toEqual([
        {
          title: 'Tomorrow: Northern Lanterns',
          message: 'Fri, Apr 2, 2027 at Paradise, Boston, MA at 7:30 PM. You have tickets.',
          dedupe_key: `show-reminder:${stop(key)}`,
        },
      ]);
      expect(await reminders(homeless.id)).toEqual([]);
      // The fan going to the cancelled Old Hall show hears nothing the day before it.
      await sendShowReminders(server.database, new Date('2027-05-20T12:00:00Z'));
      expect(await reminders(fan.id)).toEqual([
        expect.objectContaining({ dedupe_key: `show-reminder:${stop('velvet-harbour@2027-04-02')}` }),
      ]);
    });
  });
});
