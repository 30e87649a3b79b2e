import { ENTRY_SCRIPT, holdEntryScript } from './helpers/entry-script.ts';
import { expect, test } from './support/fixtures.ts';

const HERO = "Local guides for every stop on your favorite band's tour – already built and ready to use.";
/** start-after-first-paint.ts: the app starts by then at the latest, painted or not. */
const LOADER_LATEST_START_MS = 1_500;

test.describe('server-rendered home page', () => {
  test('`/` arrives as HTML with the hero and the first page of artists; other routes get the empty shell', async ({
    request,
  }) => {
    const home = await (await request.get('/')).text();
    expect(home).toContain('data-prerendered');
    // Preact's renderer leaves an apostrophe in text as it is (React's wrote `&#x27;`).
    expect(home).toContain(HERO);
    expect(home).toContain('id="artists-heading"');
    // Rendered by the server at request time with the list's first page (ADR 0043), not its skeletons.
    expect(home).not.toContain('Loading artists...');
    expect(home.match(/<article/g)?.length).toBe(20);
    expect(home).toContain('Search for a band or artist...');
    // A list page other than the first, or a route that is not a public page: the shell
    // (the other public pages: server-rendered-pages.spec.ts).
    for (const path of ['/?page=2', '/?all=1', '/add-show', '/no-such-page']) {
      const shell = await (await request.get(path)).text();
      expect(shell, path).toContain('<div id="root"></div>');
      expect(shell, path).not.toContain('data-prerendered');
    }
  });

  test('shows the page before the app runs, then adopts it without redrawing and keeps what was typed', async ({
    page,
  }, testInfo) => {
    const releaseEntry = await holdEntryScript(page);
    await page.goto('/', { waitUntil: 'commit' });

    const hero = page.getByRole('heading', { level: 1 });
    await expect(hero).toHaveText(HERO);
    await expect(page.getByRole('heading', { name: 'Artists', exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('before-the-app.png') });
    // Typed into the HTML while the app's code is still on its way.
    const search = page.getByRole('combobox', { name: 'Band name' });
    await search.fill('The Midnight Lanterns');
    const heroNode = await hero.elementHandle();

    releaseEntry();
    await expect(page.locator('#artists article')).toHaveCount(20);
    // The same element: React adopted the HTML (the fixture fails the test on a redraw warning).
    expect(await heroNode?.evaluate((element) => element.isConnected)).toBe(true);
    await expect(search).toHaveValue('The Midnight Lanterns');
    await expect(search).toBeFocused();
    // And the adopted form works.
    await search.press('Enter');
    await expect(page).toHaveURL(/\/tour\/the-midnight-lanterns$/);
  });
});

test.describe('server-rendered home page: loading', () => {
  test('the page asks for its stylesheet and fonts first, and for the app only after its first paint', async ({
    page,
    request,
  }) => {
    const home = await (await request.get('/')).text();
    const head = home.slice(0, home.indexOf('</head>'));
    // No app script or module preload in the HTML: one loader that names them.
    expect(head).not.toMatch(/<script[^>]* src="\/assets\/index-/);
    expect(head).not.toContain('rel="modulepreload"');
    const loader =
      /<script type="module"[^>]*src="(\/assets\/start-after-first-paint-[\w-]+\.js)" data-app-scripts="([^"]+)"/.exec(
        head,
      );
    expect(loader, 'the loader script tag').not.toBeNull();
    const [entry, ...preloads] = (loader?.[2] ?? '').split(' ');
    expect(entry).toMatch(ENTRY_SCRIPT);
    expect(preloads.length).toBeGreaterThan(3);
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('start-after-first-paint'));

    await page.goto('/');
    await expect(page.locator('#artists article')).toHaveCount(20);
    // The cards are in the HTML: the page may be checked before its first paint is reported and
    // before the loader has asked for the app.
    await page.waitForFunction(
      (entryPath) =>
        performance.getEntriesByName('first-contentful-paint').length > 0 &&
        performance.getEntriesByType('resource').some((resource) => new URL(resource.name).pathname === entryPath),
      entry,
    );
    const timing = await page.evaluate((entryPath) => {
      const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const entryRequest = performance
        .getEntriesByType('resource')
        .find((resource) => new URL(resource.name).pathname === entryPath);
      return { firstPaint, entryStart: entryRequest?.startTime };
    }, entry);
    expect(timing.firstPaint).toBeGreaterThan(0);
    // After the first paint, or at the loader's latest start on a machine too busy to paint by then
    // (start-after-first-paint.ts, 1.5 s).
    const latestStart = Math.min(timing.firstPaint ?? Number.POSITIVE_INFINITY, LOADER_LATEST_START_MS);
    expect(timing.entryStart).toBeGreaterThanOrEqual(latestStart);
  });

  test('built files come compressed as they were stored at build time', async ({ request }) => {
    const home = await (await request.get('/')).text();
    const stylesheet = /href="(\/assets\/index-[\w-]+\.css)"/.exec(home)?.[1] ?? '';
    const plain = await request.get(stylesheet, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const compressed = await request.get(stylesheet, { headers: { 'Accept-Encoding': encoding } });
      expect(compressed.headers()['content-encoding'], encoding).toBe(encoding);
      expect(Number(compressed.headers()['content-length'])).toBeLessThan((await plain.body()).length / 3);
      expect(compressed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await compressed.text()).toBe(await plain.text());
    }
    // The pages themselves too: rendered pages and the shell.
    for (const pagePath of ['/', '/tour/the-midnight-lanterns', '/add-show']) {
      const plainPage = await request.get(pagePath, { headers: { 'Accept-Encoding': 'identity' } });
      expect(plainPage.headers()['content-encoding'], pagePath).toBeUndefined();
      for (const encoding of ['br', 'gzip']) {
        const compressed = await request.get(pagePath, { headers: { 'Accept-Encoding': encoding } });
        expect(compressed.headers()['content-encoding'], `${pagePath} ${encoding}`).toBe(encoding);
        expect(compressed.headers()['cache-control']).toBe('no-cache');
        expect(await compressed.text()).toBe(await plainPage.text());
      }
    }
  });
});

test.describe('server-rendered home page: taps before the app runs (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a button tapped and an install offer made before the app runs are answered once it does', async ({ page }) => {
    const releaseEntry = await holdEntryScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {},
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(offer);
    });
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);

    releaseEntry();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Install TourGuides' })).toBeVisible();
  });

  test('scrolled before the app runs, the page stays where it was once the app adopts it', async ({ page }) => {
    const releaseEntry = await holdEntryScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.waitForFunction(() => window.tourGuidesEarlyEvents !== undefined);
    await page
      .locator('#artists article')
      .first()
      .getByRole('link', { name: 'View Tour Dates' })
      .scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    releaseEntry();
    await page.waitForFunction(() => window.tourGuidesEarlyEvents === undefined);
    // The router scrolled a page it had not loaded itself to the top; a tap then landed on what moved there.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    // Later navigations are still the router's: a new page opens at its top, Back returns to the place.
    await page.locator('#artists article').first().getByRole('link', { name: 'View Tour Dates' }).click();
    await expect(page).toHaveURL(/\/tour\//);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test('a search typed and sent before the app runs is run once it does', async ({ page }) => {
    const releaseEntry = await holdEntryScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('combobox', { name: 'Band name' }).fill('The Midnight Lanterns');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/$/);

    releaseEntry();
    await expect(page).toHaveURL(/\/tour\/the-midnight-lanterns$/);
  });
});
