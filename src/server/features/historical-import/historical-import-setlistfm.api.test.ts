import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { NORTHERN_LANTERNS } from '#tests/fakes/dataset.ts';
import { FAKE_SETLISTFM_KEY, FAKE_TOUR_DAYS, type FakeSetlistFm, startFakeSetlistFm } from '#tests/fakes/setlistfm.ts';
import { signedInAdmin, signedInFan } from '#tests/setup/fans.ts';

const BASE = '/api/admin/historical-import';

/** The UTC calendar day `days` before today: the fake setlist.fm dates its shows the same way. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe('admin: historical import from an artist’s setlist.fm history', () => {
  let server: AuthTestServer;
  let fake: FakeSetlistFm;
  let admin: TestBrowser;
  let fan: TestBrowser;
  const count = async (text: string, params: unknown[] = []) =>
    (await server.database.query<{ n: number }>(`select count(*)::int as n from (${text}) x`, params)).rows[0]!.n;

  beforeAll(async () => {
    fake = await startFakeSetlistFm();
    // A setlist without a venue name (setlist.fm has such): its row must be rejected, with the reason.
    fake.setlists.push({
      id: '5bf0ffff',
      artistMbid: NORTHERN_LANTERNS,
      artistName: 'Northern Lanterns',
      daysAgo: 900,
      venue: { id: '0', name: '', city: 'Boston', country: 'US', countryName: 'United States' },
      sets: [],
    });
    server = await startAuthTestServer(
      { SETLISTFM_URL: fake.url, SETLISTFM_API_KEY: FAKE_SETLISTFM_KEY },
      { jobs: true },
    );
    await seedCatalog(server.database, [
      {
        name: 'Northern Lanterns',
        tours: [
          {
            name: 'Autumn Tour',
            // The newest show is already in the catalog: its row is a match.
            stops: [
              {
                date: daysAgo(FAKE_TOUR_DAYS[0]!),
                venue: 'Paradise Rock Club',
                city: 'Boston',
                region: 'MA',
                country: 'US',
              },
            ],
          },
        ],
      },
      { name: 'No Mbid Band', tours: [] },
    ]);
    await server.database.query(`update artists set mbid = $1 where slug = 'northern-lanterns'`, [NORTHERN_LANTERNS]);
    admin = (await signedInAdmin(server)).browser;
    fan = (await signedInFan(server)).browser;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('answers 401/403 to visitors and fans', async () => {
    for (const [method, json] of [
      ['GET', undefined],
      ['POST', { artistSlug: 'northern-lanterns' }],
    ] as const) {
      expect((await new TestBrowser(server).request(`${BASE}/setlistfm`, { method, json })).status).toBe(401);
      expect((await fan.request(`${BASE}/setlistfm`, { method, json })).status).toBe(403);
    }
  });

  it('fetches the history as rows, dry-runs them (added / matched / rejected) and imports them as a job', async () => {
    expect(await (await admin.request(`${BASE}/setlistfm`)).json()).toEqual({ configured: true, message: null });
    const fetched = await admin.request(`${BASE}/setlistfm`, { json: { artistSlug: 'northern-lanterns' } });
    expect(fetched.status).toBe(200);
    const file = await fetched.json();
    // 20 shows of the Autumn Tour, one of the Spring Tour, the one without a venue: 2 pages of 20.
    expect(file).toMatchObject({
      fileName: 'setlist.fm · Northern Lanterns',
      format: 'json',
      fetched: 22,
      total: 22,
      truncated: false,
    });
    const catalog = JSON.parse(file.content);
    expect(catalog.artists).toHaveLength(1);
    expect(catalog.artists[0]).toMatchObject({ name: 'Northern Lanterns', mbid: NORTHERN_LANTERNS });
    const tours = Object.fromEntries(
      catalog.artists[0].tours.map((tour: { name: string; stops: unknown[] }) => [tour.name, tour.stops.length]),
    );
    expect(tours).toEqual({ 'Autumn Tour': 20, 'Spring Tour': 1, 'Past shows': 1 });
    // The state comes along where setlist.fm has one (US names become codes on import).
    const autumn = catalog.artists[0].tours.find((tour: { name: string }) => tour.name === 'Autumn Tour');
    expect(autumn.stops).toContainEqual(
      expect.objectContaining({ venue: 'Paradise Rock Club', city: 'Boston', region: 'Massachusetts', country: 'US' }),
    );

    const body = { fileName: file.fileName, format: file.format, content: file.content };
    const dry = await (await admin.request(`${BASE}/dry-run`, { json: body })).json();
    expect(dry.summary).toEqual({ rows: 22, add: 20, match: 1, reject: 1 });
    expect(dry.rows[0]).toMatchObject({ outcome: 'reject', date: daysAgo(900), city: 'Boston' });
    expect(dry.rows[0].note).toMatch(/venue/);
    expect(dry.rows).toContainEqual(
      expect.objectContaining({ outcome: 'match', date: daysAgo(FAKE_TOUR_DAYS[0]!), note: 'already in the catalog' }),
    );
    // Rows are never skipped silently: the run is refused until "valid rows only" is chosen.
    expect((await admin.request(`${BASE}/run`, { json: body })).status).toBe(400);
    const started = await admin.request(`${BASE}/run`, { json: { ...body, validOnly: true } });
    expect(started.status).toBe(202);
    const { id } = await started.json();
    let job = { status: 'queued', report: null as null | { written: Record<string, number> } };
    for (let i = 0; i < 120 && job.status !== 'done' && job.status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      job = await (await admin.request(`${BASE}/jobs/${id}`)).json();
    }
    expect(job).toMatchObject({ status: 'done', total: 21, done: 21 });
    expect(job.report!.written).toMatchObject({ artistsAdded: 0, stopsAdded: 20, toursAdded: 1 });
    expect(
      await count(`select 1 from tour_stops s join artists a on a.id = s.artist_id where a.slug = 'northern-lanterns'`),
    ).toBe(21);
    const audit = await (await admin.request(`/api/admin/audit?targetType=historical-import&targetId=${id}`)).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'historical-import.run',
      targetLabel: expect.stringContaining('setlist.fm'),
    });
  });

  it('explains an artist without a MusicBrainz ID, an unknown artist and a setlist.fm outage', async () => {
    const noMbid = await admin.request(`${BASE}/setlistfm`, { json: { artistSlug: 'no-mbid-band' } });
    expect(noMbid.status).toBe(400);
    expect((await noMbid.json()).error.message).toMatch(/no MusicBrainz ID/);
    expect((await admin.request(`${BASE}/setlistfm`, { json: { artistSlug: 'nobody-at-all' } })).status).toBe(404);
    fake.setMode('unavailable');
    try {
      const down = await admin.request(`${BASE}/setlistfm`, { json: { artistSlug: 'northern-lanterns' } });
      expect(down.status).toBe(503);
      expect((await down.json()).error.message).toMatch(/setlist\.fm did not answer/);
    } finally {
      fake.setMode('normal');
    }
  });
});
