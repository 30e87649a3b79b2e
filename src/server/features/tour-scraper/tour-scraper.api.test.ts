import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createSafeFetch, SAFE_FETCH_MESSAGES } from '#server/lib/safe-fetch.ts';
import type { PreviewPage, PreviewRow, ScrapeImportResponse } from '#shared/tour-scraper.ts';
import { SCRAPE_AMBIGUITIES, TOUR_SCRAPER_MESSAGES } from '#shared/tour-scraper.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { importRowOf } from '#tests/factories/tour-scraper.ts';
import { type FakeSite, SITE_ARTISTS, startFakeInternal, startFakeTourSites } from '#tests/fakes/tour-sites.ts';
import { signedInAdmin, signedInFan } from '#tests/setup/fans.ts';
import { planWeeklyRecheck, recheckPage, recheckPageJob } from './tour-scraper.jobs.ts';

const TODAY = '2026-11-20';

describe('Tour scraper API', () => {
  let server: AuthTestServer;
  let site: FakeSite;
  let internal: Awaited<ReturnType<typeof startFakeInternal>>;
  let admin: TestBrowser;
  let fan: TestBrowser;
  let otherFan: TestBrowser;

  const preview = async (browser: TestBrowser, urls: string[]) => {
    const response = await browser.request('/api/tour-scraper/preview', { json: { urls, today: TODAY } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { pages: PreviewPage[] }).pages;
  };
  const rowsOf = async (browser: TestBrowser, path: string) => (await preview(browser, [site.url + path]))[0]!.rows;
  const byVenue = (rows: PreviewRow[], venue: string) => rows.find((row) => row.venueName === venue)!;
  const query = async <T>(sql: string, params: unknown[] = []) => (await server.database.query<T>(sql, params)).rows;

  beforeAll(async () => {
    internal = await startFakeInternal();
    site = await startFakeTourSites({ internalUrl: `${internal.url}/latest/meta-data/` });
    server = await startAuthTestServer({
      SAFE_FETCH_TEST_ALLOW: `127.0.0.1:${site.port}`,
      // Short enough for the slow page's test, long enough to stream 5 MB on a busy machine.
      SAFE_FETCH_TIMEOUT_MS: '4000',
    });
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
              { date: '2027-04-02', venue: 'SO36', city: 'Berlin', country: 'DE' },
            ],
          },
        ],
      },
    ]);
    admin = (await signedInAdmin(server)).browser;
    fan = (await signedInFan(server)).browser;
    otherFan = (await signedInFan(server)).browser;
  });
  afterAll(async () => {
    await server?.close();
    await site?.close();
    await internal?.close();
  });

  it('answers 401 to visitors', async () => {
    const visitor = new TestBrowser(server);
    expect(
      (await visitor.request('/api/tour-scraper/preview', { json: { urls: [`${site.url}/jsonld`] } })).status,
    ).toBe(401);
    expect((await visitor.request('/api/tour-scraper/import', { json: { rows: [] } })).status).toBe(401);
    // A signed-in fan's cookies sent from another site are refused (CSRF), before any fetch.
    site.requests.length = 0;
    const crossSite = await fan.request('/api/tour-scraper/preview', {
      json: { urls: [`${site.url}/jsonld`] },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(site.requests).toEqual([]);
  });

  it('refuses bad input with a clear message', async () => {
    const none = await fan.request('/api/tour-scraper/preview', { json: { urls: [] } });
    expect(none.status).toBe(400);
    expect(JSON.stringify(await none.json())).toContain(TOUR_SCRAPER_MESSAGES.noUrls);
    const many = await fan.request('/api/tour-scraper/preview', {
      json: { urls: Array.from({ length: 11 }, (_, i) => `https://band.example/${i}`) },
    });
    expect(JSON.stringify(await many.json())).toContain(TOUR_SCRAPER_MESSAGES.tooManyUrls);
    const empty = await fan.request('/api/tour-scraper/import', { json: { rows: [] } });
    expect(JSON.stringify(await empty.json())).toContain(TOUR_SCRAPER_MESSAGES.nothingSelected);
  });

  it('reads JSON-LD in its common shapes: arrays, @graph, ItemList, nested places, offers, statuses, zones', async () => {
    const rows = await rowsOf(fan, '/jsonld');
    expect(rows).toHaveLength(5);
    expect(byVenue(rows, 'Bluebird Theater')).toMatchObject({
      artistName: SITE_ARTISTS.jsonLd,
      date: '2027-03-05',
      localTime: '20:00',
      city: 'Denver',
      region: 'CO',
      countryCode: 'US',
      timeZone: 'America/Denver',
      status: 'scheduled',
      ticketUrl: 'https://tickets.example/bluebird',
      externalId: 'https://marblecomets.example/shows/denver',
      source: 'json-ld',
      ambiguities: [],
      match: 'match',
    });
    // 02:00 UTC on the 8th is 20:00 on the 7th at a Chicago venue; Illinois becomes IL.
    expect(byVenue(rows, 'Thalia Hall')).toMatchObject({
      date: '2027-03-07',
      localTime: '20:00',
      region: 'IL',
      countryCode: 'US',
      status: 'cancelled',
      ticketUrl: `${site.url}/tickets/chicago`,
      match: 'new',
    });
    expect(byVenue(rows, 'Lido')).toMatchObject({
      date: '2027-04-02',
      localTime: '21:00',
      countryCode: 'DE',
      status: 'postponed',
      match: 'conflict',
    });
    expect(byVenue(rows, 'Lido').matchNote).toContain('SO36');
    expect(byVenue(rows, 'Paradiso')).toMatchObject({ city: 'Amsterdam', countryCode: 'NL', status: 'rescheduled' });
    // 'Nov 20' on a page dated 2026-11-01: this year's, flagged for a person to confirm.
    expect(byVenue(rows, 'The Roundhouse')).toMatchObject({
      date: '2026-11-20',
      ambiguities: [SCRAPE_AMBIGUITIES.noYear(2026)],
    });
  });

  it('reads microdata', async () => {
    const rows = await rowsOf(fan, '/microdata');
    expect(rows.map((row) => [row.venueName, row.date, row.localTime, row.region, row.source])).toEqual([
      ['The Fillmore', '2027-05-01', '19:30', 'CA', 'microdata'],
      ['Crystal Ballroom', '2027-05-03', null, 'OR', 'microdata'],
    ]);
    expect(rows[0]).toMatchObject({
      artistName: SITE_ARTISTS.microdata,
      countryCode: 'US',
      ticketUrl: `${site.url}/t/1`,
    });
  });

  it('follows a linked .ics calendar when the page has no structured data', async () => {
    const [page] = await preview(fan, [`${site.url}/ics-page`]);
    expect(page!.trail).toEqual([`${site.url}/ics-page`, `${site.url}/calendar.ics`]);
    expect(
      page!.rows.map((row) => [row.venueName, row.city, row.countryCode, row.date, row.localTime, row.status]),
    ).toEqual([
      ['La Cigale', 'Paris', 'FR', '2027-06-12', '20:30', 'scheduled'],
      ['Paradiso', 'Amsterdam', 'NL', '2027-06-15', '21:00', 'cancelled'],
    ]);
  });

  it('says so when a page has no events, and reports each address of a paste on its own', async () => {
    const pages = await preview(fan, [`${site.url}/plain`, 'ftp://example.com/tour', `${site.url}/microdata`]);
    // Without LLM_BASE_URL the page-text reader is off, and the message says so.
    expect(pages.map((page) => page.error)).toEqual([
      `${TOUR_SCRAPER_MESSAGES.noEvents}. ${TOUR_SCRAPER_MESSAGES.textReaderOff}`,
      SAFE_FETCH_MESSAGES.notHttp,
      null,
    ]);
    expect(pages[2]!.rows).toHaveLength(2);
  });

  it('refuses every unsafe address with a message saying which, and never connects to it', async () => {
    internal.requests.length = 0;
    const cases: [string, string][] = [
      [`${site.url}/redirect-private`, SAFE_FETCH_MESSAGES.privateRedirect],
      [`${internal.url}/latest/meta-data/`, SAFE_FETCH_MESSAGES.privateAddress],
      [`http://localhost:${internal.port}/`, SAFE_FETCH_MESSAGES.privateAddress],
      [`http://[::ffff:127.0.0.1]:${internal.port}/`, SAFE_FETCH_MESSAGES.privateAddress],
      ['http://169.254.169.254/latest/meta-data/', SAFE_FETCH_MESSAGES.privateAddress],
      ['http://10.0.0.1/', SAFE_FETCH_MESSAGES.privateAddress],
      [`${site.url}/huge`, SAFE_FETCH_MESSAGES.tooLarge],
      [`${site.url}/slow?ms=9000`, SAFE_FETCH_MESSAGES.timeout],
      [`${site.url}/image.png`, SAFE_FETCH_MESSAGES.contentType],
    ];
    const pages = await preview(
      fan,
      cases.map(([url]) => url),
    );
    expect(pages.map((page) => page.error)).toEqual(cases.map(([, message]) => message));
    expect(internal.requests).toEqual([]);
  });

  it('refuses an import of an ambiguous row nobody chose, and writes nothing', async () => {
    const rows = await rowsOf(otherFan, '/jsonld');
    const before = await query<{ n: number }>('select count(*)::int as n from tour_stops');
    const response = await otherFan.request('/api/tour-scraper/import', {
      json: { rows: [importRowOf(byVenue(rows, 'Thalia Hall')), importRowOf(byVenue(rows, 'The Roundhouse'))] },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(TOUR_SCRAPER_MESSAGES.confirmAmbiguous);
    expect(await query('select count(*)::int as n from tour_stops')).toEqual(before);
  });

  it("turns a fan's selection into pending submitted stops that keep their source page", async () => {
    const rows = await rowsOf(fan, '/microdata');
    const response = await fan.request('/api/tour-scraper/import', {
      json: { rows: rows.map((row) => importRowOf(row)) },
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as ScrapeImportResponse;
    expect(body).toMatchObject({ destination: 'requests', added: 2, alreadyKnown: 0 });
    const stops = await query<{ review_state: string; submitted: boolean; source_url: string; source: string }>(
      `select s.review_state, s.submitted_by is not null as submitted, x.source_url, s.source
       from tour_stops s join artists a on a.id = s.artist_id join scraped_stop_sources x on x.stop_id = s.id
       where a.name = $1 order by s.event_date`,
      [SITE_ARTISTS.microdata],
    );
    expect(stops).toEqual([
      { review_state: 'pending', submitted: true, source_url: `${site.url}/microdata`, source: 'scraper' },
      { review_state: 'pending', submitted: true, source_url: `${site.url}/microdata`, source: 'scraper' },
    ]);
    // Public pages do not show pending stops.
    const tour = await new TestBrowser(server).request(`/api/artists/${body.artists[0]!.slug}`);
    expect(JSON.stringify(await tour.json())).not.toContain('The Fillmore');
  });

  it("imports an admin's selection into the catalog: new stops public, known ones not doubled, statuses kept", async () => {
    const rows = await rowsOf(admin, '/jsonld');
    const chosen = [byVenue(rows, 'Bluebird Theater'), byVenue(rows, 'Thalia Hall'), byVenue(rows, 'The Roundhouse')];
    const response = await admin.request('/api/tour-scraper/import', {
      json: { rows: chosen.map((row) => importRowOf(row, row.ambiguities.length > 0)) },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ destination: 'catalog', added: 2, alreadyKnown: 1 });
    const stops = await query<{
      venue: string;
      date: string;
      time: string | null;
      status: string;
      review_state: string;
    }>(
      `select v.name as venue, s.event_date::text as date, to_char(s.start_time, 'HH24:MI') as time, s.status, s.review_state
       from tour_stops s join venues v on v.id = s.venue_id join artists a on a.id = s.artist_id
       where a.name = $1 order by s.event_date`,
      [SITE_ARTISTS.jsonLd],
    );
    expect(stops).toEqual([
      { venue: 'The Roundhouse', date: '2026-11-20', time: null, status: 'scheduled', review_state: 'approved' },
      { venue: 'Bluebird Theater', date: '2027-03-05', time: '20:00', status: 'scheduled', review_state: 'approved' },
      { venue: 'Thalia Hall', date: '2027-03-07', time: '20:00', status: 'cancelled', review_state: 'approved' },
      { venue: 'SO36', date: '2027-04-02', time: null, status: 'scheduled', review_state: 'approved' },
    ]);
    const venueZone = await query<{ time_zone: string }>("select time_zone from venues where name = 'Thalia Hall'");
    expect(venueZone).toEqual([{ time_zone: 'America/Chicago' }]);
    // The same rows again: all known now.
    const again = await admin.request('/api/tour-scraper/import', {
      json: { rows: chosen.map((row) => importRowOf(row, true)) },
    });
    expect(await again.json()).toMatchObject({ added: 0, alreadyKnown: 3 });
  });

  it('re-checks imported pages: moved and cancelled shows are recorded and announced like a sync', async () => {
    site.setRecheckVersion('v1');
    const rows = await rowsOf(admin, '/recheck');
    expect(rows).toHaveLength(3);
    await admin.request('/api/tour-scraper/import', { json: { rows: rows.map((row) => importRowOf(row)) } });
    site.setRecheckVersion('v2');

    const published: unknown[] = [];
    const safeFetch = createSafeFetch({
      database: null,
      userAgent: 'TourGuidesBot/test',
      testAllow: [`127.0.0.1:${site.port}`],
    });
    const deps = {
      database: server.database,
      safeFetch,
      logger: createLogger('silent'),
      events: { publish: async (event: unknown) => void published.push(event) },
      catalogChanges: server.background.catalogChanges,
    };
    const outcome = await recheckPage(deps, `${site.url}/recheck`, TODAY);
    expect(outcome.error).toBeNull();

    const stops = await query<{ venue: string; date: string; status: string; revision: number }>(
      `select v.name as venue, s.event_date::text as date, s.status, s.revision
       from tour_stops s join venues v on v.id = s.venue_id join artists a on a.id = s.artist_id
       where a.name = $1 order by s.event_date`,
      [SITE_ARTISTS.recheck],
    );
    expect(stops).toEqual([
      { venue: 'O2 Ritz', date: '2027-09-02', status: 'scheduled', revision: 1 },
      { venue: 'The Roundhouse', date: '2027-09-03', status: 'cancelled', revision: 1 },
      { venue: 'Barrowland Ballroom', date: '2027-09-05', status: 'cancelled', revision: 1 },
    ]);
    const changes = await query<{ kind: string }>(
      `select c.kind from tour_stop_changes c join artists a on a.id = c.artist_id where a.name = $1 order by c.kind`,
      [SITE_ARTISTS.recheck],
    );
    expect(changes.map((change) => change.kind)).toEqual(['cancelled', 'cancelled', 'moved']);
    expect(published).toEqual([
      { type: 'tour-dates-changed', artistId: expect.any(String), changes: { new: 0, moved: 1, cancelled: 2 } },
    ]);

    // Nothing changed since: a second run records nothing more.
    published.length = 0;
    await recheckPage(deps, `${site.url}/recheck`, TODAY);
    expect(published).toEqual([]);
  });

  it('plans the weekly re-check: every source page not checked in the last days, spaced out', async () => {
    await server.database.query('update scraped_stop_sources set last_checked_at = null');
    await server.database.query(
      `update scraped_stop_sources set last_checked_at = now() where source_url like '%/jsonld'`,
    );
    const sent: { name: string; data: { url: string }; startAfterSeconds?: number }[] = [];
    const queue = {
      send: async (job: { name: string }, data: unknown, options?: { startAfterSeconds?: number }) => {
        sent.push({ name: job.name, data: data as { url: string }, startAfterSeconds: options?.startAfterSeconds });
        return 'job-id';
      },
    };
    const deps = {
      database: server.database,
      safeFetch: createSafeFetch({ database: null, userAgent: 'x' }),
      logger: createLogger('silent'),
      events: { publish: async () => {} },
      catalogChanges: server.background.catalogChanges,
    };
    const queued = await planWeeklyRecheck(deps, queue as never);
    const urls = sent.map((job) => job.data.url).sort();
    expect(urls).toEqual([`${site.url}/microdata`, `${site.url}/recheck`]);
    expect(queued).toBe(2);
    expect(sent.every((job) => job.name === recheckPageJob.name)).toBe(true);
    expect(sent.map((job) => job.startAfterSeconds)).toEqual([0, 30]);
  });

  it('limits fetches per user and per host', async () => {
    const limited = createSafeFetch({
      database: server.database,
      userAgent: 'TourGuidesBot/test',
      testAllow: [`127.0.0.1:${site.port}`],
      limits: { perUser: { windowSeconds: 60, max: 2 }, perHost: { windowSeconds: 60, max: 100 } },
    });
    const userId = crypto.randomUUID();
    const fetchOnce = () => limited({ url: `${site.url}/microdata`, userId, purpose: 'user-url' });
    await fetchOnce();
    // The robots.txt fetch counted too: the user's third request is over the limit.
    await expect(fetchOnce()).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    const perHost = createSafeFetch({
      database: server.database,
      userAgent: 'TourGuidesBot/test',
      testAllow: [`127.0.0.1:${site.port}`],
      limits: { perUser: { windowSeconds: 60, max: 100 }, perHost: { windowSeconds: 60, max: 1 } },
    });
    await expect(perHost({ url: `${site.url}/microdata`, userId: null, purpose: 'user-url' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it('keeps the stops of a page that cannot be reached, and notes why', async () => {
    const rows = await rowsOf(admin, '/ics-page');
    await admin.request('/api/tour-scraper/import', { json: { rows: [importRowOf(rows[0]!)] } });
    const deps = {
      database: server.database,
      safeFetch: createSafeFetch({ database: null, userAgent: 'TourGuidesBot/test', testAllow: [] }),
      logger: createLogger('silent'),
      events: { publish: async () => {} },
      catalogChanges: server.background.catalogChanges,
    };
    const url = rows[0]!.pageUrl;
    const outcome = await recheckPage(deps, url, TODAY);
    expect(outcome.error).toBe(SAFE_FETCH_MESSAGES.privateAddress);
    const [source] = await query<{ last_error: string; status: string }>(
      `select x.last_error, s.status from scraped_stop_sources x join tour_stops s on s.id = x.stop_id where x.source_url = $1`,
      [url],
    );
    expect(source).toEqual({ last_error: SAFE_FETCH_MESSAGES.privateAddress, status: 'scheduled' });
  });

  it("keeps a fan's pending rows to the fan: another fan's import of the same show links, not doubles", async () => {
    const rows = await rowsOf(otherFan, '/microdata');
    expect(rows.every((row) => row.match === 'match')).toBe(true);
    expect(rows.map((row) => row.matchNote)).toEqual(['Already sent for review', 'Already sent for review']);
    const response = await otherFan.request('/api/tour-scraper/import', {
      json: { rows: rows.map((row) => importRowOf(row)) },
    });
    expect(await response.json()).toMatchObject({ destination: 'requests', added: 0, alreadyKnown: 2 });
  });
});
