import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from '#server/auth/auth.test-support.ts';

const DENVER = '5419384';
const AUSTIN = '4671654';

async function signedInFan(server: AuthTestServer): Promise<TestBrowser> {
  const browser = new TestBrowser(server);
  expect((await signUp(browser, uniqueEmail(), 'tracked-places-77')).status).toBe(200);
  return browser;
}

const list = async (browser: TestBrowser) => (await browser.request('/api/tracked-places')).json();

describe('tracked places', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthTestServer();
  });
  afterAll(() => server?.close());

  it('answers 401 to visitors', async () => {
    const visitor = new TestBrowser(server);
    expect((await visitor.request('/api/tracked-places')).status).toBe(401);
    const posted = await visitor.request('/api/tracked-places', {
      method: 'POST',
      json: { placeId: DENVER, radiusKm: 50 },
    });
    expect(posted.status).toBe(401);
  });

  it('lists home first, then added places with their own radius', async () => {
    const fan = await signedInFan(server);
    await fan.request('/api/account/profile', {
      method: 'PATCH',
      json: { fullName: 'Tracker Fan', homePlaceId: AUSTIN },
    });
    const added = await fan.request('/api/tracked-places', {
      method: 'POST',
      json: { placeId: DENVER, radiusKm: 250 },
    });
    expect(added.status).toBe(201);
    const { places } = await list(fan);
    expect(places).toMatchObject([
      { id: 'home', home: true, name: 'Austin', radiusKm: 100 },
      { home: false, name: 'Denver', radiusKm: 250 },
    ]);
    const again = await fan.request('/api/tracked-places', { method: 'POST', json: { placeId: DENVER, radiusKm: 50 } });
    expect(again.status).toBe(409);

    // Home's radius changes here too (it is My Shows' one): a choice, or anywhere.
    const home = await fan.request('/api/tracked-places/home', { method: 'PATCH', json: { radiusKm: 250 } });
    expect((await home.json()).places[0]).toMatchObject({ id: 'home', radiusKm: 250 });
    const anywhere = await fan.request('/api/tracked-places/home', { method: 'PATCH', json: { radiusKm: null } });
    expect((await anywhere.json()).places[0]).toMatchObject({ id: 'home', radiusKm: null });
    const settings = await fan.request('/api/shows/upcoming?today=2027-03-01');
    expect((await settings.json()).radiusKm).toBeNull();
    const bad = await fan.request('/api/tracked-places/home', { method: 'PATCH', json: { radiusKm: 30 } });
    expect(bad.status).toBe(400);
  });

  it('a fan without a home has no home radius to change', async () => {
    const fan = await signedInFan(server);
    const home = await fan.request('/api/tracked-places/home', { method: 'PATCH', json: { radiusKm: 50 } });
    expect(home.status).toBe(404);
  });

  it('refuses unknown places and radii', async () => {
    const fan = await signedInFan(server);
    const badPlace = await fan.request('/api/tracked-places', {
      method: 'POST',
      json: { placeId: '999999999', radiusKm: 50 },
    });
    expect(badPlace.status).toBe(400);
    const badRadius = await fan.request('/api/tracked-places', {
      method: 'POST',
      json: { placeId: DENVER, radiusKm: 7 },
    });
    expect(badRadius.status).toBe(400);
    const notId = await fan.request('/api/tracked-places/home', { method: 'DELETE' });
    expect(notId.status).toBe(400);
  });

  it("fan A cannot see, change or remove fan B's places", async () => {
    const a = await signedInFan(server);
    const b = await signedInFan(server);
    const { place } = await (
      await b.request('/api/tracked-places', { method: 'POST', json: { placeId: DENVER, radiusKm: 50 } })
    ).json();
    expect((await list(a)).places).toEqual([]);
    const patched = await a.request(`/api/tracked-places/${place.id}`, { method: 'PATCH', json: { radiusKm: 500 } });
    expect(patched.status).toBe(404);
    expect((await a.request(`/api/tracked-places/${place.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await list(b)).places).toMatchObject([{ id: place.id, name: 'Denver', radiusKm: 50 }]);
    // A's home radius is A's own: B's My Shows radius does not move.
    await a.request('/api/account/profile', { method: 'PATCH', json: { fullName: 'Fan A', homePlaceId: AUSTIN } });
    expect((await a.request('/api/tracked-places/home', { method: 'PATCH', json: { radiusKm: 25 } })).status).toBe(200);
    expect((await (await b.request('/api/shows/upcoming?today=2027-03-01')).json()).radiusKm).toBe(100);

    const changed = await b.request(`/api/tracked-places/${place.id}`, { method: 'PATCH', json: { radiusKm: 500 } });
    expect((await changed.json()).places).toMatchObject([{ id: place.id, radiusKm: 500 }]);
    const removed = await b.request(`/api/tracked-places/${place.id}`, { method: 'DELETE' });
    expect((await removed.json()).places).toEqual([]);
  });
});
