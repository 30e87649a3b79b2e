import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { placesMessages } from '#shared/places.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { signedInFan } from '#tests/setup/fans.ts';
import { fillVenueTimeZones, matchFreeTextHomes } from './places.backfill.ts';

/** GeoNames ids: Denver, Colorado and Austin, Texas. */
const DENVER = '5419384';
const AUSTIN = '4671654';

const newUser = (server: AuthTestServer, fullName = 'Place Fan') => signedInFan(server, { fullName });

async function homeRow(server: AuthTestServer, userId: string) {
  const { rows } = await server.database.query<Record<string, unknown>>(
    `select home_place_id, home_city, home_region, home_country, home_lat, home_lon, home_time_zone
     from users where id = $1`,
    [userId],
  );
  return rows[0];
}

describe('places: typeahead, home place, time-zone back-fills', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthTestServer();
  });
  afterAll(() => server?.close());

  it('finds cities by prefix, accents and case ignored, exact and most populous first', async () => {
    const response = await server.fetch('/api/places?q=denver');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('max-age');
    const { places } = await response.json();
    expect(places[0]).toEqual({
      id: DENVER,
      name: 'Denver',
      region: 'Colorado',
      country: 'United States',
      countryCode: 'US',
      lat: 39.73915,
      lon: -104.9847,
      timeZone: 'America/Denver',
      population: 682545,
    });
    expect(places.length).toBeLessThanOrEqual(8);
    const zurich = (await (await server.fetch('/api/places?q=ZURICH&limit=1')).json()).places;
    expect(zurich).toMatchObject([{ name: 'Zürich', country: 'Switzerland', timeZone: 'Europe/Zurich' }]);
    const paris = (await (await server.fetch(`/api/places?q=${encodeURIComponent('Paris, TX')}`)).json()).places;
    expect(paris[0]).toMatchObject({ name: 'Paris', region: 'Texas', timeZone: 'America/Chicago' });
    const none = await (await server.fetch('/api/places?q=qqqxqqq')).json();
    expect(none).toEqual({ places: [] });
  });

  it('refuses an empty or too long query and a limit out of bounds, with clear messages', async () => {
    const cases: [string, string][] = [
      ['/api/places', placesMessages.queryRequired],
      ['/api/places?q=', placesMessages.queryRequired],
      ['/api/places?q=%20%20', placesMessages.queryRequired],
      [`/api/places?q=${'a'.repeat(101)}`, placesMessages.queryTooLong],
      ['/api/places?q=den&limit=0', placesMessages.limitRange],
      ['/api/places?q=den&limit=21', placesMessages.limitRange],
      ['/api/places?q=den&limit=2.5', placesMessages.limitRange],
      ['/api/places?q=den&limit=many', placesMessages.limitRange],
    ];
    for (const [path, message] of cases) {
      const response = await server.fetch(path);
      expect(response.status, path).toBe(400);
      expect((await response.json()).error.message, path).toBe(message);
    }
    const twenty = await (await server.fetch('/api/places?q=san&limit=20')).json();
    expect(twenty.places).toHaveLength(20);
    const one = await (await server.fetch('/api/places?q=san&limit=1')).json();
    expect(one.places).toHaveLength(1);
  });

  it('answers one place by id, 404 for unknown or malformed ids', async () => {
    const found = await server.fetch(`/api/places/${AUSTIN}`);
    expect(found.status).toBe(200);
    expect((await found.json()).place).toMatchObject({ name: 'Austin', region: 'Texas', timeZone: 'America/Chicago' });
    expect((await server.fetch('/api/places/1')).status).toBe(404);
    expect((await server.fetch('/api/places/not-a-number')).status).toBe(404);
  });

  it('saves home as a place looked up by id on the server, and clears it', async () => {
    const { browser, id } = await newUser(server);
    const saved = await browser.request('/api/account/profile', {
      method: 'PATCH',
      // Coordinates sent by the client are not part of the contract and are ignored.
      json: { fullName: 'Place Fan', homePlaceId: DENVER, homeLat: 1, homeLon: 2, homeTimeZone: 'Asia/Tokyo' },
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).user).toMatchObject({
      homePlaceId: DENVER,
      homeCity: 'Denver',
      homeRegion: 'Colorado',
      homeCountry: 'United States',
      homeTimeZone: 'America/Denver',
    });
    expect(await homeRow(server, id)).toEqual({
      home_place_id: DENVER,
      home_city: 'Denver',
      home_region: 'Colorado',
      home_country: 'United States',
      home_lat: 39.73915,
      home_lon: -104.9847,
      home_time_zone: 'America/Denver',
    });
    // Leaving homePlaceId out keeps home; null clears all of it.
    await browser.request('/api/account/profile', { method: 'PATCH', json: { fullName: 'Renamed Fan' } });
    expect((await homeRow(server, id))?.home_place_id).toBe(DENVER);
    await browser.request('/api/account/profile', {
      method: 'PATCH',
      json: { fullName: 'Place Fan', homePlaceId: null },
    });
    expect(Object.values((await homeRow(server, id)) ?? {}).every((value) => value === null)).toBe(true);
  });

  it('refuses an unknown place id with a clear error and changes nothing', async () => {
    const { browser } = await newUser(server);
    await browser.request('/api/account/profile', {
      method: 'PATCH',
      json: { fullName: 'Place Fan', homePlaceId: AUSTIN },
    });
    for (const homePlaceId of ['1', 'denver', '-5', '0']) {
      const refused = await browser.request('/api/account/profile', {
        method: 'PATCH',
        json: { fullName: 'Other Name', homePlaceId },
      });
      expect(refused.status, homePlaceId).toBe(400);
      const body = await refused.json();
      expect(body.error.message).toBe(placesMessages.unknownPlace);
      expect(body.error.issues[0].path).toBe('homePlaceId');
    }
    const me = (await (await browser.request('/api/me')).json()).user;
    expect(me).toMatchObject({ fullName: 'Place Fan', homePlaceId: AUSTIN, homeCity: 'Austin' });
  });

  it("changes only the signed-in user's home: user A cannot change user B's", async () => {
    const a = await newUser(server, 'User A');
    const b = await newUser(server, 'User B');
    await b.browser.request('/api/account/profile', {
      method: 'PATCH',
      json: { fullName: 'User B', homePlaceId: AUSTIN },
    });
    // The route has no user id to aim at: a body naming B is still A's own update.
    await a.browser.request('/api/account/profile', {
      method: 'PATCH',
      json: { fullName: 'User A', homePlaceId: DENVER, id: b.id, userId: b.id },
    });
    expect((await homeRow(server, b.id))?.home_place_id).toBe(AUSTIN);
    expect((await homeRow(server, a.id))?.home_place_id).toBe(DENVER);
    const visitor = await new TestBrowser(server).request('/api/account/profile', {
      method: 'PATCH',
      json: { fullName: 'Nobody', homePlaceId: DENVER },
    });
    expect(visitor.status).toBe(401);
  });

  it('matches free-text home cities once, best effort, keeping the text when nothing matches', async () => {
    const users = {
      plain: await newUser(server),
      qualified: await newUser(server),
      accented: await newUser(server),
      unknown: await newUser(server),
      chosen: await newUser(server),
    };
    const setCity = (id: string, city: string) =>
      server.database.query('update users set home_city = $2 where id = $1', [id, city]);
    await setCity(users.plain.id, 'Paris');
    await setCity(users.qualified.id, 'paris, tx');
    await setCity(users.accented.id, 'zurich');
    await setCity(users.unknown.id, 'Somewhere Over The Rainbow');
    await users.chosen.browser.request('/api/account/profile', {
      method: 'PATCH',
      json: { fullName: 'Chosen', homePlaceId: DENVER },
    });

    const first = await matchFreeTextHomes(server.database);
    expect(first.matched).toBeGreaterThanOrEqual(3);
    expect(await homeRow(server, users.plain.id)).toMatchObject({
      home_city: 'Paris',
      home_country: 'France',
      home_time_zone: 'Europe/Paris',
    });
    expect(await homeRow(server, users.qualified.id)).toMatchObject({
      home_region: 'Texas',
      home_country: 'United States',
    });
    expect(await homeRow(server, users.accented.id)).toMatchObject({
      home_city: 'Zürich',
      home_time_zone: 'Europe/Zurich',
    });
    expect(await homeRow(server, users.unknown.id)).toMatchObject({
      home_place_id: null,
      home_city: 'Somewhere Over The Rainbow',
      home_lat: null,
    });
    expect((await homeRow(server, users.chosen.id))?.home_place_id).toBe(DENVER);

    // Idempotent: a second run changes nothing.
    const before = await homeRow(server, users.plain.id);
    const second = await matchFreeTextHomes(server.database);
    // Once per home: the unmatched one is not read (nor the gazetteer built) again.
    expect(second).toEqual({ matched: 0, kept: 0 });
    expect(await homeRow(server, users.plain.id)).toEqual(before);
  });

  it('gives venues a time zone: new ones from their coordinates, old ones by the back-fill', async () => {
    await seedCatalog(server.database, [
      {
        name: 'Zone Testers',
        tours: [
          {
            name: 'Clock Tour',
            stops: [
              {
                date: '2099-04-02',
                time: '19:30',
                venue: 'Red Rocks Amphitheatre',
                city: 'Morrison',
                region: 'CO',
                country: 'US',
                lat: 39.6654,
                lon: -105.2057,
              },
              { date: '2099-05-01', time: '20:00', venue: 'Coordless Hall', city: 'Lyon', country: 'FR' },
            ],
          },
        ],
      },
    ]);
    const zoneOf = async (name: string) =>
      (await server.database.query<{ tz: string | null }>('select time_zone as tz from venues where name = $1', [name]))
        .rows[0]?.tz;
    expect(await zoneOf('Red Rocks Amphitheatre')).toBe('America/Denver');
    expect(await zoneOf('Coordless Hall')).toBeNull();

    // Venues from before (no zone): one with coordinates, one placed by its city, one unplaceable.
    await server.database.query(
      `insert into venues (name, slug, identity_key, city, region, country, lat, lon) values
        ('Old Tokyo Club', 'old-tokyo-club', 'old tokyo club|tokyo||jp', 'Tokyo', null, 'JP', 35.6895, 139.69171),
        ('Nowhere Barn', 'nowhere-barn', 'nowhere barn|qqqx||us', 'Qqqx', null, 'US', null, null),
        ('Tiny Town Hall', 'tiny-town-hall', 'tiny town hall|qqqy|co|us', 'Qqqy', 'CO', 'US', null, null)`,
    );
    const first = await fillVenueTimeZones(server.database);
    expect(first).toMatchObject({ filled: 3, unplaced: 1 });
    expect(await zoneOf('Old Tokyo Club')).toBe('Asia/Tokyo');
    // Too small for the gazetteer: its state's zone, not a namesake's elsewhere.
    expect(await zoneOf('Tiny Town Hall')).toBe('America/Denver');
    expect(await zoneOf('Coordless Hall')).toBe('Europe/Paris');
    expect(await zoneOf('Nowhere Barn')).toBeNull();
    // The unplaceable one was tried once: the next start reads nothing and builds no gazetteer.
    let built = false;
    const gazetteer = async () => {
      built = true;
      throw new Error('not needed');
    };
    expect(await fillVenueTimeZones(server.database, gazetteer)).toEqual({ filled: 0, unplaced: 0 });
    expect(built).toBe(false);
  });

  it('fills 2,000 venues in well under a few seconds', async () => {
    await server.database.query(
      `insert into venues (name, slug, identity_key, city, country, lat, lon)
       select 'Bulk ' || i, 'bulk-' || i, 'bulk ' || i || '|x||us', 'X', 'US', 30 + (i % 20), -120 + (i % 40)
       from generate_series(1, 2000) as i`,
    );
    const started = performance.now();
    const result = await fillVenueTimeZones(server.database);
    const ms = performance.now() - started;
    expect(result.filled).toBe(2000);
    expect(ms).toBeLessThan(5000);
    const { rows } = await server.database.query<{ n: number }>(
      "select count(*)::int as n from venues where name like 'Bulk %' and time_zone is null",
    );
    expect(rows[0]?.n).toBe(0);
  });

  it("shows stops with their venue's time zone on the tour, artist and venue pages", async () => {
    const today = '2026-01-01';
    const tour = await (await server.fetch(`/api/artists/zone-testers?today=${today}`)).json();
    const stops = tour.tours[0].stops;
    expect(stops.map((stop: { timeZone: string }) => stop.timeZone)).toEqual(['America/Denver', 'Europe/Paris']);
    const profile = await (await server.fetch(`/api/artist-profile/zone-testers?today=${today}`)).json();
    expect(profile.nextShows[0]).toMatchObject({ venueName: 'Red Rocks Amphitheatre', timeZone: 'America/Denver' });
    const venue = await (await server.fetch(`/api/venues/${stops[0].venueSlug}?today=${today}`)).json();
    expect(venue.venue.timeZone).toBe('America/Denver');
  });
});
