import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import type { HistoryImportView } from '#shared/setlists.ts';
import type { PreviewPage } from '#shared/tour-scraper.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { importRowOf } from '#tests/factories/tour-scraper.ts';
import { type FakeSite, SITE_ARTISTS, startFakeTourSites } from '#tests/fakes/tour-sites.ts';
import { type SignedInFan, signedInAdmin, signedInFan } from '#tests/setup/fans.ts';

/**
 * Issue 28 item 2, ADR 0037, beyond Add Show (catalog-visibility.api.test.ts): an artist or venue
 * created by a fan's history import or tour-scraper import is that fan's alone on every read path
 * (tour and artist pages, venue page, search, venue typeahead, home list, sitemaps) until an admin
 * approves a stop that uses it.
 */

const TODAY = '2026-11-20';

interface Pending {
  artistSlug: string;
  /** A word of the artist's name, for the search box. */
  artistWord: string;
  venueSlug: string;
  /** A word of the venue's name, for Add Show's venue typeahead. */
  venueWord: string;
  venueName: string;
}

/** What each read path shows `browser` of the pending artist and venue. */
async function sightings(browser: TestBrowser, pending: Pending) {
  const status = async (path: string) => (await browser.request(path)).status;
  const text = async (path: string) => JSON.stringify(await (await browser.request(path)).json());
  return {
    tourPage: await status(`/api/artists/${pending.artistSlug}?today=${TODAY}`),
    artistPage: await status(`/api/artist-profile/${pending.artistSlug}?today=${TODAY}`),
    venuePage: await status(`/api/venues/${pending.venueSlug}?today=${TODAY}`),
    search: (await text(`/api/search/artists?q=${pending.artistWord}`)).includes(pending.artistSlug),
    homeList: (await text(`/api/artists?page=1&today=${TODAY}&all=1`)).includes(pending.artistSlug),
  };
}

const venueTypeahead = async (fan: SignedInFan, pending: Pending) =>
  JSON.stringify(await (await fan.browser.request(`/api/add-show/venues?q=${pending.venueWord}`)).json()).includes(
    pending.venueName,
  );

/** Every sitemap file's text (the sitemaps are one answer for everyone). */
async function sitemaps(server: AuthTestServer): Promise<string> {
  const index = await (await server.fetch('/sitemap.xml')).text();
  const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/[^<]+)<\/loc>/g)].map((match) => match[1]!);
  expect(files.length).toBeGreaterThan(0);
  const texts = await Promise.all(files.map(async (file) => (await server.fetch(file)).text()));
  return texts.join('\n');
}

const HIDDEN = { tourPage: 404, artistPage: 404, venuePage: 404, search: false, homeList: false };

/**
 * The checks both writers share: hidden from another fan and a visitor (and from the sitemaps),
 * visible to the fan who imported it; after `approve`, visible to everyone.
 */
function pendingVisibilityTests(
  context: () => {
    server: AuthTestServer;
    owner: SignedInFan;
    other: SignedInFan;
    visitor: TestBrowser;
    pending: Pending;
    approve: () => Promise<void>;
  },
) {
  it("shows the fan's imported new artist and venue to that fan only, and never as a shared answer", async () => {
    const { server, owner, other, visitor, pending } = context();
    expect(await sightings(other.browser, pending)).toEqual(HIDDEN);
    expect(await sightings(visitor, pending)).toEqual(HIDDEN);
    expect(await venueTypeahead(other, pending)).toBe(false);
    const maps = await sitemaps(server);
    expect(maps).not.toContain(pending.artistSlug);
    expect(maps).not.toContain(pending.venueSlug);

    expect(await sightings(owner.browser, pending)).toMatchObject({
      artistPage: 200,
      venuePage: 200,
      search: true,
      homeList: false,
    });
    expect(await venueTypeahead(owner, pending)).toBe(true);
    // Another fan cannot follow the artist either.
    expect((await other.browser.request(`/api/favorites/${pending.artistSlug}`, { method: 'PUT' })).status).toBe(404);
  });

  it('makes them public once an admin approves a stop that uses them', async () => {
    const { server, owner, other, visitor, pending, approve } = context();
    await approve();
    for (const browser of [other.browser, visitor, owner.browser]) {
      expect(await sightings(browser, pending)).toMatchObject({
        artistPage: 200,
        venuePage: 200,
        search: true,
        homeList: true,
      });
    }
    expect(await venueTypeahead(other, pending)).toBe(true);
    const maps = await sitemaps(server);
    expect(maps).toContain(`/artist/${pending.artistSlug}`);
    expect(maps).toContain(`/venue/${pending.venueSlug}`);
  });
}

const slugsOf = async (server: AuthTestServer, artist: string, venue: string) => {
  const artists = await server.database.query<{ slug: string; pending: boolean }>(
    'select slug, pending from artists where name = $1',
    [artist],
  );
  const venues = await server.database.query<{ slug: string }>('select slug from venues where name = $1', [venue]);
  expect(artists.rows).toEqual([{ slug: expect.any(String), pending: true }]);
  expect(venues.rows).toHaveLength(1);
  return { artistSlug: artists.rows[0]!.slug, venueSlug: venues.rows[0]!.slug };
};

