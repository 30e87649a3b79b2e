import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { expectRevalidatedRead } from '#server/lib/public-cache.test-support.ts';
import { NEAR_LIMITS, type NearPlacesResponse, type NearResponse, nearMessages } from '#shared/near.ts';
import { EARTH_RADIUS_KM } from '#shared/places.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { signedInFan } from '#tests/setup/fans.ts';
import { NEAR_READ_LIMIT } from './near.routes.ts';

const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
/** Denver; the edge venues are due north of it. */
const CENTRE = { lat: 39.7392, lon: -104.9903 };
/** Fort Collins in the gazetteer (GeoNames id). */
const FORT_COLLINS_PLACE = '5577147';
const FROM = '2027-05-01';
const TO = '2027-05-31';
const near = (query: Record<string, string | number>) =>
  `/api/near?${new URLSearchParams(Object.entries({ lat: CENTRE.lat, lng: CENTRE.lon, radiusKm: 50, from: FROM, to: TO, ...query }).map(([k, v]) => [k, String(v)]))}`;

const stop = (date: string, venue: string, lat: number, lon: number, time?: string) => ({
  date,
  time,
  venue,
  city: 'Denver',
  region: 'CO',
  country: 'US',
  lat,
  lon,
});

describe('near: shows within a radius of a place', () => {
  let server: AuthTestServer;
  let visitor: TestBrowser;

  async function get(url: string, browser = visitor): Promise<NearResponse> {
    const response = await browser.request(url);
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  }
  const names = (body: NearResponse) => body.shows.map((show) => `${show.artistName}@${show.venueName}:${show.date}`);

  beforeAll(async () => {
    server = await startAuthTestServer();
    visitor = new TestBrowser(server);
    await seedCatalog(server.database, [
      {
        name: 'Edge Walkers',
        genres: ['Indie Rock'],
        tours: [
          {
            name: 'Edge Tour',
            stops: [
              // Exactly 50 km north, and 50 m beyond.
              stop('2027-05-10', 'Edge Hall', CENTRE.lat + 50 / KM_PER_DEGREE, CENTRE.lon, '20:00'),
              stop('2027-05-11', 'Beyond Hall', CENTRE.lat + 50.05 / KM_PER_DEGREE, CENTRE.lon),
            ],
          },
        ],
      },
      {
        name: 'Calendar Keepers',
        genres: ['jazz'],
        tours: [
          {
            name: 'Dates Tour',
            stops: [
              stop('2027-04-30', 'Bluebird Theater', 39.7405, -104.9502),
              stop('2027-05-01', 'Bluebird Theater', 39.7405, -104.9502, '19:30'),
              stop('2027-05-31', 'Bluebird Theater', 39.7405, -104.9502),
              stop('2027-06-01', 'Bluebird Theater', 39.7405, -104.9502),
            ],
          },
        ],
      },
      {
        name: 'Quiet Rooms',
        genres: ['indie rock', 'folk'],
        tours: [
          {
            name: 'States Tour',
            stops: [
              stop('2027-05-05', 'Ogden Theatre', 39.7403, -104.9756, '20:00'),
              stop('2027-05-06', 'Pending Place', 39.75, -104.99),
              stop('2027-05-07', 'Rejected Room', 39.75, -104.98),
              stop('2027-05-08', 'Cancelled Club', 39.76, -104.99),
              stop('2027-05-09', 'Postponed Palace', 39.77, -104.99),
            ],
          },
        ],
      },
      {
        // ~94 km north of Denver: out of every circle around Denver here, inside one around Fort Collins.
        name: 'Plains Drifters',
        genres: ['bluegrass'],
        tours: [
          {
            name: 'Front Range Tour',
            stops: [{ ...stop('2027-05-15', 'Aggie Theatre', 40.587, -105.0772), city: 'Fort Collins' }],
          },
        ],
      },
    ]);
    await server.database.query(
      `update tour_stops s set review_state = case v.name when 'Pending Place' then 'pending' else 'rejected' end
       from venues v where v.id = s.venue_id and v.name in ('Pending Place', 'Rejected Room')`,
    );
    await server.database.query(
      `update tour_stops s set status = case v.name when 'Cancelled Club' then 'cancelled' else 'postponed' end
       from venues v where v.id = s.venue_id and v.name in ('Cancelled Club', 'Postponed Palace')`,
    );
  });
  afterAll(() => server?.close());

  it('lists the public shows in the circle and the dates in date order; pending, rejected and cancelled ones not', async () => {
    const body = await get(near({}));
    expect(names(body)).toEqual([
      'Calendar Keepers@Bluebird Theater:2027-05-01',
      'Quiet Rooms@Ogden Theatre:2027-05-05',
      'Quiet Rooms@Postponed Palace:2027-05-09',
      'Edge Walkers@Edge Hall:2027-05-10',
      'Calendar Keepers@Bluebird Theater:2027-05-31',
    ]);
    expect(body.shows[0]).toMatchObject({ time: '19:30', status: 'scheduled', followed: false, genres: ['jazz'] });
    expect(body.shows[2]!.status).toBe('postponed');
    expect(body.shows[3]!.distanceKm).toBe(50);
    expect(body.nextCursor).toBeNull();
    expect(body.genres).toEqual(['folk', 'indie rock', 'jazz']);
  });

  it('takes a show exactly on the radius and leaves out one 50 m beyond it', async () => {
    const edge = names(await get(near({ radiusKm: 50 })));
    expect(edge).toContain('Edge Walkers@Edge Hall:2027-05-10');
    expect(edge.some((name) => name.includes('Beyond Hall'))).toBe(false);
    expect(names(await get(near({ radiusKm: 51 })))).toContain('Edge Walkers@Beyond Hall:2027-05-11');
    expect(names(await get(near({ radiusKm: 5 })))).toEqual([
      'Calendar Keepers@Bluebird Theater:2027-05-01',
      'Quiet Rooms@Ogden Theatre:2027-05-05',
      'Quiet Rooms@Postponed Palace:2027-05-09',
      'Calendar Keepers@Bluebird Theater:2027-05-31',
    ]);
  });

  it('keeps to the dates, both ends included', async () => {
    expect(names(await get(near({ from: '2027-05-31', to: '2027-06-01' })))).toEqual([
      'Calendar Keepers@Bluebird Theater:2027-05-31',
      'Calendar Keepers@Bluebird Theater:2027-06-01',
    ]);
    expect(names(await get(near({ from: '2027-04-30', to: '2027-04-30' })))).toEqual([
      'Calendar Keepers@Bluebird Theater:2027-04-30',
    ]);
  });

  it('filters by genre whatever its case, and still offers every genre of the area', async () => {
    const body = await get(near({ genre: 'INDIE ROCK' }));
    expect(names(body)).toEqual([
      'Quiet Rooms@Ogden Theatre:2027-05-05',
      'Quiet Rooms@Postponed Palace:2027-05-09',
      'Edge Walkers@Edge Hall:2027-05-10',
    ]);
    expect(body.genres).toEqual(['folk', 'indie rock', 'jazz']);
    expect((await get(near({ genre: 'polka' }))).shows).toEqual([]);
  });

  it("a visitor's answer is a public, revalidated read", async () => {
    await expectRevalidatedRead(server, near({}), 60);
  });

  it("marks a signed-in fan's followed artists, in an answer that is theirs alone", async () => {
    const fan = await signedInFan(server, { label: 'near' });
    expect((await fan.browser.request('/api/favorites/quiet-rooms', { method: 'PUT' })).status).toBeLessThan(300);
    const response = await fan.browser.request(near({}));
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = (await response.json()) as NearResponse;
    expect(body.shows.filter((show) => show.followed).map((show) => show.artistSlug)).toEqual([
      'quiet-rooms',
      'quiet-rooms',
    ]);
    // Another fan sees no marks of the first one's follows.
    const other = await signedInFan(server, { label: 'near' });
    expect((await get(near({}), other.browser)).shows.some((show) => show.followed)).toBe(false);
  });

  it('pages through many shows with the cursor, each once, in order', async () => {
    const dates = Array.from(
      { length: NEAR_LIMITS.pageSize + 12 },
      (_, i) => `2028-0${1 + Math.floor(i / 28)}-${String(1 + (i % 28)).padStart(2, '0')}`,
    );
    await seedCatalog(server.database, [
      {
        name: 'Long Runners',
        tours: [{ name: 'Residency', stops: dates.map((date) => stop(date, 'Paramount Theatre', 39.7439, -104.9893)) }],
      },
    ]);
    const query = { from: '2028-01-01', to: '2028-12-31' };
    const first = await get(near(query));
    expect(first.shows).toHaveLength(NEAR_LIMITS.pageSize);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await get(near({ ...query, cursor: first.nextCursor! }));
    expect(second.shows).toHaveLength(12);
    expect(second.nextCursor).toBeNull();
    expect(second.genres).toBeNull();
    expect([...first.shows, ...second.shows].map((show) => show.date)).toEqual(dates);
  });

  it('refuses input it cannot answer, with messages for people', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ lat: 91 }, nearMessages.latRange],
      [{ lng: 'east' }, nearMessages.lngRange],
      [{ radiusKm: NEAR_LIMITS.radiusMaxKm + 1 }, nearMessages.radiusRange],
      [{ radiusKm: 1 }, nearMessages.radiusRange],
      [{ radiusKm: 12.5 }, nearMessages.radiusRange],
      [{ from: '2027-02-30' }, nearMessages.dateInvalid],
      [{ from: '2027-06-01', to: '2027-05-01' }, nearMessages.toBeforeFrom],
      [{ from: '2027-01-01', to: '2028-01-02' }, nearMessages.rangeTooLong],
      [{ genre: 'x'.repeat(NEAR_LIMITS.genreMax + 1) }, nearMessages.genreTooLong],
      [{ cursor: 'not-a-cursor' }, nearMessages.cursorInvalid],
    ];
    for (const [query, message] of cases) {
      const response = await visitor.request(near(query));
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect((await response.json()).error.message).toBe(message);
    }
    const missing = await visitor.request('/api/near?lat=39.7');
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toBe(nearMessages.placeMissing);
    const notMine = await visitor.request('/api/near?places=theirs');
    expect(notMine.status).toBe(400);
    expect((await notMine.json()).error.message).toBe(nearMessages.placesInvalid);
  });

  it("gives a fan their own home and tracked places, a visitor none, and never another fan's; places=mine reads around all of them", async () => {
    const [alice, bob] = [await signedInFan(server, { label: 'home' }), await signedInFan(server, { label: 'home' })];
    await server.database.query(
      `update users set home_city = 'Denver', home_region = 'CO', home_country = 'US', home_lat = $2, home_lon = $3,
         shows_radius_km = 25 where id = $1`,
      [alice.id, CENTRE.lat, CENTRE.lon],
    );
    const tracked = await alice.browser.request('/api/tracked-places', {
      method: 'POST',
      json: { placeId: FORT_COLLINS_PLACE, radiusKm: 25 },
    });
    expect(tracked.status).toBe(201);
    const places = async (browser: TestBrowser): Promise<NearPlacesResponse> => {
      const response = await browser.request('/api/near/places');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      return response.json();
    };
    expect(await places(alice.browser)).toEqual({
      places: [
        { home: true, label: 'Denver, CO', lat: CENTRE.lat, lng: CENTRE.lon, radiusKm: 25 },
        {
          home: false,
          label: 'Fort Collins, Colorado, United States',
          lat: 40.58526,
          lng: -105.08442,
          radiusKm: 25,
        },
      ],
    });
    expect(await places(bob.browser)).toEqual({ places: [] });
    expect(await places(visitor)).toEqual({ places: [] });

    // Around both of Alice's places, each with its own 25 km: Edge Hall (50 km from Denver) is out,
    // the Aggie Theatre (94 km from Denver) is in, measured from Fort Collins.
    const mine = await get(`/api/near?places=mine&from=${FROM}&to=${TO}`, alice.browser);
    expect(names(mine)).toEqual([
      'Calendar Keepers@Bluebird Theater:2027-05-01',
      'Quiet Rooms@Ogden Theatre:2027-05-05',
      'Quiet Rooms@Postponed Palace:2027-05-09',
      'Plains Drifters@Aggie Theatre:2027-05-15',
      'Calendar Keepers@Bluebird Theater:2027-05-31',
    ]);
    expect(mine.shows[3]!.distanceKm).toBeLessThan(2);
    expect(mine.genres).toEqual(['bluegrass', 'folk', 'indie rock', 'jazz']);
    // Bob has no places: nothing, whatever Alice tracks; a visitor must sign in.
    expect(await get(`/api/near?places=mine&from=${FROM}&to=${TO}`, bob.browser)).toEqual({
      shows: [],
      nextCursor: null,
      genres: [],
    });
    const signedOut = await visitor.request(`/api/near?places=mine&from=${FROM}&to=${TO}`);
    expect(signedOut.status).toBe(401);
    expect((await signedOut.json()).error.message).toBe(nearMessages.mineSignedOut);
  });

  it('limits how often one client reads', async () => {
    const client = new TestBrowser(server);
    for (let i = 0; i < NEAR_READ_LIMIT.max; i++)
      expect((await client.request(near({ radiusKm: 5 }))).status).toBe(200);
    const over = await client.request(near({ radiusKm: 5 }));
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
