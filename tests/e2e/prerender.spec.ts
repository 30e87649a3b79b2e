import { expect, test } from './support/fixtures.ts';

const HERO = "Local guides for every stop on your favorite band's tour – already built and ready to use.";
/** The app's entry script (hashed name): held back to see the page as it is before the app runs. */
const ENTRY_SCRIPT = /\/assets\/index-[\w-]+\.js$/;

test.describe('prerendered home page', () => {
  test('`/` arrives as HTML with the hero and the artists section; other pages get the empty shell', async ({
    request,
  }) => {
    const home = await (await request.get('/')).text();
    expect(home).toContain('data-prerendered');
    expect(home).toContain(HERO.replace("'", '&#x27;'));
    expect(home).toContain('id="artists-heading"');
    expect(home).toContain('Loading artists...');
    expect(home).toContain('Search for a band or artist...');
    // A list page other than the first, or any other route, renders differently: the shell.
    for (const path of ['/?page=2', '/?all=1', '/tour/the-midnight-lanterns', '/no-such-page']) {
      const shell = await (await request.get(path)).text();
      expect(shell, path).toContain('<div id="root"></div>');
      expect(shell, path).not.toContain('data-prerendered');
    }
  });

  test('shows the page before the app runs, then adopts it without redrawing and keeps what was typed', async ({
    page,
  }, testInfo) => {
    let releaseEntry = () => {};
    const entryHeld = new Promise<void>((resolve) => {
      releaseEntry = resolve;
    });
    await page.route(ENTRY_SCRIPT, async (route) => {
      await entryHeld;
      await route.continue();
    });
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
