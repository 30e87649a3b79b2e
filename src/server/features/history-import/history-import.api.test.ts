import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import type { HistoryImportRowView, HistoryImportView } from '#shared/setlists.ts';
import { daysAgo, setlistFmCatalog } from '#tests/factories/concert-history-setup.ts';
import { NORTHERN_LANTERNS } from '#tests/fakes/dataset.ts';
import { FAKE_SETLISTFM_USER, FAKE_TOUR_DAYS } from '#tests/fakes/setlistfm.ts';
import { signedInFan } from '#tests/setup/fans.ts';

/** A signed-in fan's browser (the session travels with it). */
const fanBrowser = async (server: AuthTestServer): Promise<TestBrowser> => (await signedInFan(server)).browser;

const MAPPING = 'date=Show%20Date&artist=Band&venue=Venue%20Name&city=Town&country=Nation';

/** A spreadsheet with its own column names, every kind of row, in the layouts fans type. */
function historyCsv(): string {
  return [
    'Show Date,Band,Venue Name,Town,Nation,Rating',
    '2024-05-17,Northern Lanterns,Paradise Rock Club,Boston,United States,5', // 2: exact match
    '05/18/2024,The Northern Lanterns,Roadrunner,Boston,US,4', // 3: artist without "The", other venue
    '17.05.2024,Northern Lanterns,Paradise Rock Club,Boston,US,', // 4: same show as row 2
    '"June 2, 2023",Basement Static,The Sinclair,Cambridge,United States,', // 5: not in the catalog: created
    'someday,Northern Lanterns,Paradise Rock Club,Boston,US,', // 6: bad date
    '2023-06-03,,The Sinclair,Cambridge,US,', // 7: no artist
    '2023-06-04,Basement Static,,,,', // 8: not in the catalog and no venue
    '2023-06-05,Basement Static,The Sinclair,Cambridge,Atlantis,', // 9: unknown country
    '2022-01-09,Amber Skies,Brixton Academy,London,GB,', // 10: already in the fan's history
  ].join('\r\n');
}

