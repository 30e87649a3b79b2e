import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeAdminRole } from '#server/auth/admin-role.ts';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { signedInAdmin, signedInFan } from '#tests/setup/fans.ts';

const stop = (date: string, venue: string) => ({ date, venue, city: 'Austin', region: 'TX', country: 'US' });

/** Every admin route, so a new one cannot forget the guard without failing here. */
const ADMIN_ROUTES = [
  ['GET', '/api/admin/artists'],
  ['GET', '/api/admin/artists?q=the&page=2'],
  ['POST', '/api/admin/artists/the-black-keys/resync'],
] as const;

describe('admin: artists table and the admin guard', () => {
  let server: AuthTestServer;
  let admin: TestBrowser;
  let fan: TestBrowser;
  let adminEmail: string;

  beforeAll(async () => {
    server = await startAuthTestServer();
    await seedCatalog(server.database, [
      {
        name: 'The Black Keys',
        tours: [
          { name: 'Ohio 2027', stops: [stop('2027-04-02', 'Moody Center'), stop('2027-04-04', 'ACL Live')] },
          { name: 'Old 2019', stops: [stop('2019-04-02', 'Stubbs')] },
        ],
      },
      { name: 'Black Pumas', tours: [{ name: 'Chronicles', stops: [stop('2027-05-01', 'Stubbs')] }] },
      { name: 'Radiohead', tours: [] },
      ...Array.from({ length: 26 }, (_, i) => ({ name: `Filler Band ${String(i).padStart(2, '0')}`, tours: [] })),
    ]);
    ({ browser: admin, email: adminEmail } = await signedInAdmin(server));
    fan = (await signedInFan(server)).browser;
  });
  afterAll(() => server?.close());

  it('refuses every admin route: 401 signed out, 403 for a signed-in fan', async () => {
    for (const [method, route] of ADMIN_ROUTES) {
      const anonymous = await new TestBrowser(server).request(route, { method });
      expect(anonymous.status).toBe(401);
      expect((await anonymous.json()).error).toEqual({ code: 'UNAUTHORIZED', message: 'Please sign in.' });
      const forbidden = await fan.request(route, { method });
      expect(forbidden.status).toBe(403);
      expect((await forbidden.json()).error.code).toBe('FORBIDDEN');
    }
  });

  it('lists artists with tour and stop counts, searchable case-insensitively', async () => {
    const response = await admin.request('/api/admin/artists?q=BLACK');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = await response.json();
    expect(body.total).toBe(2);
    expect(body.artists).toEqual([
      // Sorted ignoring a leading 'The ': 'black keys' before 'black pumas'.
      expect.objectContaining({ name: 'The Black Keys', slug: 'the-black-keys', tourCount: 2, stopCount: 3 }),
      expect.objectContaining({ name: 'Black Pumas', tourCount: 1, stopCount: 1 }),
    ]);
  });

  it('pages by 25 and treats LIKE wildcards literally', async () => {
    const first = await (await admin.request('/api/admin/artists')).json();
    expect(first).toMatchObject({ total: 29, page: 1, totalPages: 2, pageSize: 25 });
    expect(first.artists).toHaveLength(25);
    const second = await (await admin.request('/api/admin/artists?page=2')).json();
    expect(second.artists).toHaveLength(4);
    const names = new Set([...first.artists, ...second.artists].map((a: { name: string }) => a.name));
    expect(names.size).toBe(29);
    const wildcard = await (await admin.request('/api/admin/artists?q=%25')).json();
    expect(wildcard.total).toBe(0);
    const past = await (await admin.request('/api/admin/artists?page=9')).json();
    expect(past).toMatchObject({ artists: [], total: 29 });
  });

  it('sorts by name, tour count and date added, both ways, with stable pages', async () => {
    const names = async (query: string) =>
      ((await (await admin.request(`/api/admin/artists?${query}`)).json()).artists as { name: string }[]).map(
        (a) => a.name,
      );
    const byName = [...(await names('sort=name')), ...(await names('sort=name&page=2'))];
    expect(byName.slice(0, 3)).toEqual(['The Black Keys', 'Black Pumas', 'Filler Band 00']);
    expect(byName.at(-1)).toBe('Radiohead');
    const byNameDesc = [...(await names('sort=-name')), ...(await names('sort=-name&page=2'))];
    expect(byNameDesc).toEqual([...byName].reverse());
    // Most tours first; ties by name A–Z (not reversed).
    expect((await names('sort=-tours')).slice(0, 3)).toEqual(['The Black Keys', 'Black Pumas', 'Filler Band 00']);
    const fewest = [...(await names('sort=tours')), ...(await names('sort=tours&page=2'))];
    expect(fewest.slice(-2)).toEqual(['Black Pumas', 'The Black Keys']);
    expect(fewest[0]).toBe('Filler Band 00');
    // Added: the seed writes every artist in one transaction, so ids break the tie; both ways mirror.
    const added = [...(await names('sort=added')), ...(await names('sort=added&page=2'))];
    const addedDesc = [...(await names('sort=-added')), ...(await names('sort=-added&page=2'))];
    expect(new Set(added).size).toBe(29);
    expect(addedDesc).toEqual([...added].reverse());
    expect(await names('sort=-tours&q=black')).toEqual(['The Black Keys', 'Black Pumas']);
    expect((await admin.request('/api/admin/artists?sort=popular')).status).toBe(400);
  });

  it('searches of one or two letters match the start of the name, case-insensitively, in the chosen order', async () => {
    const search = async (query: string) =>
      (await (await admin.request(`/api/admin/artists?${query}`)).json()) as {
        total: number;
        artists: { name: string }[];
      };
    const names = (page: { artists: { name: string }[] }) => page.artists.map((artist) => artist.name);
    // 'Filler Band' has an r inside it: a prefix search leaves it out.
    const one = await search('q=r');
    expect(one.total).toBe(1);
    expect(names(one)).toEqual(['Radiohead']);
    // 'The Black Keys' starts with 'The'.
    const two = await search('q=BL');
    expect(two.total).toBe(1);
    expect(names(two)).toEqual(['Black Pumas']);
    const fillers = await search('q=fI&sort=-name');
    expect(fillers.total).toBe(26);
    expect(names(fillers).slice(0, 2)).toEqual(['Filler Band 25', 'Filler Band 24']);
    expect(names(await search('q=fi&sort=-name&page=2'))).toEqual(['Filler Band 00']);
    expect(names(await search('q=f&sort=name')).slice(0, 2)).toEqual(['Filler Band 00', 'Filler Band 01']);
    // LIKE's wildcards stay literal in a prefix too.
    expect((await search('q=_')).total).toBe(0);
    expect((await search('q=F%25')).total).toBe(0);
  });

  it('shows isAdmin in /api/me and follows admin:revoke', async () => {
    expect((await (await admin.request('/api/me')).json()).user.isAdmin).toBe(true);
    expect((await (await fan.request('/api/me')).json()).user.isAdmin).toBe(false);
    const revoked = await changeAdminRole(server.database, 'revoke', adminEmail.toUpperCase());
    expect(revoked).toEqual({ ok: true, message: `${adminEmail.toUpperCase()} is no longer an admin.` });
    expect((await admin.request('/api/admin/artists')).status).toBe(403);
    const unknown = await changeAdminRole(server.database, 'grant', 'nobody@example.com');
    expect(unknown.ok).toBe(false);
    expect(unknown.message).toContain('No account with the email nobody@example.com');
  });
});
