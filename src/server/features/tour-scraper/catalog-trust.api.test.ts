import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, type TestBrowser } from '#server/auth/auth.test-support.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createSafeFetch } from '#server/lib/safe-fetch.ts';
import type { ChangeRequestsPage } from '#shared/catalog-requests.ts';
import { TIME_ZONE_MESSAGE } from '#shared/time-zones.ts';
import type { PreviewPage, PreviewRow, ScrapeImportResponse } from '#shared/tour-scraper.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { importRowOf } from '#tests/factories/tour-scraper.ts';
import { type FakeSite, SITE_ARTISTS, startFakeInternal, startFakeTourSites } from '#tests/fakes/tour-sites.ts';
import { signedInAdmin, signedInFan } from '#tests/setup/fans.ts';
import { planWeeklyRecheck, recheckPage } from './tour-scraper.jobs.ts';

const TODAY = '2026-11-20';

/** Issue 28 item 2, ADR 0037: a fan's tour-scraper import never changes the public catalog. */
describe('Tour scraper: the public catalog changes only through review', () => {
  let server: AuthTestServer;
  let site: FakeSite;
  let internal: Awaited<ReturnType<typeof startFakeInternal>>;
  let admin: TestBrowser;
  let fan: TestBrowser;

  const rowsOf = async (browser: TestBrowser, path: string) => {
    const response = await browser.request('/api/tour-scraper/preview', {
      json: { urls: [site.url + path], today: TODAY },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { pages: PreviewPage[] }).pages[0]!.rows;
  };
  const byVenue = (rows: PreviewRow[], venue: string) => rows.find((row) => row.venueName === venue)!;
  const query = async <T>(sql: string, params: unknown[] = []) => (await server.database.query<T>(sql, params)).rows;
  const stopsOf = (artist: string) =>
    query<{ id: string; venue: string; date: string; status: string; review_state: string; revision: number }>(
      `select s.id, v.name as venue, s.event_date::text as date, s.status, s.review_state, s.revision
       from tour_stops s join venues v on v.id = s.venue_id join artists a on a.id = s.artist_id
       where a.name = $1 order by s.event_date, v.name`,
      [artist],
    );
  const recheckDeps = () => ({
    database: server.database,
    safeFetch: createSafeFetch({
      database: null,
      userAgent: 'TourGuidesBot/test',
      testAllow: [`127.0.0.1:${site.port}`],
    }),
    logger: createLogger('silent'),
    events: { publish: async () => {} },
    catalogChanges: server.background.catalogChanges,
  });

  beforeAll(async () => {
    internal = await startFakeInternal();
    site = await startFakeTourSites({ internalUrl: `${internal.url}/latest/meta-data/` });
    server = await startAuthTestServer({ SAFE_FETCH_TEST_ALLOW: `127.0.0.1:${site.port}` });
    await seedCatalog(server.database, [
      {
        name: SITE_ARTISTS.jsonLd,
        tours: [
          {
            name: 'Comets 2027',
            stops: [
              {
                date: '2027-03-05',
                time: '20:00',
                venue: 'Bluebird Theater',
                city: 'Denver',
                region: 'CO',
                country: 'US',
              },
            ],
          },
        ],
      },
    ]);
    admin = (await signedInAdmin(server)).browser;
    fan = (await signedInFan(server)).browser;
  });
  afterAll(async () => {
    await server?.close();
    await site?.close();
    await internal?.close();
  });

  it("leaves a public show scheduled when a fan's import calls it cancelled, and asks an admin instead", async () => {
    const [before] = await stopsOf(SITE_ARTISTS.jsonLd);
    const bluebird = { ...importRowOf(byVenue(await rowsOf(fan, '/jsonld'), 'Bluebird Theater')), status: 'cancelled' };
    const response = await fan.request('/api/tour-scraper/import', { json: { rows: [bluebird] } });
    expect(response.status).toBe(201);
    expect((await response.json()) as ScrapeImportResponse).toMatchObject({ added: 0, changeRequests: 1 });

    // The public stop: still scheduled, same revision, no pending copy, and no source page of the fan's.
    expect(await stopsOf(SITE_ARTISTS.jsonLd)).toEqual([before]);
    expect(before).toMatchObject({ status: 'scheduled', review_state: 'approved' });
    expect(await query('select * from scraped_stop_sources where stop_id = $1', [before!.id])).toEqual([]);

    // The same claim twice is one request.
    await fan.request('/api/tour-scraper/import', { json: { rows: [bluebird] } });

    // Only admins see change requests: the diff and the page it came from.
    expect((await fan.request('/api/admin/catalog-requests/changes')).status).toBe(403);
    const list = (await (await admin.request('/api/admin/catalog-requests/changes')).json()) as ChangeRequestsPage;
    expect(list.total).toBe(1);
    expect(list.changes[0]).toMatchObject({
      stopId: before!.id,
      artistName: SITE_ARTISTS.jsonLd,
      sourceUrl: `${site.url}/jsonld`,
      before: { date: '2027-03-05', time: '20:00', venue: 'Bluebird Theater', city: 'Denver', status: 'scheduled' },
      after: { date: '2027-03-05', time: '20:00', venue: 'Bluebird Theater', city: 'Denver', status: 'cancelled' },
    });
    expect(
      (await fan.request(`/api/admin/catalog-requests/changes/${list.changes[0]!.id}/apply`, { json: {} })).status,
    ).toBe(403);

    // The admin applies it: now the show is cancelled, and followers hear of it as after a sync.
    const applied = await admin.request(`/api/admin/catalog-requests/changes/${list.changes[0]!.id}/apply`, {
      json: {},
    });
    expect(applied.status).toBe(200);
    expect(await stopsOf(SITE_ARTISTS.jsonLd)).toEqual([{ ...before, status: 'cancelled', revision: 1 }]);
    expect(await query('select kind from tour_stop_changes where stop_id = $1', [before!.id])).toEqual([
      { kind: 'cancelled' },
    ]);
    const again = await admin.request(`/api/admin/catalog-requests/changes/${list.changes[0]!.id}/apply`, { json: {} });
    expect(again.status).toBe(409);
    expect(
      ((await (await admin.request('/api/admin/catalog-requests/changes')).json()) as ChangeRequestsPage).total,
    ).toBe(0);
  });

  it("never follows a fan's page for an approved stop in the weekly re-check", async () => {
    site.setRecheckVersion('v1');
    const rows = await rowsOf(fan, '/recheck');
    const imported = await fan.request('/api/tour-scraper/import', {
      json: { rows: rows.map((row) => importRowOf(row)) },
    });
    expect(await imported.json()).toMatchObject({ destination: 'requests', added: 3 });
    // Still the fan's pending stops: their page is followed (it can only change their own submission).
    const sent: string[] = [];
    const queue = {
      send: async (_job: unknown, data: { url: string }) => {
        sent.push(data.url);
        return 'job';
      },
    };
    await planWeeklyRecheck(recheckDeps(), queue as never);
    expect(sent).toContain(`${site.url}/recheck`);

    // A new artist of a fan's import is theirs alone until a stop of it is approved.
    const pending = () => query('select pending from artists where name = $1', [SITE_ARTISTS.recheck]);
    expect(await pending()).toEqual([{ pending: true }]);
    for (const stop of await stopsOf(SITE_ARTISTS.recheck)) {
      const approved = await admin.request(`/api/admin/catalog-requests/${stop.id}/approve`, { json: {} });
      expect(approved.status).toBe(200);
    }
    expect(await pending()).toEqual([{ pending: false }]);
    const approvedStops = await stopsOf(SITE_ARTISTS.recheck);
    expect(approvedStops.map((stop) => [stop.venue, stop.status, stop.review_state])).toEqual([
      ['Albert Hall', 'scheduled', 'approved'],
      ['The Roundhouse', 'scheduled', 'approved'],
      ['Barrowland Ballroom', 'scheduled', 'approved'],
    ]);

    // The fan's page now moves one show, cancels one and drops one: the public stops stay as approved.
    site.setRecheckVersion('v2');
    await server.database.query('update scraped_stop_sources set last_checked_at = null');
    sent.length = 0;
    await planWeeklyRecheck(recheckDeps(), queue as never);
    expect(sent).not.toContain(`${site.url}/recheck`);
    site.requests.length = 0;
    await recheckPage(recheckDeps(), `${site.url}/recheck`, TODAY);
    expect(site.requests.filter((request) => request.path === '/recheck')).toEqual([]);
    expect(await stopsOf(SITE_ARTISTS.recheck)).toEqual(approvedStops);
    expect(
      await query('select c.kind from tour_stop_changes c join artists a on a.id = c.artist_id where a.name = $1', [
        SITE_ARTISTS.recheck,
      ]),
    ).toEqual([]);
  });

  it("leaves a public show on its day when another fan's import of its page gives another date, and asks an admin", async () => {
    // The Saltwater Choir stops are public now (approved above), each known by its page's event id.
    const approved = await stopsOf(SITE_ARTISTS.recheck);
    const barrowland = approved.find((stop) => stop.venue === 'Barrowland Ballroom')!;
    expect(barrowland).toMatchObject({ date: '2027-09-05', review_state: 'approved' });
    const other = (await signedInFan(server)).browser;
    // The page now has that show a day later, nothing else changed.
    site.setRecheckVersion('v3');
    const rows = await rowsOf(other, '/recheck');
    expect(byVenue(rows, 'Barrowland Ballroom')).toMatchObject({
      externalId: `${site.url}/salt-3`,
      date: '2027-09-06',
    });
    const response = await other.request('/api/tour-scraper/import', {
      json: { rows: rows.map((row) => importRowOf(row)) },
    });
    expect(response.status).toBe(201);
    expect((await response.json()) as ScrapeImportResponse).toMatchObject({ added: 0, changeRequests: 1 });

    // Nothing public moved, and no second (pending) copy of the show on the new day.
    expect(await stopsOf(SITE_ARTISTS.recheck)).toEqual(approved);
    const list = (await (await admin.request('/api/admin/catalog-requests/changes')).json()) as ChangeRequestsPage;
    expect(list.total).toBe(1);
    expect(list.changes[0]).toMatchObject({
      stopId: barrowland.id,
      artistName: SITE_ARTISTS.recheck,
      sourceUrl: `${site.url}/recheck`,
      before: { date: '2027-09-05', time: '20:00', venue: 'Barrowland Ballroom', city: 'Glasgow', status: 'scheduled' },
      after: { date: '2027-09-06', time: '20:00', venue: 'Barrowland Ballroom', city: 'Glasgow', status: 'scheduled' },
    });

    // Applied, the show moves to the new day (the same stop), recorded as a change.
    const applied = await admin.request(`/api/admin/catalog-requests/changes/${list.changes[0]!.id}/apply`, {
      json: {},
    });
    expect(applied.status).toBe(200);
    const moved = (await stopsOf(SITE_ARTISTS.recheck)).find((stop) => stop.id === barrowland.id);
    expect(moved).toMatchObject({ date: '2027-09-06', venue: 'Barrowland Ballroom', review_state: 'approved' });
    expect(await query('select kind from tour_stop_changes where stop_id = $1', [barrowland.id])).not.toEqual([]);
    expect(await stopsOf(SITE_ARTISTS.recheck)).toHaveLength(3);
  });

  it('refuses a venue time zone that is not an IANA zone, with a clear message', async () => {
    const row = importRowOf(byVenue(await rowsOf(fan, '/jsonld'), 'Thalia Hall'), true);
    for (const timeZone of ['Mars/Olympus_Mons', '+05:00', 'Not a zone']) {
      const response = await fan.request('/api/tour-scraper/import', { json: { rows: [{ ...row, timeZone }] } });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(TIME_ZONE_MESSAGE);
    }
    expect(await query("select 1 from venues where name = 'Thalia Hall'")).toEqual([]);
  });
});
