import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { AddShowResponse } from '#shared/add-show.ts';
import { accounts, test as signedInTest, signInViaApi, signUpViaApi } from './helpers/auth.ts';
import { FEATURED, isoDateFromToday } from './support/fixture-catalog.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The suite blocks service workers (playwright.config.ts); the tests about them allow them. Installing
 * one precaches the whole app, so the others leave them blocked.
 */
const allowServiceWorkers = { serviceWorkers: 'allow' } as const;

/** Waits until the service worker is active and controls the page (it claims pages on first install). */
async function waitForControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Reports as the installed app does: `(display-mode: standalone)` matches. */
async function emulateStandalone(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const realMatchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const result = realMatchMedia(query);
      if (!query.includes('display-mode: standalone')) return result;
      return new Proxy(result, {
        get: (target, property) => {
          if (property === 'matches') return true;
          const value = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    };
  });
}

/** Fires Chromium's install offer with a prompt() that records its call and answers `outcome`. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed'): Promise<void> {
  await page.evaluate((answer) => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { promptCalls: number }).promptCalls =
          ((window as unknown as { promptCalls?: number }).promptCalls ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: answer, platform: 'web' }),
    });
    window.dispatchEvent(offer);
  }, outcome);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}

test.describe('web app manifest', () => {
  test('the manifest is linked, complete, and its icons load at their stated sizes', async ({ page }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0c0a17');

    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      id: '/',
      name: 'TourGuides',
      short_name: 'TourGuides',
      description: 'Never miss your favorite bands on tour.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0c0a17',
      background_color: '#0c0a17',
    });
    expect(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
      ['Shows', '/dashboard'],
      ['My Artists', '/my-artists'],
    ]);
    const purposes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`);
    expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const icons = [
      ...manifest.icons,
      ...manifest.shortcuts.flatMap((shortcut: { icons: unknown[] }) => shortcut.icons),
      { src: appleIcon, sizes: '180x180' },
    ] as { src: string; sizes: string }[];
    for (const icon of icons) {
      const iconResponse = await page.request.get(icon.src);
      expect(iconResponse.status(), icon.src).toBe(200);
      const { width, height } = pngSize(await iconResponse.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });
});

test.describe('service worker', () => {
  test.use(allowServiceWorkers);

  test('controls the page after the first load', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    expect(scriptUrl).toMatch(/\/sw\.js$/);
  });

  test('a tour page visited once opens offline with its data', async ({ page, context, consoleGuard }) => {
    // Offline, the browser reports the requests the worker could not answer (e.g. the session check).
    consoleGuard.allow(/net::ERR_(INTERNET_DISCONNECTED|FAILED)/);
    await page.goto('/');
    await waitForControl(page);
    await page.goto(`/tour/${FEATURED.slug}`);
    const stops = page.getByRole('region', { name: 'Lantern Light Tour' }).getByRole('listitem');
    await expect(stops).toHaveCount(2);
    await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FEATURED.name);
    await expect(stops).toHaveCount(2);
    await expect(stops.nth(0)).toContainText('Red Rocks Amphitheatre');
    await expect(page.getByRole('status').filter({ hasText: "You're offline — showing saved pages" })).toBeVisible();
    // The data really comes from the worker's cache: the network is gone.
    const networkReachable = await page.evaluate(() =>
      fetch('/healthz', { cache: 'no-store' }).then(
        () => true,
        () => false,
      ),
    );
    expect(networkReachable).toBe(false);

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toHaveCount(0);
  });
});

test.describe('install banner', () => {
  const banner = (page: Page) => page.getByRole('region', { name: 'Install TourGuides' });

  test('appears when the browser offers install; Install App prompts and an accepted install says so', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);

    await offerInstall(page, 'accepted');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText('Get quick access and use offline. Install the app on your device.');
    await banner(page).getByRole('button', { name: 'Install App' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'App Installed!' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls)).toBe(1);
  });

  test('stays hidden after dismissal, also after a reload', async ({ page }) => {
    await page.goto('/');
    await offerInstall(page, 'dismissed');
    await banner(page).getByRole('button', { name: 'Dismiss install banner' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('tourguides-install-dismissed'))).toBe('1');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await offerInstall(page, 'dismissed');
    // Give React the chance to (wrongly) render it before asserting its absence.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    await expect(banner(page)).toHaveCount(0);
  });

  test('is hidden when running as the installed app', async ({ page, context }) => {
    await emulateStandalone(context);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await offerInstall(page, 'accepted');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    await expect(banner(page)).toHaveCount(0);
  });

  test.describe('on an iPhone', () => {
    test.use({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      viewport: { width: 360, height: 740 },
    });

    test('offers the Share-menu instructions instead of an install button', async ({ page }) => {
      await page.goto('/');
      await expect(banner(page)).toBeVisible();
      await expect(banner(page).getByRole('button', { name: 'Install App' })).toHaveCount(0);
      await banner(page).getByRole('button', { name: 'View Instructions' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: "Tap the Share button, then 'Add to Home Screen'." }),
      ).toBeVisible();
      // The banner fits a 360 px screen.
      const box = await banner(page).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    });
  });
});

test.describe('/install page', () => {
  test('explains the benefits and the steps per device, with the button when install is offered', async ({ page }) => {
    await page.goto('/install');
    await expect(page.getByRole('heading', { level: 1, name: 'Install TourGuides' })).toBeVisible();
    await expect(page).toHaveTitle('Install | TourGuides');
    for (const heading of ['Your shows, even offline', 'Android (Chrome)', 'iPhone and iPad (Safari)']) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    // The promise matches what works offline and how alerts arrive (issue 26): My Shows and the Going
    // shows with their guides and setlists, pages opened before; push to a closed app from Settings.
    const benefits = page.getByRole('region', { name: 'What you get' });
    await expect(benefits).toContainText('My Shows and every show you’re Going to');
    await expect(benefits).toContainText('its page, local guide and setlists');
    await expect(benefits).toContainText('pages you’ve opened before');
    await expect(benefits).toContainText('while TourGuides is closed');
    await expect(benefits).toContainText('Settings → Devices');
    await expect(benefits).not.toContainText('while the app is open');
    await expect(benefits).not.toContainText(/VAPID|_KEY|PUSH_/);
    await expect(page.getByText('File → Add to Dock')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Install App' })).toHaveCount(0);
    await offerInstall(page, 'accepted');
    await main.getByRole('button', { name: 'Install App' }).click();
    await expect(main.getByText('TourGuides is already installed on this device.')).toBeVisible();
    // On a phone, fresh (no toast over the cards).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/install');
    await expect(benefits).toContainText('Settings → Devices');
    await page.screenshot({ path: test.info().outputPath('install-390.png'), fullPage: true });
  });
});

test.describe('app update', () => {
  test.use(allowServiceWorkers);
  // Installing a second worker version takes a while on a busy machine.
  test.slow();
  /**
   * A real update: the first copy of sw.js the browser gets is made different (a trailing comment).
   * The next navigation's update check then finds the server's sw.js to be a new version.
   * Answers a counter of the page's loads, to see the reloads an update causes.
   */
  async function installPreviousVersion(page: Page, context: BrowserContext): Promise<{ count: number }> {
    await context.route('**/sw.js', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: `${await response.text()}\n// previous version (e2e)\n` });
      await context.unroute('**/sw.js');
    });
    const loads = { count: 0 };
    page.on('load', () => {
      loads.count += 1;
    });
    await page.goto('/');
    await waitForControl(page);
    return loads;
  }

  /** Asks the browser to look for a new sw.js now (it also does so by itself after navigations, later). */
  const checkForUpdate = (page: Page) =>
    page.evaluate(async () => {
      await (await navigator.serviceWorker.ready).update();
    });

  const waitingWorker = (page: Page) =>
    page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null);

  test('the installed app asks with a 10 second toast; Update Now switches and reloads', async ({ page, context }) => {
    await emulateStandalone(context);
    const loads = await installPreviousVersion(page, context);
    await page.reload();
    await checkForUpdate(page);

    const toast = page.getByRole('status').filter({ hasText: 'Update Available' });
    await expect(toast).toBeVisible({ timeout: 20_000 });
    const shownAt = Date.now();
    await expect(toast).toContainText('A new version of the product is available.');
    expect(await waitingWorker(page)).toBe('installed');
    await expect(toast).toHaveCount(0, { timeout: 15_000 });
    // 10 seconds, less the time it took to see it appear.
    expect(Date.now() - shownAt).toBeGreaterThan(8_000);
    expect(loads.count).toBe(2);

    // Ignored, the new version keeps waiting and is offered again on the next start.
    await page.reload();
    await toast.getByRole('button', { name: 'Update Now' }).click({ timeout: 20_000 });
    await expect.poll(() => loads.count, { timeout: 45_000 }).toBe(4);
    await waitForControl(page);
    expect(await waitingWorker(page)).toBeNull();
  });

  test('in a browser tab the update applies by itself', async ({ page, context }) => {
    const loads = await installPreviousVersion(page, context);
    // Controlled from its start, so this page must reload when a new version takes over.
    await page.reload();
    await checkForUpdate(page);
    await expect.poll(() => loads.count, { timeout: 45_000 }).toBe(3);
    await waitForControl(page);
    expect(await waitingWorker(page)).toBeNull();
    await expect(page.getByRole('status').filter({ hasText: 'Update Available' })).toHaveCount(0);
  });
});

