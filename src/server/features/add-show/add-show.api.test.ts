import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import type { AppEvent } from '#server/lib/event-bus.ts';
import type { AddShowRequest } from '#shared/add-show-api.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { signedInFan } from '#tests/setup/fans.ts';

const TODAY = '2027-03-01';
const MBID = '5b11f4ce-a62d-471e-81fc-a69a8278c7da';

const BOULDER = {
  id: '5574991',
  name: 'Boulder',
  region: 'Colorado',
  country: 'United States',
  countryCode: 'US',
  lat: 40.01499,
  lon: -105.27055,
  timeZone: 'America/Denver',
};

/** A signed-in fan's browser. */
const signedInBrowser = async (server: AuthTestServer) => (await signedInFan(server)).browser;

const addShow = (browser: TestBrowser, body: Partial<AddShowRequest>) =>
  browser.request('/api/add-show', { json: { today: TODAY, ...body } });

describe('Add Show API', () => {
  let server: AuthTestServer;
  const count = async (sql: string, params: unknown[] = []) =>
    (await server.database.query<{ n: number }>(sql, params)).rows[0]!.n;

  beforeAll(async () => {
    server = await startAuthTestServer();
    await seedCatalog(server.database, [
      {
        name: 'Northern Lanterns',
        tours: [
          {
            name: 'Harbour Lights Tour',
            stops: [
              { date: '2026-11-01', venue: 'The Anthem', city: 'Washington', region: 'DC', country: 'US' },
              { date: '2027-04-02', venue: 'Red Rocks', city: 'Morrison', region: 'CO', country: 'US' },
            ],
          },
        ],
      },
      { name: 'Amber Skies', tours: [] },
    ]);
  });
  afterAll(() => server?.close());

  it('answers 401 to visitors and changes nothing', async () => {
    const visitor = new TestBrowser(server);
    const before = await count('select count(*)::int as n from tour_stops');
    const response = await addShow(visitor, {
      artist: { kind: 'catalog', slug: 'northern-lanterns' },
      venue: { kind: 'catalog', slug: 'the-anthem-washington-dc' },
      date: '2026-11-01',
    });
    expect(response.status).toBe(401);
    expect((await visitor.request('/api/add-show/venues?q=anthem')).status).toBe(401);
    expect(await count('select count(*)::int as n from tour_stops')).toBe(before);
  });

  it('links to the catalog stop when the artist already plays that venue on that date (past: attended)', async () => {
    const fan = await signedInBrowser(server);
    const stops = await count('select count(*)::int as n from tour_stops');
    const response = await addShow(fan, {
      artist: { kind: 'catalog', slug: 'northern-lanterns' },
      venue: { kind: 'catalog', slug: 'the-anthem-washington-dc' },
      date: '2026-11-01',
      notes: 'Front row!',
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ linked: true, state: 'attended', pending: false });
    const { rows } = await server.database.query<{ slug: string }>('select slug from tour_stops where id = $1', [
      body.stopId,
    ]);
    expect(rows[0]!.slug).toBe('2026-11-01-washington-dc');
    expect(await count('select count(*)::int as n from tour_stops')).toBe(stops);
    const detail = await (await fan.request(`/api/shows/${body.stopId}`)).json();
    expect(detail.mine).toMatchObject({ state: 'attended', notes: 'Front row!' });
  });

  it('links a future catalog show as Going', async () => {
    const fan = await signedInBrowser(server);
    const response = await addShow(fan, {
      artist: { kind: 'catalog', slug: 'northern-lanterns' },
      venue: { kind: 'catalog', slug: 'red-rocks-morrison-co' },
      date: '2027-04-02',
    });
    expect(await response.json()).toMatchObject({ linked: true, state: 'going' });
  });

  it('creates a pending stop at a new venue that only its author sees, kept out of every public read', async () => {
    const author = await signedInBrowser(server);
    const other = await signedInBrowser(server);
    const visitor = new TestBrowser(server);
    const profileBefore = await (await visitor.request(`/api/artist-profile/amber-skies?today=${TODAY}`)).json();
    const listBefore = await (await visitor.request(`/api/artists?today=${TODAY}&all=1`)).json();
    const busEvents: AppEvent[] = [];
    const unsubscribe = server.background.events.subscribe(
      () => true,
      (event) => busEvents.push(event),
    );

    const response = await addShow(author, {
      artist: { kind: 'catalog', slug: 'amber-skies' },
      venue: { kind: 'new', name: 'Fox Theatre', place: BOULDER },
      date: '2027-06-12',
      time: '20:00',
      tourName: 'Summer Run',
    });
    expect(response.status).toBe(201);
    unsubscribe();
    expect(busEvents).toContainEqual({ type: 'catalog-changed' });
    const { stopId, linked, state, pending } = await response.json();
    expect({ linked, state, pending }).toEqual({ linked: false, state: 'going', pending: true });

    const { rows } = await server.database.query<Record<string, unknown>>(
      `select s.review_state, s.submitted_by is not null as submitted, s.submitted_at is not null as dated, s.source,
              v.city, v.region, v.country, v.time_zone, v.lat, t.name as tour
       from tour_stops s join venues v on v.id = s.venue_id join tours t on t.id = s.tour_id where s.id = $1`,
      [stopId],
    );
    expect(rows[0]).toEqual({
      review_state: 'pending',
      submitted: true,
      dated: true,
      source: 'user',
      city: 'Boulder',
      region: 'CO',
      country: 'US',
      time_zone: 'America/Denver',
      lat: 40.01499,
      tour: 'Summer Run',
    });

    // The author sees it in the show detail; another fan and visitors do not.
    const mine = await author.request(`/api/shows/${stopId}`);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ reviewState: 'pending', venue: { name: 'Fox Theatre' } });
    expect((await other.request(`/api/shows/${stopId}`)).status).toBe(404);
    expect((await visitor.request(`/api/shows/${stopId}`)).status).toBe(401);

    // Public reads: tour page, artist page, venue page, artist list (counts and "upcoming"), search.
    for (const browser of [visitor, author]) {
      const tour = await (await browser.request(`/api/artists/amber-skies?today=${TODAY}`)).json();
      expect(tour.tours).toEqual([]);
      const profile = await (await browser.request(`/api/artist-profile/amber-skies?today=${TODAY}`)).json();
      expect(profile.nextShows).toEqual([]);
      expect(profile.upcomingShowCount).toBe(0);
      expect(profile.tours).toEqual(profileBefore.tours);
    }
    const venue = await (await visitor.request(`/api/venues/fox-theatre-boulder-co?today=${TODAY}`)).json();
    expect(venue.upcomingShows ?? venue.shows ?? []).toEqual([]);
    const listAfter = await (await visitor.request(`/api/artists?today=${TODAY}&all=1`)).json();
    expect(listAfter).toEqual(listBefore);
    const upcoming = await (await visitor.request(`/api/artists?today=${TODAY}`)).json();
    expect(upcoming.artists.map((artist: { slug: string }) => artist.slug)).not.toContain('amber-skies');
    const search = await (await visitor.request('/api/search/artists?q=Amber%20Skies')).json();
    expect(search.matches).toEqual([{ name: 'Amber Skies', slug: 'amber-skies', tourCount: 0 }]);
    const { rows: stats } = await server.database.query<{ tour_count: number; last_event_date: string | null }>(
      "select tour_count, last_event_date from artists where slug = 'amber-skies'",
    );
    expect(stats[0]).toEqual({ tour_count: 0, last_event_date: null });

    // Once approved, the stop is public like any other.
    await server.database.query("update tour_stops set review_state = 'approved' where id = $1", [stopId]);
    const approved = await (await visitor.request(`/api/artists/amber-skies?today=${TODAY}`)).json();
    expect(approved.tours.map((tour: { name: string }) => tour.name)).toEqual(['Summer Run']);
    expect((await other.request(`/api/shows/${stopId}`)).status).toBe(200);
  });

  it('links a second fan to the same pending submission instead of adding a duplicate', async () => {
    const first = await signedInBrowser(server);
    const second = await signedInBrowser(server);
    const show = {
      artist: { kind: 'musicbrainz' as const, name: 'Glass Orchard', mbid: MBID },
      venue: { kind: 'new' as const, name: 'Bluebird Theater', place: { ...BOULDER, name: 'Denver', id: '5419384' } },
      date: '2019-05-04',
    };
    const added = await (await addShow(first, show)).json();
    expect(added).toMatchObject({ linked: false, state: 'attended' });
    const { rows } = await server.database.query<{ mbid: string; name: string }>(
      "select mbid, name from artists where slug = 'glass-orchard'",
    );
    expect(rows).toEqual([{ mbid: MBID, name: 'Glass Orchard' }]);

    const again = await (await addShow(second, show)).json();
    expect(again).toEqual({ stopId: added.stopId, linked: true, state: 'attended', pending: true });
    expect(
      await count("select count(*)::int as n from tour_stops where source = 'user' and event_date = '2019-05-04'"),
    ).toBe(1);
    expect((await second.request(`/api/shows/${added.stopId}`)).status).toBe(200);
    // The same fan adding it twice keeps one stop and one row.
    expect(await (await addShow(first, show)).json()).toMatchObject({ stopId: added.stopId, linked: true });
    expect(await count('select count(*)::int as n from user_shows where stop_id = $1', [added.stopId])).toBe(2);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const fan = await signedInBrowser(server);
    const stops = await count('select count(*)::int as n from tour_stops');
    const base = {
      artist: { kind: 'catalog' as const, slug: 'amber-skies' },
      venue: { kind: 'catalog' as const, slug: 'the-anthem-washington-dc' },
      date: '2020-01-01',
    };
    const cases: [Partial<AddShowRequest>, number, string][] = [
      [{ ...base, date: '1949-12-31' }, 400, 'Pick a date between 1950 and 2100.'],
      [{ ...base, date: '2101-01-01' }, 400, 'Pick a date between 1950 and 2100.'],
      [{ ...base, date: '2027-02-30' }, 400, 'expected YYYY-MM-DD'],
      [{ ...base, notes: 'x'.repeat(5001) }, 400, 'Notes can be at most 5,000 characters.'],
      [
        { ...base, artist: { kind: 'catalog', slug: 'nobody-at-all' } },
        400,
        'That artist is not in the catalog any more. Search again.',
      ],
      [
        { ...base, venue: { kind: 'catalog', slug: 'no-such-venue' } },
        400,
        'That venue is not in the catalog any more. Search again.',
      ],
      [{ ...base, time: '25:00' }, 400, 'expected a time such as 19:30'],
    ];
    for (const [body, status, message] of cases) {
      const response = await addShow(fan, body);
      expect(response.status).toBe(status);
      expect((await response.json()).error.message).toBe(message);
    }
    expect(await count('select count(*)::int as n from tour_stops')).toBe(stops);
    expect(
      await count(
        'select count(*)::int as n from user_shows where user_id = (select id from users order by created_at desc limit 1)',
      ),
    ).toBe(0);
    // Dates at both ends of the range are accepted.
    expect((await addShow(fan, { ...base, date: '1950-01-01' })).status).toBe(201);
    expect((await addShow(fan, { ...base, date: '2100-12-31' })).status).toBe(201);
  });

  it('finds catalog venues by name or city for the typeahead', async () => {
    const fan = await signedInBrowser(server);
    const answer = await (await fan.request('/api/add-show/venues?q=anth')).json();
    expect(answer.venues[0]).toEqual({
      name: 'The Anthem',
      slug: 'the-anthem-washington-dc',
      city: 'Washington',
      region: 'DC',
      country: 'US',
    });
    const byCity = await (await fan.request('/api/add-show/venues?q=morrison')).json();
    expect(byCity.venues.map((venue: { slug: string }) => venue.slug)).toContain('red-rocks-morrison-co');
  });
});
