import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { signedInAdmin, signedInFan } from '#tests/setup/fans.ts';

const catalogJson = JSON.stringify({
  artists: [
    {
      name: 'Old Timers',
      tours: [
        {
          name: 'Reunion 2009',
          stops: [
            { date: '2009-05-01', venue: 'Stubbs', city: 'Austin', region: 'Texas', country: 'US' },
            { date: '2009-05-03', venue: 'The Anthem', city: 'Washington', region: 'DC', country: 'US' },
          ],
        },
      ],
    },
    {
      name: 'Known Band',
      tours: [
        {
          name: 'Spring 2010',
          stops: [{ date: '2010-04-01', venue: 'Stubbs', city: 'Austin', region: 'TX', country: 'US' }],
        },
      ],
    },
  ],
});

const csv = [
  'Band;Show date;Place;Town;State;Nation',
  'Csv Band;2001-02-03;Stubbs;Austin;TX;US',
  '"Csv Band";2001-02-04;"Emo\'s; East";Austin;TX;US',
  'Csv Band;2001-13-40;Stubbs;Austin;TX;US',
  'Csv Band;2001-02-03;stubbs;austin;tx;us',
].join('\n');
const mapping = { artist: 'Band', date: 'Show date', venue: 'Place', city: 'Town', region: 'State', country: 'Nation' };

describe('admin: historical import', () => {
  let server: AuthTestServer;
  let admin: TestBrowser;
  let fan: TestBrowser;

  const count = async (text: string) => (await server.database.query<{ n: number }>(text)).rows[0]!.n;
  async function finished(id: string) {
    for (let i = 0; i < 120; i += 1) {
      const job = await (await admin.request(`/api/admin/historical-import/jobs/${id}`)).json();
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('import did not finish');
  }

  beforeAll(async () => {
    server = await startAuthTestServer({}, { jobs: true });
    await seedCatalog(server.database, [
      {
        name: 'Known Band',
        tours: [
          {
            name: 'Spring 2010',
            stops: [{ date: '2010-04-01', venue: 'Stubbs', city: 'Austin', region: 'TX', country: 'US' }],
          },
        ],
      },
    ]);
    admin = (await signedInAdmin(server)).browser;
    fan = (await signedInFan(server)).browser;
  });
  afterAll(() => server?.close());

  it('answers 401/403 to visitors and fans', async () => {
    for (const [method, route] of [
      ['GET', '/api/admin/historical-import'],
      ['GET', '/api/admin/historical-import/jobs/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/admin/historical-import/dry-run'],
      ['POST', '/api/admin/historical-import/run'],
      ['GET', '/api/admin/historical-import/setlistfm'],
      ['POST', '/api/admin/historical-import/setlistfm'],
    ] as const) {
      const json = method === 'POST' ? {} : undefined;
      expect((await new TestBrowser(server).request(route, { method, json })).status).toBe(401);
      expect((await fan.request(route, { method, json })).status).toBe(403);
    }
  });

  it('says what is missing for the setlist.fm source when no key is configured', async () => {
    const status = await (await admin.request('/api/admin/historical-import/setlistfm')).json();
    expect(status).toEqual({ configured: false, message: expect.stringContaining('SETLISTFM_API_KEY') });
    const refused = await admin.request('/api/admin/historical-import/setlistfm', {
      json: { artistSlug: 'known-band' },
    });
    expect(refused.status).toBe(503);
    expect((await refused.json()).error.message).toBe(status.message);
  });

  it('dry-runs a catalog JSON row by row, runs it as a job, and a second run adds nothing', async () => {
    const body = { fileName: 'history.json', format: 'json', content: catalogJson };
    const stopsBefore = await count('select count(*)::int as n from tour_stops');
    const dry = await (await admin.request('/api/admin/historical-import/dry-run', { json: body })).json();
    expect(dry.summary).toEqual({ rows: 3, add: 2, match: 1, reject: 0 });
    expect(dry.rows).toEqual([
      expect.objectContaining({ row: 1, artist: 'Old Timers', outcome: 'add', note: 'new artist' }),
      expect.objectContaining({ row: 2, outcome: 'add', note: 'new artist, new venue' }),
      expect.objectContaining({ row: 3, artist: 'Known Band', outcome: 'match', note: 'already in the catalog' }),
    ]);
    // The dry run wrote nothing.
    expect(await count('select count(*)::int as n from tour_stops')).toBe(stopsBefore);

    const started = await admin.request('/api/admin/historical-import/run', { json: body });
    expect(started.status).toBe(202);
    const job = await finished((await started.json()).id);
    expect(job).toMatchObject({ status: 'done', total: 3, done: 3 });
    expect(job.report.written).toEqual({ artistsAdded: 1, toursAdded: 1, stopsAdded: 2, venuesAdded: 1 });
    expect(await count('select count(*)::int as n from tour_stops')).toBe(stopsBefore + 2);

    const again = await finished(
      (await (await admin.request('/api/admin/historical-import/run', { json: body })).json()).id,
    );
    expect(again.report.written).toEqual({ artistsAdded: 0, toursAdded: 0, stopsAdded: 0, venuesAdded: 0 });
    expect(again.report.summary).toMatchObject({ add: 0, match: 3 });
    expect(await count('select count(*)::int as n from tour_stops')).toBe(stopsBefore + 2);

    // Reports are kept, and the run is in the audit log.
    const list = await (await admin.request('/api/admin/historical-import')).json();
    expect(list.imports).toHaveLength(2);
    const audit = await (
      await admin.request(`/api/admin/audit?targetType=historical-import&targetId=${job.id}`)
    ).json();
    expect(audit.entries[0]).toMatchObject({ action: 'historical-import.run', after: { stopsAdded: 2 } });
  });

  it('maps CSV columns, rejects bad rows with reasons, and runs for valid rows only when asked', async () => {
    const unmapped = await admin.request('/api/admin/historical-import/dry-run', {
      json: { fileName: 'h.csv', format: 'csv', content: csv, mapping: { artist: 'Band' } },
    });
    expect(unmapped.status).toBe(400);
    expect((await unmapped.json()).error.message).toBe('Map a column to: date, venue, city, country.');
    const body = { fileName: 'h.csv', format: 'csv', content: csv, mapping };
    const dry = await (await admin.request('/api/admin/historical-import/dry-run', { json: body })).json();
    expect(dry.summary).toEqual({ rows: 4, add: 2, match: 1, reject: 1 });
    expect(dry.rows[0]).toMatchObject({ row: 3, outcome: 'reject', note: 'date: expected YYYY-MM-DD' });
    expect(dry.rows).toContainEqual(expect.objectContaining({ row: 2, venue: "Emo's; East", outcome: 'add' }));
    expect(dry.rows).toContainEqual(expect.objectContaining({ row: 4, outcome: 'match', note: 'same as row 1' }));

    const refused = await admin.request('/api/admin/historical-import/run', { json: body });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe(
      '1 row is invalid. Fix the file, or run for the valid rows only.',
    );
    const job = await finished(
      (await (await admin.request('/api/admin/historical-import/run', { json: { ...body, validOnly: true } })).json())
        .id,
    );
    expect(job.report).toMatchObject({
      validOnly: true,
      summary: { reject: 1 },
      written: { stopsAdded: 2, artistsAdded: 1 },
    });
    expect(
      await count(
        `select count(*)::int as n from tour_stops s join artists a on a.id = s.artist_id where a.name = 'Csv Band'`,
      ),
    ).toBe(2);
  });
});