const approveStopsOf = async (server: AuthTestServer, admin: SignedInFan, artist: string, venue: string) => {
  const { rows } = await server.database.query<{ id: string }>(
    `select s.id from tour_stops s join artists a on a.id = s.artist_id join venues v on v.id = s.venue_id
     where a.name = $1 and v.name = $2 and s.review_state = 'pending'`,
    [artist, venue],
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const { id } of rows) {
    const approved = await admin.browser.request(`/api/admin/catalog-requests/${id}/approve`, { json: {} });
    expect(approved.status, await approved.clone().text()).toBe(200);
  }
};

describe('Pending artists and venues of a history import', () => {
  const ARTIST = 'Basement Static';
  const VENUE = 'The Sinclair';
  let server: AuthTestServer;
  let owner: SignedInFan;
  let other: SignedInFan;
  let admin: SignedInFan;
  let visitor: TestBrowser;
  let pending: Pending;

  beforeAll(async () => {
    server = await startAuthTestServer({}, { jobs: true });
    await seedCatalog(server.database, [
      {
        name: 'Northern Lanterns',
        tours: [
          {
            name: 'Harbour',
            stops: [{ date: '2024-05-17', venue: 'Paradise Rock Club', city: 'Boston', country: 'US' }],
          },
        ],
      },
    ]);
    owner = await signedInFan(server);
    other = await signedInFan(server);
    admin = await signedInAdmin(server);
    visitor = new TestBrowser(server);

    const csv = ['Date,Artist,Venue,City,Country', `2023-06-02,${ARTIST},${VENUE},Cambridge,US`].join('\r\n');
    const previewed = await server.fetch(
      '/api/history-imports/csv?date=Date&artist=Artist&venue=Venue&city=City&country=Country&name=history.csv',
      {
        method: 'POST',
        headers: {
          origin: 'http://localhost:3000',
          cookie: owner.browser.cookieHeader(),
          'x-forwarded-for': owner.browser.ip,
          'content-type': 'text/csv',
        },
        body: csv,
      },
    );
    expect(previewed.status, await previewed.clone().text()).toBe(201);
    const preview = (await previewed.json()) as HistoryImportView;
    expect(preview.counts).toMatchObject({ create: 1 });
    const started = await owner.browser.request(`/api/history-imports/${preview.id}/start`, {
      method: 'POST',
      json: {},
    });
    expect(started.status).toBe(200);
    let view = preview;
    for (let i = 0; i < 120 && !['done', 'failed'].includes(view.state); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      view = (await (await owner.browser.request(`/api/history-imports/${preview.id}`)).json()) as HistoryImportView;
    }
    expect(view).toMatchObject({ state: 'done', createdStopCount: 1 });
    pending = {
      ...(await slugsOf(server, ARTIST, VENUE)),
      artistWord: 'basement',
      venueWord: 'sinclair',
      venueName: VENUE,
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  pendingVisibilityTests(() => ({
    server,
    owner,
    other,
    visitor,
    pending,
    approve: () => approveStopsOf(server, admin, ARTIST, VENUE),
  }));
});

describe("Pending artists and venues of a fan's tour-scraper import", () => {
  const ARTIST = SITE_ARTISTS.recheck;
  const VENUE = 'Barrowland Ballroom';
  let server: AuthTestServer;
  let site: FakeSite;
  let owner: SignedInFan;
  let other: SignedInFan;
  let admin: SignedInFan;
  let visitor: TestBrowser;
  let pending: Pending;

  beforeAll(async () => {
    site = await startFakeTourSites();
    server = await startAuthTestServer({ SAFE_FETCH_TEST_ALLOW: `127.0.0.1:${site.port}` });
    owner = await signedInFan(server);
    other = await signedInFan(server);
    admin = await signedInAdmin(server);
    visitor = new TestBrowser(server);

    const previewed = await owner.browser.request('/api/tour-scraper/preview', {
      json: { urls: [`${site.url}/recheck`], today: TODAY },
    });
    expect(previewed.status).toBe(200);
    const rows = ((await previewed.json()) as { pages: PreviewPage[] }).pages[0]!.rows;
    const imported = await owner.browser.request('/api/tour-scraper/import', {
      json: { rows: rows.map((row) => importRowOf(row)) },
    });
    expect(imported.status).toBe(201);
    expect(await imported.json()).toMatchObject({ destination: 'requests', added: 3 });
    pending = {
      ...(await slugsOf(server, ARTIST, VENUE)),
      artistWord: 'saltwater',
      venueWord: 'barrowland',
      venueName: VENUE,
    };
  });
  afterAll(async () => {
    await server?.close();
    await site?.close();
  });

  pendingVisibilityTests(() => ({
    server,
    owner,
    other,
    visitor,
    pending,
    approve: () => approveStopsOf(server, admin, ARTIST, VENUE),
  }));

  it('keeps a venue of a stop still waiting for review hidden', async () => {
    const { rows } = await server.database.query<{ slug: string }>(
      "select slug from venues where name = 'The Roundhouse'",
    );
    const roundhouse = { ...pending, venueSlug: rows[0]!.slug, venueWord: 'roundhouse', venueName: 'The Roundhouse' };
    expect((await sightings(visitor, roundhouse)).venuePage).toBe(404);
    expect(await venueTypeahead(other, roundhouse)).toBe(false);
    expect(await sitemaps(server)).not.toContain(`/venue/${roundhouse.venueSlug}`);
  });
});
