import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from '#server/auth/auth.test-support.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';

async function signedInFan(server: AuthTestServer): Promise<TestBrowser> {
  const browser = new TestBrowser(server);
  expect((await signUp(browser, uniqueEmail(), 'venue-follows-77')).status).toBe(200);
  return browser;
}

const follow = (browser: TestBrowser, slug: string) =>
  browser.request(`/api/favorites/venues/${slug}`, { method: 'PUT' });
const unfollow = (browser: TestBrowser, slug: string) =>
  browser.request(`/api/favorites/venues/${slug}`, { method: 'DELETE' });
const list = async (browser: TestBrowser) => (await browser.request('/api/favorites/venues')).json();

describe('venue follows', () => {
  let server: AuthTestServer;
  let slug: string;
  beforeAll(async () => {
    server = await startAuthTestServer();
    await seedCatalog(server.database, [
      {
        name: 'Harbour Bells',
        tours: [
          {
            name: 'Bells Tour',
            stops: [{ date: '2027-04-02', venue: 'Paradise', city: 'Boston', region: 'MA', country: 'US' }],
          },
        ],
      },
    ]);
    const { rows } = await server.database.query<{ slug: string }>("select slug from venues where name = 'Paradise'");
    slug = rows[0]!.slug;
  });
  afterAll(() => server?.close());

  it('answers 401 to visitors', async () => {
    const visitor = new TestBrowser(server);
    expect((await follow(visitor, slug)).status).toBe(401);
    expect((await visitor.request('/api/favorites/venues')).status).toBe(401);
  });

  it('follows once however often asked, lists it, and unfollows', async () => {
    const fan = await signedInFan(server);
    expect(await (await follow(fan, slug)).json()).toEqual({ venueSlug: slug, venueName: 'Paradise', following: true });
    expect((await follow(fan, slug)).status).toBe(200);
    expect((await list(fan)).venues).toMatchObject([{ venueSlug: slug, venueName: 'Paradise', city: 'Boston' }]);
    expect((await (await fan.request(`/api/favorites/venues/${slug}`)).json()).following).toBe(true);
    expect((await (await unfollow(fan, slug)).json()).following).toBe(false);
    expect((await list(fan)).venues).toEqual([]);
  });

  it('answers 404 for an unknown venue and 400 for a malformed slug', async () => {
    const fan = await signedInFan(server);
    expect((await follow(fan, 'no-such-venue')).status).toBe(404);
    expect((await follow(fan, 'Bad_Slug')).status).toBe(400);
  });

  it("fan A cannot see or remove fan B's venue follows", async () => {
    const a = await signedInFan(server);
    const b = await signedInFan(server);
    await follow(b, slug);
    expect((await list(a)).venues).toEqual([]);
    expect((await (await a.request(`/api/favorites/venues/${slug}`)).json()).following).toBe(false);
    expect((await unfollow(a, slug)).status).toBe(200);
    expect((await list(b)).venues).toMatchObject([{ venueSlug: slug }]);
  });
});
