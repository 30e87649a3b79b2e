import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import type { AddShowRequest } from '#shared/add-show-api.ts';
import { TIME_ZONE_MESSAGE } from '#shared/time-zones.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { type SignedInFan, signedInAdmin, signedInFan } from '#tests/setup/fans.ts';

const TODAY = '2027-03-01';
const MBID = '0c6f7a1e-5d0b-4c55-9a56-3f1c1e7b2a11';
const ARTIST = 'Quiet Meteor Parade';
const ARTIST_SLUG = 'quiet-meteor-parade';
const VENUE = 'Cobalt Lantern Hall';

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

const addShow = (browser: TestBrowser, body: Partial<AddShowRequest>) =>
  browser.request('/api/add-show', { json: { today: TODAY, ...body } });

/**
 * Issue 28 item 2, ADR 0037: an artist or venue a fan's submission made is that fan's alone, on
 * every read path, until an admin approves a stop that uses it.
 */
describe('Pending artists and venues', () => {
  let server: AuthTestServer;
  let fanA: SignedInFan;
  let fanB: SignedInFan;
  let admin: SignedInFan;
  let visitor: TestBrowser;
  let venueSlug: string;
  let stopId: string;

  /** What each read path shows `browser` of the pending artist and venue. */
  const sightings = async (browser: TestBrowser) => {
    const status = async (path: string) => (await browser.request(path)).status;
    const text = async (path: string) => JSON.stringify(await (await browser.request(path)).json());
    const image = await browser.request('/api/images/queue', { json: { artistName: ARTIST } });
    return {
      tourPage: await status(`/api/artists/${ARTIST_SLUG}?today=${TODAY}`),
      artistPage: await status(`/api/artist-profile/${ARTIST_SLUG}?today=${TODAY}`),
      venuePage: await status(`/api/venues/${venueSlug}?today=${TODAY}`),
      search: (await text('/api/search/artists?q=meteor')).includes(ARTIST_SLUG),
      homeList: (await text(`/api/artists?page=1&today=${TODAY}&all=1`)).includes(ARTIST_SLUG),
      imageQueue: image.status,
    };
  };
  const venueTypeahead = async (fan: SignedInFan) =>
    JSON.stringify(await (await fan.browser.request('/api/add-show/venues?q=cobalt')).json()).includes(VENUE);

  beforeAll(async () => {
    server = await startAuthTestServer();
    await seedCatalog(server.database, [
      {
        name: 'Northern Lanterns',
        tours: [
          {
            name: 'Harbour Lights Tour',
            stops: [{ date: '2027-04-02', venue: 'Red Rocks', city: 'Morrison', region: 'CO', country: 'US' }],
          },
        ],
      },
    ]);
    fanA = await signedInFan(server);
    fanB = await signedInFan(server);
    admin = await signedInAdmin(server);
    visitor = new TestBrowser(server);
    const added = await addShow(fanA.browser, {
      artist: { kind: 'musicbrainz', name: ARTIST, mbid: MBID },
      venue: { kind: 'new', name: VENUE, place: BOULDER },
      date: '2027-06-12',
    });
    expect(added.status).toBe(201);
    stopId = (await added.json()).stopId;
    const { rows } = await server.database.query<{ slug: string }>('select slug from venues where name = $1', [VENUE]);
    venueSlug = rows[0]!.slug;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("shows a fan's new artist and venue to that fan only, and never as a shared answer", async () => {
    const hidden = { tourPage: 404, artistPage: 404, venuePage: 404, search: false, homeList: false, imageQueue: 404 };
    expect(await sightings(fanB.browser)).toEqual(hidden);
    expect(await sightings(visitor)).toEqual(hidden);
    expect(await venueTypeahead(fanB)).toBe(false);

    expect(await sightings(fanA.browser)).toMatchObject({
      tourPage: 200,
      artistPage: 200,
      venuePage: 200,
      search: true,
      // The home list is one shared answer for everyone: a pending artist is on it for no one.
      homeList: false,
      imageQueue: 202,
    });
    expect(await venueTypeahead(fanA)).toBe(true);
    const own = await fanA.browser.request(`/api/venues/${venueSlug}?today=${TODAY}`);
    expect(own.headers.get('cache-control')).toBe('private, no-store');

    // Another fan cannot follow it, nor pick the venue for their own show by its slug.
    expect((await fanB.browser.request(`/api/favorites/${ARTIST_SLUG}`, { method: 'PUT' })).status).toBe(404);
    const picked = await addShow(fanB.browser, {
      artist: { kind: 'catalog', slug: 'northern-lanterns' },
      venue: { kind: 'catalog', slug: venueSlug },
      date: '2027-06-13',
    });
    expect(picked.status).toBe(400);
    const pickedArtist = await addShow(fanB.browser, {
      artist: { kind: 'catalog', slug: ARTIST_SLUG },
      venue: { kind: 'new', name: 'Fox Theatre', place: BOULDER },
      date: '2027-06-14',
    });
    expect(pickedArtist.status).toBe(400);
  });

  it('makes them public once an admin approves a stop that uses them', async () => {
    const approved = await admin.browser.request(`/api/admin/catalog-requests/${stopId}/approve`, { json: {} });
    expect(approved.status).toBe(200);
    for (const browser of [fanB.browser, visitor, fanA.browser]) {
      expect(await sightings(browser)).toMatchObject({
        tourPage: 200,
        artistPage: 200,
        venuePage: 200,
        search: true,
        homeList: true,
      });
    }
    expect(await venueTypeahead(fanB)).toBe(true);
    const shared = await visitor.request(`/api/venues/${venueSlug}?today=${TODAY}`);
    expect(shared.headers.get('cache-control')).toContain('public');
  });

  it('refuses an Add Show venue whose time zone is not an IANA zone', async () => {
    for (const timeZone of ['Mars/Olympus_Mons', 'UTC+5', '']) {
      const response = await addShow(fanA.browser, {
        artist: { kind: 'catalog', slug: 'northern-lanterns' },
        venue: { kind: 'new', name: 'Nowhere Hall', place: { ...BOULDER, timeZone } },
        date: '2027-07-01',
      });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(TIME_ZONE_MESSAGE);
    }
  });
});
