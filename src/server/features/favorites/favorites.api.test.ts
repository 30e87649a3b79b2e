import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from '#server/auth/auth.test-support.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';

const TODAY = '2027-03-01';
const PASSWORD = 'heart-of-glass-77';

async function signedInFan(server: AuthTestServer): Promise<TestBrowser> {
  const browser = new TestBrowser(server);
  const response = await signUp(browser, uniqueEmail(), PASSWORD);
  expect(response.status).toBe(200);
  return browser;
}

const put = (browser: TestBrowser, slug: string) => browser.request(`/api/favorites/${slug}`, { method: 'PUT' });
const remove = (browser: TestBrowser, slug: string) => browser.request(`/api/favorites/${slug}`, { method: 'DELETE' });
const list = async (browser: TestBrowser) => (await browser.request(`/api/favorites?today=${TODAY}`)).json();

describe('favourite artists', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthTestServer();
    await seedCatalog(server.database, [
      {
        name: 'NORTHERN lanterns',
        tours: [
          {
            name: 'Harbour Lights Tour',
            stops: [
              { date: '2027-02-01', venue: 'Old Hall', city: 'Boston', region: 'MA', country: 'US' },
              { date: '2027-04-02', venue: 'The Anthem', city: 'Washington', region: 'DC', country: 'US' },
              { date: '2027-05-10', venue: 'Paradise', city: 'Boston', region: 'MA', country: 'US' },
            ],
          },
        ],
      },
      { name: 'Velvet Harbour', tours: [] },
      { name: 'Amber Skies', tours: [] },
    ]);
    // The Anthem, Washington DC.
    await server.database.query("update venues set lat = 38.8799, lon = -77.0253 where name = 'The Anthem'");
  });
  afterAll(() => server?.close());

  it('answers 401 to signed-out requests', async () => {
    const visitor = new TestBrowser(server);
    expect((await put(visitor, 'velvet-harbour')).status).toBe(401);
    expect((await remove(visitor, 'velvet-harbour')).status).toBe(401);
    expect((await visitor.request('/api/favorites/status?slugs=velvet-harbour')).status).toBe(401);
    const listed = await visitor.request(`/api/favorites?today=${TODAY}`);
    expect(listed.status).toBe(401);
    expect((await listed.json()).error.code).toBe('UNAUTHORIZED');
  });

  it('adds, reports and removes a favourite, with no-store answers', async () => {
    const fan = await signedInFan(server);
    const before = await fan.request('/api/favorites/status?slugs=northern-lanterns,velvet-harbour');
    expect(before.headers.get('cache-control')).toBe('private, no-store');
    expect(await before.json()).toEqual({ favorited: [] });

    const added = await put(fan, 'northern-lanterns');
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({
      artistSlug: 'northern-lanterns',
      artistName: 'Northern Lanterns',
      favorited: true,
    });
    // Tapping twice (two tabs) keeps one row.
    expect((await put(fan, 'northern-lanterns')).status).toBe(200);
    const { rows } = await server.database.query<{ count: number; source: string; artist_name: string }>(
      "select count(*)::int as count, min(source) as source, min(artist_name) as artist_name from favorite_artists where artist_slug = 'northern-lanterns'",
    );
    expect(rows[0]).toEqual({ count: 1, source: 'manual', artist_name: 'NORTHERN lanterns' });

    const status = await fan.request('/api/favorites/status?slugs=northern-lanterns,velvet-harbour');
    expect(await status.json()).toEqual({ favorited: ['northern-lanterns'] });

    const removed = await remove(fan, 'northern-lanterns');
    expect(await removed.json()).toEqual({
      artistSlug: 'northern-lanterns',
      artistName: 'Northern Lanterns',
      favorited: false,
    });
    expect((await list(fan)).favorites).toEqual([]);
  });

  it('lists followed artists with their next show and the distance from the home city when known', async () => {
    const fan = await signedInFan(server);
    await put(fan, 'velvet-harbour');
    await put(fan, 'northern-lanterns');
    const withoutHome = await list(fan);
    expect(withoutHome.homeCity).toBeNull();
    expect(withoutHome.favorites.map((entry: { artistSlug: string }) => entry.artistSlug)).toEqual([
      'northern-lanterns',
      'velvet-harbour',
    ]);
    expect(withoutHome.favorites[0]).toMatchObject({
      artistName: 'Northern Lanterns',
      source: 'manual',
      nextShow: { date: '2027-04-02', venueName: 'The Anthem', venueSlug: expect.any(String), city: 'Washington' },
      distanceKm: null,
    });
    expect(withoutHome.favorites[1]).toMatchObject({ artistName: 'Velvet Harbour', nextShow: null, distanceKm: null });

    // New York City: about 330 km from the venue in Washington.
    const me = await (await fan.request('/api/me')).json();
    await server.database.query(
      "update users set home_city = 'New York', home_lat = 40.7128, home_lon = -74.006 where id = $1",
      [me.user.id],
    );
    const withHome = await list(fan);
    expect(withHome.homeCity).toBe('New York');
    expect(withHome.favorites[0].distanceKm).toBeGreaterThan(300);
    expect(withHome.favorites[0].distanceKm).toBeLessThan(360);
  });

  it("keeps each user's favourites to that user", async () => {
    const alice = await signedInFan(server);
    const bob = await signedInFan(server);
    await put(alice, 'amber-skies');
    // Bob removing the same artist only touches his own (absent) row.
    expect((await remove(bob, 'amber-skies')).status).toBe(200);
    expect((await list(alice)).favorites.map((entry: { artistSlug: string }) => entry.artistSlug)).toEqual([
      'amber-skies',
    ]);
    expect((await list(bob)).favorites).toEqual([]);
    expect(await (await bob.request('/api/favorites/status?slugs=amber-skies')).json()).toEqual({ favorited: [] });
  });

  it('answers 404 for unknown artists and 400 for malformed slugs', async () => {
    const fan = await signedInFan(server);
    const unknown = await put(fan, 'nobody-at-all');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('NOT_FOUND');
    expect((await put(fan, 'Bad_Slug')).status).toBe(400);
    expect((await fan.request('/api/favorites/status')).status).toBe(400);
  });

  it('refuses a cross-site request', async () => {
    const fan = await signedInFan(server);
    const forged = await fan.request('/api/favorites/velvet-harbour', {
      method: 'PUT',
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(await (await fan.request('/api/favorites/status?slugs=velvet-harbour')).json()).toEqual({ favorited: [] });
  });
});