signedInTest.describe('signed-in user cache', () => {
  signedInTest.use(allowServiceWorkers);

  signedInTest(
    "nothing of a signed-out user's session is served from the cache",
    async ({ page, context, consoleGuard }) => {
      consoleGuard.allow(/net::ERR_(INTERNET_DISCONNECTED|FAILED)/);
      await signInViaApi(page, accounts.fan);
      await page.goto('/settings');
      await waitForControl(page);
      const userId = await page.evaluate(async () => (await (await fetch('/api/me')).json()).user.id as string);
      const userCache = `tourguides-user-${userId}`;
      await expect.poll(() => cacheNames(page)).toContain(userCache);
      // The session check now goes through the worker and is kept for offline use.
      await page.reload();
      await expect
        .poll(
          () =>
            page.evaluate(
              async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname),
              userCache,
            ),
          // The app's start-up requests (notifications, offline guides and setlists) share the server.
          { timeout: 15_000 },
        )
        .toContain('/api/me');
      // Offline, the signed-in user still gets their own pages from that cache.
      const header = page.getByRole('banner');
      await context.setOffline(true);
      await page.reload();
      await expect(header.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
      await context.setOffline(false);

      await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
      await expect(header.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
      await expect
        .poll(async () => (await cacheNames(page)).filter((name) => name.startsWith('tourguides-user-')))
        .toEqual([]);

      await context.setOffline(true);
      const offlineMe = await page.evaluate(() =>
        fetch('/api/me').then(
          (response) => response.status,
          () => 'no answer',
        ),
      );
      expect(offlineMe).toBe('no answer');
      await page.reload();
      await expect(header.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Settings', exact: true })).toHaveCount(0);
    },
  );
});

/** A show through Add Show at a new venue: past dates are attended, later ones Going. */
async function addShow(page: Page, daysFromToday: number, venue: string): Promise<string> {
  const response = await page.request.post('/api/add-show', {
    data: {
      artist: { kind: 'catalog', slug: FEATURED.slug },
      venue: {
        kind: 'new',
        name: venue,
        place: {
          id: 'e2e-ams',
          name: 'Amsterdam',
          region: 'North Holland',
          countryCode: 'NL',
          lat: 52.37,
          lon: 4.89,
          timeZone: 'Europe/Amsterdam',
        },
      },
      date: isoDateFromToday(daysFromToday),
      today: isoDateFromToday(0),
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as AddShowResponse).stopId;
}

/** Loads `url` as an <img> does (the service worker sees an image request): 'loaded' or 'failed'. */
function loadAsImage(page: Page, url: string): Promise<string> {
  return page.evaluate(
    (src) =>
      new Promise<string>((resolve) => {
        const image = new Image();
        image.onload = () => resolve('loaded');
        image.onerror = () => resolve('failed');
        image.src = src;
      }),
    url,
  );
}

/** Every URL kept in any of the worker's caches. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(`${name} ${request.url}`);
    }
    return urls;
  });
}

signedInTest.describe('shared device (issue 28)', () => {
  signedInTest.use(allowServiceWorkers);

  signedInTest(
    "two fans one after the other in one browser: the second sees none of the first's data, also offline",
    async ({ page, context, consoleGuard }) => {
      signedInTest.setTimeout(120_000);
      consoleGuard.allow(/net::ERR_(INTERNET_DISCONNECTED|FAILED)/);
      consoleGuard.allow(/Failed to load resource/);
      await page.goto('/');
      await waitForControl(page);

      // The first fan: a show seen (with a photo), one Going, the stats map.
      await signUpViaApi(page, { prefix: 'device-first', fullName: 'First Fan' });
      const seen = await addShow(page, -30, 'First Fan Hall');
      await addShow(page, 20, 'First Fan Club');
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
        .png()
        .toBuffer();
      const uploaded = await page.request.post(`/api/shows/${seen}/photos`, {
        multipart: { photo: { name: 'first.png', mimeType: 'image/png', buffer: png } },
        headers: { origin: new URL(page.url()).origin },
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
      const added = (await uploaded.json()) as { photo?: { url: string }; url?: string };
      const photoUrl = added.photo?.url ?? added.url;

      await page.goto(`/shows/${seen}`);
      const photo = page.locator('img[src^="/api/shows/photos/"]').first();
      await expect(photo).toBeVisible();
      const photoSrc = photoUrl ?? (await photo.getAttribute('src'))!;
      await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      await page.goto('/stats');
      const map = page.getByTestId('world-map');
      await expect.poll(() => map.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      const mapSrc = (await map.getAttribute('src'))!;
      await page.goto('/dashboard');
      await expect(page.getByTestId('my-show').filter({ hasText: 'First Fan Club' })).toHaveCount(1);

      // No private answer is in a shared cache, even while the fan is signed in.
      const shared = (await cachedUrls(page)).filter((entry) => !entry.startsWith('tourguides-user-'));
      expect(shared.filter((entry) => /\/api\/(shows|stats)/.test(entry))).toEqual([]);

      const header = page.getByRole('banner');
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
      await expect(header.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
      await expect
        .poll(async () => (await cachedUrls(page)).filter((entry) => /\/api\/(shows|stats|me)/.test(entry)))
        .toEqual([]);

      // The second fan in the same browser.
      await signUpViaApi(page, { prefix: 'device-second', fullName: 'Second Fan' });
      const secondShows = page.waitForResponse((response) => response.url().includes('/api/shows/upcoming'));
      await page.goto('/dashboard');
      expect(await (await secondShows).text()).not.toContain('First Fan Club');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('First Fan Club')).toHaveCount(0);
      expect(await loadAsImage(page, photoSrc)).toBe('failed');

      // The warm-up keeps the second fan's own session check (a fan with no Going show too)...
      await expect
        .poll(async () => (await cachedUrls(page)).filter((entry) => entry.startsWith('tourguides-user-')).join(' '), {
          timeout: 20_000,
        })
        .toContain('/api/me');
      await context.setOffline(true);
      await page.reload();
      // ...so offline they stay signed in, on their own empty My Shows, not sent to a sign-in form.
      await expect(header.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText('First Fan Club')).toHaveCount(0);
      expect(await loadAsImage(page, photoSrc)).toBe('failed');
      expect(await loadAsImage(page, mapSrc)).toBe('failed');
      const offlineShows = await page.evaluate(() =>
        fetch('/api/shows/upcoming').then(
          async (response) => await response.text(),
          () => 'no answer',
        ),
      );
      expect(offlineShows).not.toContain('First Fan Club');
      await context.setOffline(false);
    },
  );
});

signedInTest.describe('My Shows offline (issue 26)', () => {
  signedInTest.use({ ...allowServiceWorkers, viewport: { width: 390, height: 844 } });

  signedInTest(
    "a Going show: My Shows, its page and its guide open offline with the fan's state and the copy's age",
    async ({ page, context, consoleGuard }) => {
      signedInTest.setTimeout(120_000);
      consoleGuard.allow(/net::ERR_(INTERNET_DISCONNECTED|FAILED)|Failed to load resource|no-tiles/);
      await page.goto('/');
      await waitForControl(page);
      await signUpViaApi(page, { prefix: 'offline-shows', fullName: 'Offline Fan' });
      const date = isoDateFromToday(FEATURED.upcomingDays[0]!);
      const guidePath = `/guide/${FEATURED.slug}/${date}-morrison-co`;

      // Marked Going on the guide itself: the state it loaded first ("not marked") is now old.
      await page.goto(guidePath);
      const going = page.getByRole('button', { name: 'Going', exact: true });
      await expect(going).toHaveAttribute('aria-pressed', 'false', { timeout: 15_000 });
      await going.click();
      await expect(going).toHaveAttribute('aria-pressed', 'true');

      await page.goto('/dashboard');
      const card = page.getByTestId('my-show').filter({ hasText: 'Red Rocks Amphitheatre' });
      await expect(card).toHaveCount(1, { timeout: 15_000 });
      await card
        .getByRole('link', { name: /Red Rocks|The Midnight Lanterns/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/shows\//);
      const showPath = new URL(page.url()).pathname;
      await expect(page.getByText('Your show: Going')).toBeVisible();
      // The warm-up after the change keeps the guide again, with the fan's new state.
      await expect
        .poll(
          () =>
            page.evaluate(
              async (path) => {
                for (const name of (await caches.keys()).filter((key) => key.startsWith('tourguides-user-'))) {
                  const answer = await (await caches.open(name)).match(path);
                  if (answer)
                    return ((await answer.json()) as { myState?: { state: string } }).myState?.state ?? 'none';
                }
                return 'missing';
              },
              `/api${guidePath.replace('/guide/', '/guides/')}`,
            ),
          { timeout: 40_000 },
        )
        .toBe('going');

      await context.setOffline(true);
      const age = page.getByText(/^Offline — saved (just now|\d+ minutes? ago)$/);
      await page.reload();
      await expect(page.getByText('Your show: Going')).toBeVisible();
      await expect(age).toBeVisible();
      await expect(going).toHaveAttribute('aria-pressed', 'true');
      await page.screenshot({ path: signedInTest.info().outputPath('show-offline-390.png'), fullPage: true });

      await page.goto('/dashboard');
      await expect(card).toHaveCount(1);
      await expect(age).toBeVisible();
      await expect(card.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.screenshot({ path: signedInTest.info().outputPath('my-shows-offline-390.png'), fullPage: true });

      await page.goto(guidePath);
      await expect(page.getByRole('heading', { level: 1, name: 'The Midnight Lanterns in Morrison' })).toBeVisible();
      await expect(going).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('button', { name: 'Interested', exact: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      expect(showPath).toMatch(/^\/shows\/[\w-]+$/);
      await context.setOffline(false);
    },
  );
});
