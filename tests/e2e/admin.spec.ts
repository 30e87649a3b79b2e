import { accounts, expect, expectedHttpErrors, signInViaApi, test } from './helpers/auth.ts';
import { FEATURED, PAST_ONLY_ARTIST_COUNT, UPCOMING_ARTIST_COUNT } from './support/fixture-catalog.ts';

// Flows marked test.slow() sign in several times: argon2 hashing takes seconds on a loaded 2-core box.

const ALL_ARTISTS = UPCOMING_ARTIST_COUNT + PAST_ONLY_ARTIST_COUNT;

test.describe('admin guard', () => {
  test('a visitor is sent to / in place of the admin page', async ({ page }) => {
    await page.goto('/donate');
    await page.goto('/admin/artists');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Every artist in the catalog')).toHaveCount(0);
    // The redirect replaced the admin entry: going back leaves for the page before it.
    await page.goBack();
    await expect(page).toHaveURL(/\/donate$/);
  });

  test('a signed-in fan is sent to / and sees no Admin link', async ({ page }) => {
    await signInViaApi(page, accounts.fan);
    await page.goto('/dashboard');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.goto('/admin/artists');
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/admin/artists')).status()).toBe(403);
  });
});

test.describe('admin artists', () => {
  test('an admin reaches the table from the Admin link, searches and pages through it', async ({ page }, testInfo) => {
    test.slow();
    await signInViaApi(page, accounts.admin);
    await page.goto('/dashboard');
    await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/artists$/);
    await expect(page.getByRole('heading', { name: 'Artists', exact: true })).toBeVisible();
    await expect(page.getByText(`${ALL_ARTISTS} artists`)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Tours' })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(25 + 1);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('admin-artists-1440.png'), fullPage: true });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('row')).toHaveCount(ALL_ARTISTS - 25 + 1);

    // Sorted on the server: most tours first (back to page 1), the order in the address.
    await page.getByLabel('Sort').selectOption('-tours');
    await expect(page).toHaveURL(/\/admin\/artists\?sort=-tours$/);
    const tourCounts = async () =>
      (await page.locator('tbody tr td:first-of-type').allTextContents()).map((text) => Number(text));
    await expect
      .poll(async () => {
        const counts = await tourCounts();
        return counts.length === 25 && counts.every((n, i) => i === 0 || n <= counts[i - 1]!);
      })
      .toBe(true);
    expect((await tourCounts())[0]).toBeGreaterThan((await tourCounts())[24]!);
    await page.screenshot({ path: testInfo.outputPath('admin-artists-most-tours-1440.png'), fullPage: true });

    await page.getByRole('searchbox', { name: 'Search artists' }).fill('lantern');
    await expect(page).toHaveURL(/\/admin\/artists\?q=lantern$/);
    const row = page.getByRole('row', { name: new RegExp(FEATURED.name) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell')).toHaveText([
      '2',
      String(FEATURED.upcomingDays.length + FEATURED.pastDays.length),
      'Manage',
    ]);
    await expect(row.getByRole('link', { name: FEATURED.name })).toHaveAttribute('href', `/tour/${FEATURED.slug}`);

    await page.getByRole('searchbox', { name: 'Search artists' }).fill('no such band anywhere');
    await expect(page.getByText('No artists match “no such band anywhere”.')).toBeVisible();

    await page.goto('/admin/artists?q=lantern');
    await expect(page.getByRole('searchbox', { name: 'Search artists' })).toHaveValue('lantern');
    await expect(page.getByRole('row')).toHaveCount(2);
  });
});

test.describe('admin add from MusicBrainz', () => {
  test('a failing search is asked once and its failure shown at once, not retried behind the spinner', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(expectedHttpErrors([502]));
    let searches = 0;
    await page.route('**/api/admin/catalog/musicbrainz?*', async (route) => {
      searches += 1;
      await route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'PROVIDER_UNAVAILABLE', message: 'MusicBrainz did not answer.' } }),
      });
    });
    await signInViaApi(page, accounts.admin);
    await page.goto('/admin/artists');
    await page.getByRole('button', { name: 'Add from MusicBrainz' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an artist from MusicBrainz' });
    await dialog.getByPlaceholder('Artist name').fill('Lantern Choir');
    await dialog.getByRole('button', { name: 'Search' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('MusicBrainz did not answer.');
    // TanStack Query's default would have asked twice more (about 3 s) before showing anything.
    await page.waitForTimeout(4000);
    expect(searches).toBe(1);
  });
});

test.describe('admin pages share one header', () => {
  test('every admin page, the AI usage page too, starts with the ADMIN eyebrow above its title (1440 px)', async ({
    page,
  }) => {
    test.slow();
    await signInViaApi(page, accounts.admin);
    const pages: [string, string][] = [
      ['/admin/artists', 'Artists'],
      ['/admin/tips', 'Tips moderation'],
      ['/admin/loading-messages', 'Loading messages'],
      ['/admin/api-status', 'API status'],
      ['/admin/backups', 'Backups'],
      ['/openai-usage', 'AI usage'],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      const header = page
        .getByRole('main')
        .locator('header')
        .filter({ has: page.getByRole('heading', { level: 1 }) });
      await expect(header.getByRole('heading', { level: 1 }), path).toHaveText(title);
      // The eyebrow is the header's first line, styled upper-case: 'Admin' in the DOM, ADMIN on screen.
      await expect(header.locator('p').first(), path).toHaveText('Admin');
      await expect(header.locator('p').first(), path).toHaveCSS('text-transform', 'uppercase');
    }
  });
});
