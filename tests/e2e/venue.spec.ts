import { FEATURED } from './support/fixture-catalog.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('venue page and guide links', () => {
  test('a tour stop links to its venue: address, map link, upcoming shows and shows hosted', async ({ page }) => {
    await page.goto(`/tour/${FEATURED.slug}`);
    const stop = page.getByRole('region', { name: 'Lantern Light Tour' }).getByRole('listitem').first();
    await stop.getByRole('link', { name: 'Red Rocks Amphitheatre', exact: true }).click();

    await expect(page).toHaveURL(/\/venue\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Red Rocks Amphitheatre');
    await expect(page).toHaveTitle('Red Rocks Amphitheatre | TourGuides');
    await expect(page.locator('address')).toContainText('Morrison, CO');
    await expect(page.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.openstreetmap\.org\//,
    );
    await expect(page.getByText(/^Has hosted \d+ shows?$/)).toBeVisible();
    const shows = page.getByRole('region', { name: 'Upcoming shows' }).getByRole('listitem');
    await expect(shows.filter({ hasText: FEATURED.name })).toHaveCount(1);
    await shows.filter({ hasText: FEATURED.name }).getByRole('link', { name: FEATURED.name }).click();
    await expect(page).toHaveURL(new RegExp(`/artist/${FEATURED.slug}$`));
  });

  test("a stop's guide link opens the stop's guide page inside the app", async ({ page }) => {
    await page.goto(`/tour/${FEATURED.slug}`);
    const stop = page.getByRole('region', { name: 'Lantern Light Tour' }).getByRole('listitem').first();
    // The row's links are plain anchors the list routes in the app (use-app-links.ts): no page load.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Object.assign(window, { stayedInApp: true }));
    await stop.getByRole('link', { name: /^Guide/ }).click();
    await expect(page).toHaveURL(new RegExp(`/guide/${FEATURED.slug}/[a-z0-9-]+$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${FEATURED.name} in Morrison`);
    await expect(page.getByRole('link', { name: 'Red Rocks Amphitheatre', exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as { stayedInApp?: boolean }).stayedInApp)).toBe(true);
  });

  test('says so for an unknown venue', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/404/);
    await page.goto('/venue/no-such-hall');
    await expect(page.getByRole('heading', { name: "We couldn't find that venue" })).toBeVisible();
  });
});
