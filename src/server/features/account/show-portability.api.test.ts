import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  PUBLIC_URL,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from '#server/auth/auth.test-support.ts';
import type { ShowExportRow, ShowImportResult } from '#shared/show-portability.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';

const PASSWORD = 'portable-shows-2030';
const MBID = '5b11f4ce-a62d-471e-81fc-a69a8278c7da';

interface Fan {
  browser: TestBrowser;
  id: string;
}

describe('shows export and import', () => {
  let server: AuthTestServer;
  const stops: Record<string, string> = {};

  async function newFan(): Promise<Fan> {
    const browser = new TestBrowser(server);
    expect((await signUp(browser, uniqueEmail('port'), PASSWORD)).status).toBe(200);
    return { browser, id: (await (await browser.request('/api/me')).json()).user.id };
  }

  async function addShow(fan: Fan, stopId: string, values: Record<string, unknown>) {
    const columns = Object.keys(values);
    await server.database.query(
      `insert into user_shows (user_id, stop_id, ${columns.map((c) => c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)).join(', ')})
       values ($1, $2, ${columns.map((_, i) => `$${i + 3}`).join(', ')})`,
      [fan.id, stopId, ...Object.values(values)],
    );
  }

  async function showRows(fan: Fan) {
    const { rows } = await server.database.query<Record<string, unknown>>(
      `select stop_id, state, has_tickets, seat, notes, rating, companions, created_at from user_shows
        where user_id = $1 order by stop_id`,
      [fan.id],
    );
    return rows;
  }

  /** TestBrowser sends JSON only; the import takes the file as it is. */
  async function rawPost(fan: Fan, path: string, body: string, type: string) {
    return server.fetch(path, {
      method: 'POST',
      headers: {
        origin: PUBLIC_URL,
        cookie: fan.browser.cookieHeader(),
        'content-type': type,
        'x-forwarded-for': fan.browser.ip,
      },
      body,
    });
  }

  beforeAll(async () => {
    server = await startAuthTestServer();
    await seedCatalog(server.database, [
      {
        name: 'Portable Sound',
        mbid: MBID,
        tours: [
          {
            name: 'Carry On Tour',
            stops: [
              { date: '2023-03-10', time: '20:00', venue: 'Paradise', city: 'Boston', region: 'MA', country: 'US' },
              { date: '2023-03-12', venue: 'The Anthem', city: 'Washington', region: 'DC', country: 'US' },
              { date: '2030-05-01', time: '19:00', venue: 'Paradise', city: 'Boston', region: 'MA', country: 'US' },
            ],
          },
        ],
      },
      {
        name: 'Second Act',
        tours: [
          {
            name: 'Encore',
            stops: [
              { date: '2023-03-10', time: '18:30', venue: 'Paradise', city: 'Boston', region: 'MA', country: 'US' },
            ],
          },
        ],
      },
    ]);
    const { rows } = await server.database.query<{ id: string; name: string; event_date: string }>(
      `select s.id, a.name, to_char(s.event_date, 'YYYY-MM-DD') as event_date
         from tour_stops s join artists a on a.id = s.artist_id`,
    );
    for (const row of rows) stops[`${row.name} ${row.event_date}`] = row.id;
  });
  afterAll(() => server?.close());

  async function fanWithHistory(): Promise<Fan> {
    const fan = await newFan();
    await addShow(fan, stops['Portable Sound 2023-03-10']!, {
      state: 'attended',
      notes: '=HYPERLINK("x") and "quotes", commas\nnew line',
      rating: 5,
      companions: 'Ada, Grace',
      hasTickets: true,
      seat: 'GA floor',
    });
    await addShow(fan, stops['Second Act 2023-03-10']!, { state: 'attended', rating: 3 });
    await addShow(fan, stops['Portable Sound 2023-03-12']!, { state: 'missed', notes: 'Snowed in' });
    await addShow(fan, stops['Portable Sound 2030-05-01']!, { state: 'going', hasTickets: true, seat: 'Balcony B4' });
    // A feed token exists: it must not leave in the export.
    await fan.browser.request('/api/calendar/feeds');
    return fan;
  }

  it('exports the shows with their stops, and a CSV of attended shows; no feed tokens', async () => {
    const fan = await fanWithHistory();
    const response = await fan.browser.request('/api/account/export');
    const data = await response.json();
    expect(data.user_shows).toBeUndefined();
    expect(data.calendar_feeds).toBeUndefined();
    expect(JSON.stringify(data)).not.toMatch(/token/i);
    const shows = data.shows as ShowExportRow[];
    expect(shows).toHaveLength(4);
    expect(shows[0]).toMatchObject({
      date: '2023-03-10',
      time: '18:30',
      artist: 'Second Act',
      venue: 'Paradise',
      city: 'Boston',
      country: 'US',
      state: 'attended',
      rating: 3,
    });
    expect(shows[1]).toMatchObject({
      artist: 'Portable Sound',
      artistMbid: MBID,
      tour: 'Carry On Tour',
      time: '20:00',
      state: 'attended',
      companions: 'Ada, Grace',
      hasTickets: true,
      seat: 'GA floor',
      rating: 5,
      status: 'scheduled',
    });
    expect(shows.map((show) => show.state)).toEqual(['attended', 'attended', 'missed', 'going']);

    const csv = await fan.browser.request('/api/account/export/attended.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toContain('tourguides-attended-shows.csv');
    const text = await csv.text();
    const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true });
    expect(parsed.data.map((row) => row.artist)).toEqual(['Second Act', 'Portable Sound']);
    // A formula-like cell is defused for spreadsheets.
    expect(parsed.data[1]!.notes!.startsWith("'=HYPERLINK")).toBe(true);
    expect((await new TestBrowser(server).request('/api/account/export/attended.csv')).status).toBe(401);
  });

  it('restores the JSON export into an empty account: preview first, then every field', async () => {
    const source = await fanWithHistory();
    const file = await (await source.browser.request('/api/account/export')).text();
    const target = await newFan();

    const preview = await rawPost(target, '/api/account/import?dryRun=1', file, 'application/json');
    expect(preview.status).toBe(200);
    expect((await preview.json()) as ShowImportResult).toEqual({
      dryRun: true,
      format: 'json',
      total: 4,
      imported: 4,
      unmatched: [],
    });
    expect(await showRows(target)).toEqual([]);

    const done = await rawPost(target, '/api/account/import', file, 'application/json');
    expect(done.status).toBe(200);
    expect((await done.json()).imported).toBe(4);
    expect(await showRows(target)).toEqual(await showRows(source));

    const again = await rawPost(target, '/api/account/import', file, 'application/json');
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(
      'Your account already has shows. Import works only into an account with none.',
    );
  });

  it('restores the attended CSV, formulas and line breaks intact', async () => {
    const source = await fanWithHistory();
    const csv = await (await source.browser.request('/api/account/export/attended.csv')).text();
    const target = await newFan();
    const done = await rawPost(target, '/api/account/import', csv, 'text/csv');
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ format: 'csv', total: 2, imported: 2, unmatched: [] });
    const attended = (await showRows(source)).filter((row) => row.state === 'attended');
    expect(await showRows(target)).toEqual(attended);
  });

  it('lists rows whose show is not in the catalog, by row number, and imports the others', async () => {
    const target = await newFan();
    const csv = [
      'date,artist,venue,city,country,rating',
      '2023-03-10,portable sound,PARADISE,boston,us,4',
      '2023-03-11,Portable Sound,Paradise,Boston,US,',
      '2023-03-10,Nobody Known,Paradise,Boston,US,',
    ].join('\n');
    const response = await rawPost(target, '/api/account/import', csv, 'text/csv');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      dryRun: false,
      format: 'csv',
      total: 3,
      imported: 1,
      unmatched: [
        { row: 3, date: '2023-03-11', artist: 'Portable Sound', venue: 'Paradise', city: 'Boston' },
        { row: 4, date: '2023-03-10', artist: 'Nobody Known', venue: 'Paradise', city: 'Boston' },
      ],
    });
    const rows = await showRows(target);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stop_id: stops['Portable Sound 2023-03-10'], state: 'attended', rating: 4 });
  });

  it('refuses a bad file whole, listing every problem, and writes nothing', async () => {
    const target = await newFan();
    const shows = [
      { date: '2023-03-10', artist: 'Portable Sound', venue: 'Paradise', city: 'Boston', country: 'US', rating: 5 },
      { date: '2023-03-10', artist: 'Second Act', venue: 'Paradise', city: 'Boston', country: 'US', rating: 7 },
      { date: '1949-12-31', artist: 'Portable Sound', venue: 'Paradise', city: 'Boston', country: 'US' },
      { date: '2023-03-12', artist: '', venue: 'The Anthem', city: 'Washington', country: 'US', state: 'famous' },
      { date: '2023-03-12', artist: 'X', venue: 'Y', city: 'Z', country: 'US', notes: 'n'.repeat(5001) },
    ];
    const response = await rawPost(target, '/api/account/import', JSON.stringify({ shows }), 'application/json');
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.message).toBe('The file has 5 problems; nothing was imported.');
    expect(error.issues).toEqual([
      { path: 'Row 2', message: 'Rating must be a whole number from 1 to 5' },
      { path: 'Row 3', message: 'Date must be between 1950 and 2100' },
      { path: 'Row 4', message: 'Artist is missing' },
      { path: 'Row 4', message: 'State must be one of interested, going, attended, missed' },
      { path: 'Row 5', message: 'Notes must be at most 5,000 characters' },
    ]);
    expect(await showRows(target)).toEqual([]);

    const duplicate = [
      'date,artist,venue,city,country',
      '2023-03-10,Portable Sound,Paradise,Boston,US',
      '2023-03-10,PORTABLE SOUND,Paradise,Boston,US',
    ].join('\n');
    const dup = await rawPost(target, '/api/account/import', duplicate, 'text/csv');
    expect(dup.status).toBe(400);
    expect((await dup.json()).error.issues).toEqual([{ path: 'Row 3', message: 'The same show as row 2.' }]);

    const noColumns = await rawPost(target, '/api/account/import', 'when,who\n2023-03-10,Someone', 'text/csv');
    expect((await noColumns.json()).error.issues).toEqual([
      { path: 'file', message: 'The CSV lacks the columns date, artist, venue, city, country.' },
    ]);
    const notJson = await rawPost(target, '/api/account/import', '{"shows": [', 'application/json');
    expect((await notJson.json()).error.issues).toEqual([{ path: 'file', message: 'The file is not valid JSON.' }]);
    const empty = await rawPost(target, '/api/account/import', JSON.stringify({ profile: {} }), 'application/json');
    expect(empty.status).toBe(400);
    expect(await showRows(target)).toEqual([]);
  });

  it('takes files over the 1 MB API limit, signed in only, and matches no pending stop of another user', async () => {
    const target = await newFan();
    const rows = Array.from({ length: 300 }, (_, i) => ({
      date: '2024-01-01',
      artist: `Band ${i}`,
      venue: 'Hall',
      city: 'Town',
      country: 'US',
      notes: 'x'.repeat(4900),
    }));
    const big = JSON.stringify({ shows: rows });
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const response = await rawPost(target, '/api/account/import?dryRun=1', big, 'application/json');
    expect(response.status).toBe(200);
    expect((await response.json()).unmatched).toHaveLength(300);

    const visitor = await server.fetch('/api/account/import', {
      method: 'POST',
      headers: { origin: PUBLIC_URL, 'content-type': 'text/csv' },
      body: 'date,artist,venue,city,country',
    });
    expect(visitor.status).toBe(401);

    const author = await newFan();
    const pending = stops['Portable Sound 2023-03-12']!;
    await server.database.query(`update tour_stops set review_state = 'pending', submitted_by = $2 where id = $1`, [
      pending,
      author.id,
    ]);
    try {
      const csv = 'date,artist,venue,city,country\n2023-03-12,Portable Sound,The Anthem,Washington,US';
      const other = await rawPost(target, '/api/account/import?dryRun=1', csv, 'text/csv');
      expect((await other.json()).unmatched).toHaveLength(1);
      const own = await rawPost(author, '/api/account/import?dryRun=1', csv, 'text/csv');
      expect((await own.json()).imported).toBe(1);
    } finally {
      await server.database.query(
        `update tour_stops set review_state = 'approved', submitted_by = null where id = $1`,
        [pending],
      );
    }
  });
});