describe('history import API', () => {
  let server: AuthTestServer;
  let close: () => Promise<void>;
  let stopIds: Record<string, string> = {};

  const post = (browser: TestBrowser, path: string, body: string) =>
    server.fetch(path, {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        cookie: browser.cookieHeader(),
        'x-forwarded-for': browser.ip,
        'content-type': 'text/csv',
      },
      body,
    });
  const previewCsv = async (browser: TestBrowser, text: string, query = MAPPING) => {
    const response = await post(browser, `/api/history-imports/csv?${query}&name=history.csv`, text);
    return response;
  };
  const rowsOf = async (browser: TestBrowser, id: string) => {
    const response = await browser.request(`/api/history-imports/${id}/rows`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { rows: HistoryImportRowView[] }).rows;
  };
  const waitForState = async (browser: TestBrowser, id: string, states: string[], withinMs = 30_000) => {
    for (let i = 0; i < withinMs / 250; i++) {
      const view = (await (await browser.request(`/api/history-imports/${id}`)).json()) as HistoryImportView;
      if (states.includes(view.state)) return view;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`import ${id} never reached ${states.join('/')}`);
  };
  beforeAll(async () => {
    ({ server, stopIds, close } = await setlistFmCatalog(
      [
        {
          name: 'Northern Lanterns',
          mbid: NORTHERN_LANTERNS,
          tours: [
            {
              name: 'Harbour Tour',
              stops: [
                { date: '2024-05-17', venue: 'Paradise Rock Club', city: 'Boston', region: 'MA', country: 'US' },
                { date: '2024-05-18', venue: 'Paradise Rock Club', city: 'Boston', region: 'MA', country: 'US' },
              ],
            },
            {
              name: 'Autumn Tour',
              stops: [FAKE_TOUR_DAYS[0]!, FAKE_TOUR_DAYS[2]!].map((days) => ({
                date: daysAgo(days),
                venue: 'Paradise Rock Club',
                city: 'Boston',
                country: 'US',
              })),
            },
          ],
        },
        {
          name: 'Amber Skies',
          tours: [
            { name: 'Dawn', stops: [{ date: '2022-01-09', venue: 'Brixton Academy', city: 'London', country: 'GB' }] },
          ],
        },
      ],
      { jobs: true },
    ));
  });
  afterAll(() => close?.());

  /** The fan's attended-show count, straight from the table. */
  async function shows(userEmail: string) {
    const { rows } = await server.database.query<{ n: number }>(
      `select count(*)::int as n from user_shows us join users u on u.id = us.user_id where u.email = $1`,
      [userEmail],
    );
    return rows[0]!.n;
  }

  it('previews a CSV row by row, imports it as a job with progress, is idempotent and undoes as a whole', async () => {
    const { browser: fan, email } = await signedInFan(server);
    // Already in the history before the import: must stay after undo.
    expect(
      (
        await fan.request(`/api/shows/stops/${stopIds['amber-skies@2022-01-09']}`, {
          method: 'PUT',
          json: { state: 'attended' },
        })
      ).status,
    ).toBe(200);

    const response = await previewCsv(fan, historyCsv());
    expect(response.status).toBe(201);
    const preview = (await response.json()) as HistoryImportView;
    expect(preview).toMatchObject({ state: 'preview', source: 'csv', label: 'history.csv', totalRows: 9 });
    expect(preview.counts).toEqual({ matched: 2, create: 1, duplicate: 2, unparseable: 4 });

    const rows = await rowsOf(fan, preview.id);
    const byRow = new Map(rows.map((row) => [row.rowNumber, row]));
    expect(byRow.get(2)).toMatchObject({ outcome: 'matched', confidence: 1, eventDate: '2024-05-17' });
    expect(byRow.get(2)?.stop?.id).toBe(stopIds['northern-lanterns@2024-05-17']);
    expect(byRow.get(3)).toMatchObject({ outcome: 'matched', eventDate: '2024-05-18' });
    expect(byRow.get(3)!.confidence!).toBeLessThan(1);
    expect(byRow.get(3)!.confidence!).toBeGreaterThan(0.5);
    expect(byRow.get(4)).toMatchObject({ outcome: 'duplicate', message: 'The same show as row 2.' });
    expect(byRow.get(5)).toMatchObject({ outcome: 'create', eventDate: '2023-06-02', stop: null });
    expect(byRow.get(6)).toMatchObject({ outcome: 'unparseable', message: 'The date could not be read.' });
    expect(byRow.get(7)).toMatchObject({ outcome: 'unparseable', message: 'The artist is missing.' });
    expect(byRow.get(8)?.outcome).toBe('unparseable');
    expect(byRow.get(9)?.message).toBe('The country is not known: use its name or 2-letter code.');
    expect(byRow.get(10)).toMatchObject({ outcome: 'duplicate', message: 'Already in your history.' });
    // A preview writes no show.
    expect(await shows(email)).toBe(1);

    const started = await fan.request(`/api/history-imports/${preview.id}/start`, { method: 'POST', json: {} });
    expect(started.status).toBe(200);
    const done = await waitForState(fan, preview.id, ['done', 'failed']);
    expect(done).toMatchObject({ state: 'done', processedRows: 9, addedCount: 3, createdStopCount: 1 });
    expect(await shows(email)).toBe(4);
    const { rows: created } = await server.database.query<{ review_state: string; submitted: boolean }>(
      `select s.review_state, s.submitted_by = u.id as submitted, v.country from tour_stops s
       join artists a on a.id = s.artist_id join venues v on v.id = s.venue_id
       join users u on u.email = $1 where a.name = 'Basement Static'`,
      [email],
    );
    // The file said "United States": the venue keeps its country as the code every venue has.
    expect(created).toEqual([{ review_state: 'pending', submitted: true, country: 'US' }]);
    // Progress went to the fan's event stream.
    const { rows: events } = await server.database.query<{ payload: { processedRows: number; state: string } }>(
      `select e.payload from user_events e join users u on u.id = e.user_id
       where u.email = $1 and e.type = 'history-import-progress' order by e.id`,
      [email],
    );
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)?.payload).toMatchObject({ state: 'done', processedRows: 9 });

    // The same file again adds nothing: every row is in the history now (the created show included).
    const again = (await (await previewCsv(fan, historyCsv())).json()) as HistoryImportView;
    expect(again.counts).toMatchObject({ matched: 0, create: 0, duplicate: 5 });
    const refused = await fan.request(`/api/history-imports/${again.id}/start`, { method: 'POST', json: {} });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe('Nothing in this preview can be imported.');
    expect(await shows(email)).toBe(4);

    // Another fan can neither see, start nor undo it.
    const other = await fanBrowser(server);
    expect((await other.request(`/api/history-imports/${preview.id}`)).status).toBe(404);
    expect((await other.request(`/api/history-imports/${preview.id}/rows`)).status).toBe(404);
    expect((await other.request(`/api/history-imports/${preview.id}/undo`, { method: 'POST', json: {} })).status).toBe(
      404,
    );

    const undone = await fan.request(`/api/history-imports/${preview.id}/undo`, { method: 'POST', json: {} });
    expect(undone.status).toBe(200);
    expect(((await undone.json()) as HistoryImportView).state).toBe('undone');
    expect(await shows(email)).toBe(1);
    const { rows: left } = await server.database.query(
      `select 1 from tour_stops s join artists a on a.id = s.artist_id where a.name = 'Basement Static'`,
    );
    expect(left).toHaveLength(0);
    expect((await fan.request(`/api/history-imports/${preview.id}/undo`, { method: 'POST', json: {} })).status).toBe(
      409,
    );
    const list = (await (await fan.request('/api/history-imports')).json()) as { imports: HistoryImportView[] };
    expect(list.imports.map((item) => item.id)).toContain(preview.id);
  });

  it('refuses bad files with a clear message and writes nothing', async () => {
    const fan = await fanBrowser(server);
    const expectRefused = async (response: Response, status: number, message: string) => {
      expect(response.status).toBe(status);
      expect((await response.json()).error.message).toBe(message);
    };
    await expectRefused(
      await previewCsv(fan, historyCsv(), 'date=Show%20Date&venue=Venue%20Name'),
      400,
      'Choose the columns that hold the date and the artist.',
    );
    await expectRefused(
      await previewCsv(fan, historyCsv(), 'date=When&artist=Band'),
      400,
      'That column is not in the file.',
    );
    await expectRefused(await previewCsv(fan, 'Show Date,Band\r\n'), 400, 'That file has no rows to import.');
    const tooMany = ['Show Date,Band', ...Array.from({ length: 50_001 }, () => '2024-01-01,X')].join('\n');
    await expectRefused(
      await previewCsv(fan, tooMany, 'date=Show%20Date&artist=Band'),
      400,
      'That file has more than 50,000 rows. Split it into smaller files and import each one.',
    );
    const exactly = ['Show Date,Band', ...Array.from({ length: 50_000 }, (_, i) => `2024-01-01,Band ${i % 50}`)].join(
      '\n',
    );
    const fine = await previewCsv(fan, exactly, 'date=Show%20Date&artist=Band');
    expect(fine.status).toBe(201);
    expect(((await fine.json()) as HistoryImportView).totalRows).toBe(50_000);
    const huge = `Show Date,Band\n${'2024-01-01,'.padEnd(1000, 'x')}\n`.repeat(21 * 1024);
    await expectRefused(
      await previewCsv(fan, huge, 'date=Show%20Date&artist=Band'),
      413,
      'That file is over 20 MB. Split it into smaller files and import each one.',
    );
    const { rows } = await server.database.query<{ n: number }>(
      `select count(*)::int as n from history_imports i join users u on u.id = i.user_id where u.email is not null and i.state <> 'preview'`,
    );
    expect(rows[0]!.n).toBeLessThanOrEqual(1);
    // Visitors may not import.
    expect((await previewCsv(new TestBrowser(server), historyCsv())).status).toBe(401);
  }, 120_000);

  it("imports a setlist.fm user's attended list with its setlists; an unknown user is refused", async () => {
    const fan = await fanBrowser(server);
    const unknown = await fan.request('/api/history-imports/setlistfm', { json: { username: 'nobody_here' } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toBe('There is no setlist.fm user with that name.');

    const response = await fan.request('/api/history-imports/setlistfm', { json: { username: FAKE_SETLISTFM_USER } });
    expect(response.status).toBe(201);
    const preview = (await response.json()) as HistoryImportView;
    expect(preview.source).toBe('setlistfm');
    expect(preview.totalRows).toBe(6);
    // Two of the attended shows are catalog stops; the other four become the fan's submissions.
    expect(preview.counts).toEqual({ matched: 2, create: 4, duplicate: 0, unparseable: 0 });
    const rows = await rowsOf(fan, preview.id);
    expect(rows.find((row) => row.eventDate === daysAgo(FAKE_TOUR_DAYS[0]!))?.stop?.id).toBe(
      stopIds[`northern-lanterns@${daysAgo(FAKE_TOUR_DAYS[0]!)}`],
    );

    await fan.request(`/api/history-imports/${preview.id}/start`, { method: 'POST', json: {} });
    const done = await waitForState(fan, preview.id, ['done', 'failed']);
    expect(done).toMatchObject({ state: 'done', addedCount: 6, createdStopCount: 4 });
    // The attended shows carry their setlist.fm setlists.
    const stopId = stopIds[`northern-lanterns@${daysAgo(FAKE_TOUR_DAYS[0]!)}`];
    const setlists = await (await fan.request(`/api/setlists/stops/${stopId}`)).json();
    expect(setlists.setlistfm.songs.length).toBeGreaterThan(5);
    const { rows: linked } = await server.database.query<{ n: number }>(
      `select count(*)::int as n from history_import_rows r where r.import_id = $1 and r.setlist_id is not null`,
      [preview.id],
    );
    expect(linked[0]!.n).toBe(6);
  });

  it("imports this app's own export", async () => {
    const fan = await fanBrowser(server);
    const file = JSON.stringify({
      shows: [
        {
          date: '2024-05-17',
          artist: 'Northern Lanterns',
          venue: 'Paradise Rock Club',
          city: 'Boston',
          country: 'US',
          state: 'attended',
        },
        {
          date: '2030-01-01',
          artist: 'Northern Lanterns',
          venue: 'Paradise Rock Club',
          city: 'Boston',
          country: 'US',
          state: 'going',
        },
      ],
    });
    const response = await post(fan, '/api/history-imports/app?name=export.json', file);
    expect(response.status).toBe(201);
    const preview = (await response.json()) as HistoryImportView;
    expect(preview).toMatchObject({ source: 'app', totalRows: 1 });
    expect(preview.counts.matched).toBe(1);
    const bad = await post(fan, '/api/history-imports/app', '{"nope":1}');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('That is not an export from this app.');
  });

  it("gives a second fan the show another fan's import created: 'duplicate' only once the fan has it", async () => {
    const csv = ['Show Date,Band,Venue Name,Town,Nation', '2021-03-04,Velvet Comets,The Lowry,Salford,GB'].join('\n');
    const importAll = async (fan: TestBrowser) => {
      const preview = (await (await previewCsv(fan, csv)).json()) as HistoryImportView;
      if (preview.counts.matched + preview.counts.create === 0) return { preview, done: null };
      expect((await fan.request(`/api/history-imports/${preview.id}/start`, { method: 'POST', json: {} })).status).toBe(
        200,
      );
      return { preview, done: await waitForState(fan, preview.id, ['done', 'failed']) };
    };
    const first = await signedInFan(server);
    const second = await signedInFan(server);
    const a = await importAll(first.browser);
    expect(a.done).toMatchObject({ state: 'done', addedCount: 1, createdStopCount: 1, skippedCount: 0 });

    const b = await importAll(second.browser);
    expect(b.preview.counts).toMatchObject({ create: 1, duplicate: 0 });
    expect(b.done).toMatchObject({ state: 'done', addedCount: 1, createdStopCount: 0, skippedCount: 0 });
    expect(await shows(second.email)).toBe(1);
    const rows = await rowsOf(second.browser, b.preview.id);
    expect(rows[0]).toMatchObject({ outcome: 'create' });
    const { rows: stops } = await server.database.query<{ n: number }>(
      `select count(*)::int as n from tour_stops s join artists a on a.id = s.artist_id where a.name = 'Velvet Comets'`,
    );
    expect(stops[0]!.n).toBe(1);

    // Now the second fan has it: the same file is a duplicate.
    const again = await importAll(second.browser);
    expect(again.preview.counts).toMatchObject({ matched: 0, create: 0, duplicate: 1 });

    // The second fan's undo leaves the first fan's show and stop alone.
    expect(
      (await second.browser.request(`/api/history-imports/${b.preview.id}/undo`, { method: 'POST', json: {} })).status,
    ).toBe(200);
    expect(await shows(second.email)).toBe(0);
    expect(await shows(first.email)).toBe(1);
  });

  it('resumes an import whose process died (its job held active, no worker) within a minute; then undo works', async () => {
    const { browser: fan, email } = await signedInFan(server);
    const csv = [
      'Show Date,Band,Venue Name,Town,Nation',
      '2019-08-08,Quiet Pylons,Band on the Wall,Manchester,GB',
    ].join('\n');
    const preview = (await (await previewCsv(fan, csv)).json()) as HistoryImportView;
    // What a killed process leaves: the import 'running', last heard of long ago, and its pg-boss
    // job 'active' (held until it expires, an hour later) with no worker left to finish it.
    await server.database.query(
      `update history_imports set state = 'running', created_at = now() - interval '10 minutes' where id = $1`,
      [preview.id],
    );
    await server.database.query(
      `insert into pgboss.job (name, data, state, singleton_key, policy, started_on, expire_in, retry_limit)
       values ('history-import', $1::jsonb, 'active', $2, 'stately', now() - interval '10 minutes', interval '1 hour', 2)`,
      [JSON.stringify({ importId: preview.id }), preview.id],
    );
    const started = Date.now();
    const done = await waitForState(fan, preview.id, ['done', 'failed'], 60_000);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(done).toMatchObject({ state: 'done', addedCount: 1, createdStopCount: 1 });
    expect(await shows(email)).toBe(1);
    const undone = await fan.request(`/api/history-imports/${preview.id}/undo`, { method: 'POST', json: {} });
    expect(undone.status).toBe(200);
    expect(await shows(email)).toBe(0);
  }, 90_000);
});
