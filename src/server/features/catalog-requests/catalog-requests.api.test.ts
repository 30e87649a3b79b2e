import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { signedInAdmin, signedInFan } from '#tests/setup/fans.ts';

const TODAY = '2027-03-01';
const ZERO = '00000000-0000-4000-8000-000000000000';

describe('admin: catalog requests (fans’ submitted stops)', () => {
  let server: AuthTestServer;
  let admin: TestBrowser;
  let fan: TestBrowser;
  let fanEmail: string;

  const submit = async (venue: string, date: string) => {
    const response = await fan.request('/api/add-show', {
      json: {
        today: TODAY,
        artist: { kind: 'catalog', slug: 'northern-lanterns' },
        venue: { kind: 'catalog', slug: venue },
        date,
      },
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.pending).toBe(true);
    return body.stopId as string;
  };
  const notifications = async () => (await (await fan.request('/api/notifications')).json()).notifications;
  const one = async <T>(text: string, params: unknown[] = []) =>
    (await server.database.query<T>(text, params)).rows[0] as T;

  beforeAll(async () => {
    server = await startAuthTestServer();
    await seedCatalog(server.database, [
      {
        name: 'Northern Lanterns',
        tours: [
          {
            name: 'Harbour Lights Tour',
            stops: [
              { date: '2027-04-02', venue: 'The Anthem', city: 'Washington', region: 'DC', country: 'US' },
              { date: '2027-04-10', venue: 'Red Rocks', city: 'Morrison', region: 'CO', country: 'US' },
            ],
          },
        ],
      },
    ]);
    admin = (await signedInAdmin(server)).browser;
    ({ browser: fan, email: fanEmail } = await signedInFan(server, { fullName: 'Fan Person' }));
  });
  afterAll(() => server?.close());

  it('answers 401 signed out and 403 to a fan on every route', async () => {
    const routes = [
      ['GET', '/api/admin/catalog-requests'],
      ['POST', `/api/admin/catalog-requests/${ZERO}/approve`],
      ['POST', `/api/admin/catalog-requests/${ZERO}/reject`],
      ['POST', '/api/admin/catalog-requests/bulk-approve'],
    ] as const;
    for (const [method, route] of routes) {
      const json = method === 'GET' ? undefined : {};
      expect((await new TestBrowser(server).request(route, { method, json })).status).toBe(401);
      expect((await fan.request(route, { method, json })).status).toBe(403);
    }
  });

  it('lists a submission with its submitter and closest matches; edit-then-approve onto a twin merges', async () => {
    const stopId = await submit('the-anthem-washington-dc', '2027-04-03');
    const page = await (await admin.request('/api/admin/catalog-requests?q=anthem')).json();
    expect(page.total).toBe(1);
    expect(page.requests[0]).toMatchObject({
      stopId,
      artistName: 'Northern Lanterns',
      date: '2027-04-03',
      venueName: 'The Anthem',
      submitter: { email: fanEmail },
      // Closest first: the Anthem show a day earlier, then Red Rocks within the week.
      matches: [
        expect.objectContaining({ date: '2027-04-02', venueName: 'The Anthem', reason: 'same-artist-near-date' }),
        expect.objectContaining({ date: '2027-04-10', venueName: 'Red Rocks', country: 'US' }),
      ],
    });
    const twin = page.requests[0].matches[0].stopId;
    // The admin corrects the date: it is the catalog's 2 April show, so the submission merges into it.
    const approved = await admin.request(`/api/admin/catalog-requests/${stopId}/approve`, {
      json: { edit: { date: '2027-04-02' } },
    });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ result: 'merged', intoStopId: twin });
    expect(await one('select count(*)::int as n from tour_stops where id = $1', [stopId])).toEqual({ n: 0 });
    const show = await one<{ stop_id: string }>(
      'select us.stop_id from user_shows us join users u on u.id = us.user_id where u.email = $1',
      [fanEmail],
    );
    expect(show.stop_id).toBe(twin);
    expect((await notifications())[0]).toMatchObject({
      kind: 'submission-reviewed',
      title: 'Your show was added',
      message: expect.stringContaining('was already in the catalog'),
    });
    const audit = await (await admin.request(`/api/admin/audit?targetType=catalog-request&targetId=${stopId}`)).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'catalog-request.merge',
      // The log's label names the edited date as the app writes dates, never ISO.
      targetLabel: expect.stringContaining(' · Fri, Apr 2, 2027 · '),
      before: { date: '2027-04-03', state: 'pending' },
      after: { state: 'merged', intoStopId: twin },
    });
    // Reviewed: a second decision is refused.
    expect((await admin.request(`/api/admin/catalog-requests/${stopId}/approve`, { json: {} })).status).toBe(404);
  });

  it('approves a new stop (public, counted) and rejects one with a reason, telling the fan both times', async () => {
    const keep = await submit('red-rocks-morrison-co', '2027-06-01');
    const drop = await submit('red-rocks-morrison-co', '2027-06-02');
    const approved = await (await admin.request(`/api/admin/catalog-requests/${keep}/approve`, { json: {} })).json();
    expect(approved.result).toBe('approved');
    expect(await one('select review_state from tour_stops where id = $1', [keep])).toEqual({
      review_state: 'approved',
    });
    const tour = await (await new TestBrowser(server).request(`/api/artists/northern-lanterns?today=${TODAY}`)).text();
    expect(tour).toContain('2027-06-01');
    expect(tour).not.toContain('2027-06-02');
    const approvedMessage = (await notifications())[0].message;
    expect(approvedMessage).toContain('is now in the catalog for everyone');
    // The app's date format, never ISO.
    expect(approvedMessage).toContain('on Tue, Jun 1, 2027 at');
    expect(approvedMessage).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    const tooShort = await admin.request(`/api/admin/catalog-requests/${drop}/reject`, { json: { reason: 'no' } });
    expect(tooShort.status).toBe(400);
    const rejected = await admin.request(`/api/admin/catalog-requests/${drop}/reject`, {
      json: { reason: 'The band played Denver that night.' },
    });
    expect(rejected.status).toBe(200);
    expect(await one('select review_state, review_note from tour_stops where id = $1', [drop])).toEqual({
      review_state: 'rejected',
      review_note: 'The band played Denver that night.',
    });
    expect((await notifications())[0]).toMatchObject({
      title: 'Your show was not added',
      message: expect.stringContaining('The band played Denver that night.'),
    });
    expect((await notifications())[0].message).toContain('on Wed, Jun 2, 2027 at');
    const audit = await (await admin.request(`/api/admin/audit?targetType=catalog-request&targetId=${drop}`)).json();
    expect(audit.entries[0]).toMatchObject({ action: 'catalog-request.reject', after: { state: 'rejected' } });
  });

  it('bulk-approves the filtered set, refusing when it changed since the admin looked', async () => {
    const a = await submit('red-rocks-morrison-co', '2027-07-01');
    const b = await submit('red-rocks-morrison-co', '2027-07-02');
    const other = await submit('the-anthem-washington-dc', '2027-08-01');
    const filtered = await (await admin.request('/api/admin/catalog-requests?q=red%20rocks')).json();
    expect(filtered.total).toBe(2);
    const stale = await admin.request('/api/admin/catalog-requests/bulk-approve', {
      json: { q: 'red rocks', expected: 3 },
    });
    expect(stale.status).toBe(409);
    const bulk = await admin.request('/api/admin/catalog-requests/bulk-approve', {
      json: { q: 'red rocks', expected: 2 },
    });
    expect(await bulk.json()).toMatchObject({ approved: 2, merged: 0 });
    for (const id of [a, b]) {
      expect(await one('select review_state from tour_stops where id = $1', [id])).toEqual({
        review_state: 'approved',
      });
    }
    expect(await one('select review_state from tour_stops where id = $1', [other])).toEqual({
      review_state: 'pending',
    });
  });
});
