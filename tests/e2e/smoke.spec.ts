/**
 * One request or two per route family against the built server (support/start-server.mjs runs
 * dist/server/index.js as `npm start` does): pages, the public API, the signed-in API, feeds, files
 * and event streams. Cheap (no browser page), and the first to fail when bundling breaks a module
 * that only runs on some paths: native image code, data files read from disk, the zone database.
 */
import { expect, test } from '@playwright/test';
import { type ApiFan, signUpApiFan } from './support/api-fan.ts';
import { FEATURED, isoDateFromToday } from './support/fixture-catalog.ts';
import { freshClientAddress } from './support/fixtures.ts';

const today = () => isoDateFromToday(0);

/** Opens a server-sent event stream, checks its headers and first bytes, and closes it. */
async function expectEventStream(url: string, headers: Record<string, string> = {}): Promise<string> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  try {
    expect(response.status, url).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const first = await Promise.race([
      reader.read().then(({ value }) => new TextDecoder().decode(value)),
      new Promise<string>((resolve) => setTimeout(() => resolve(''), 5_000)),
    ]);
    return first;
  } finally {
    controller.abort();
  }
}

test.describe('every route family answers from the built server', () => {
  let fan: ApiFan;

  test.beforeAll(async ({ baseURL }) => {
    fan = await signUpApiFan(baseURL!, 'smoke');
  });

  test.afterAll(async () => {
    await fan?.api.dispose();
  });

  test('pages: the prerendered home page and the shell for every other public route', async ({ request }) => {
    const home = await request.get('/');
    expect(home.status()).toBe(200);
    expect(home.headers()['content-type']).toMatch(/^text\/html/);
    const homeHtml = await home.text();
    // Prerendered at build time: the page is in the HTML before any script runs.
    expect(homeHtml).toMatch(/<div id="root" data-prerendered><\w/);
    for (const route of [`/tour/${FEATURED.slug}`, '/auth', '/add-show', '/donate', '/settings', '/no-such-page']) {
      const response = await request.get(route);
      expect(response.status(), route).toBe(200);
      expect(response.headers()['content-type'], route).toMatch(/^text\/html/);
      expect(await response.text(), route).toMatch(/<script type="module"[^>]*src="\/assets\/[^"]+\.js"/);
    }
    const health = await request.get('/healthz');
    expect(health.status()).toBe(200);
  });

  test('public API: artists, a tour, a venue, search, places', async ({ request }) => {
    const list = await request.get(`/api/artists?today=${today()}`);
    expect(list.status()).toBe(200);
    expect(((await list.json()) as { artists: { slug: string }[] }).artists.length).toBeGreaterThan(0);

    const tour = await request.get(`/api/artists/${FEATURED.slug}?today=${today()}`);
    expect(tour.status()).toBe(200);
    const tourBody = (await tour.json()) as { tours: { stops: { venueSlug: string }[] }[] };
    const venueSlug = tourBody.tours[0]!.stops[0]!.venueSlug;
    const venue = await request.get(`/api/venues/${venueSlug}?today=${today()}`);
    expect(venue.status()).toBe(200);

    const search = await request.get(`/api/search/artists?q=${encodeURIComponent('Midnight Lanterns')}`);
    expect(search.status()).toBe(200);
    expect(JSON.stringify(await search.json())).toContain(FEATURED.slug);

    // The gazetteer is a data package read at run time.
    const places = await request.get('/api/places?q=Denver');
    expect(places.status()).toBe(200);
    expect(JSON.stringify(await places.json())).toContain('Denver');

    const missing = await request.get(`/api/artists/no-such-artist-anywhere?today=${today()}`);
    expect(missing.status()).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  test('signed-in API: me, upcoming shows, stats and the drawn map', async ({ request }) => {
    const me = await fan.api.get('/api/me');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(fan.email);
    for (const route of [
      `/api/shows/upcoming?today=${today()}`,
      '/api/stats',
      '/api/calendar/feeds',
      '/api/notifications',
    ]) {
      const response = await fan.api.get(route);
      expect(response.status(), `${route}: ${await response.text()}`).toBe(200);
    }
    // The world map is drawn on the server from an atlas package.
    const map = await fan.api.get('/api/stats/map.svg');
    expect(map.status()).toBe(200);
    expect(map.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await map.text()).toContain('<path');
    // Without the session: refused, not broken.
    const anonymous = await request.get('/api/stats');
    expect(anonymous.status()).toBe(401);
  });

  test('feeds: a calendar subscription by its secret address', async () => {
    const feeds = (await (await fan.api.get('/api/calendar/feeds')).json()) as { feeds: { url: string }[] };
    for (const feed of feeds.feeds) {
      const response = await fetch(feed.url);
      expect(response.status, feed.url).toBe(200);
      expect(await response.text()).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR$/);
    }
  });

  test('files: built assets, icons and an artist image made by the image job', async ({ request }) => {
    const shell = await (await request.get('/auth')).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(shell)![1]!;
    const asset = await request.get(script);
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-type']).toMatch(/javascript/);
    expect(asset.headers()['cache-control']).toContain('immutable');
    const icon = await request.get('/icons/icon-192.png');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/png');
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);

    // The image job draws (sharp, a native package) and stores the artwork; /files serves it.
    let imageUrl: string | null = null;
    await expect
      .poll(
        async () => {
          const queued = await request.post('/api/images/queue', {
            data: { artistName: FEATURED.name },
            headers: {
              origin: new URL(test.info().project.use.baseURL!).origin,
              'x-forwarded-for': freshClientAddress(),
            },
          });
          expect([200, 202]).toContain(queued.status());
          imageUrl = ((await queued.json()) as { imageUrl: string | null }).imageUrl;
          return imageUrl;
        },
        { timeout: 30_000, intervals: [500] },
      )
      .toMatch(/^\/files\//);
    for (const url of [imageUrl!, `${imageUrl!}?w=240`]) {
      const image = await request.get(url);
      expect(image.status(), url).toBe(200);
      expect(image.headers()['content-type']).toMatch(/^image\//);
      expect((await image.body()).byteLength).toBeGreaterThan(100);
    }
    expect((await request.get('/files/artist-images/none.webp')).status()).toBe(404);
  });

  test('event streams: public image events and the signed-in stream answer text/event-stream', async ({ baseURL }) => {
    await expectEventStream(`${baseURL}/api/events/public?artist=${FEATURED.slug}`, {
      'x-forwarded-for': freshClientAddress(),
    });
    await expectEventStream(`${baseURL}/api/events`, { cookie: fan.cookie, 'x-forwarded-for': freshClientAddress() });
    const anonymous = await fetch(`${baseURL}/api/events`);
    expect(anonymous.status).toBe(401);
  });
});
