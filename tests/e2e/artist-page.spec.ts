import { formatLongDate } from '#shared/dates.ts';
import { FEATURED, isoDateFromToday } from './support/fixture-catalog.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('artist page', () => {
  test('shows the artist with followers, genres, next shows, tours and links to venue and guide', async ({ page }) => {
    await page.goto(`/artist/${FEATURED.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FEATURED.name);
    await expect(page).toHaveTitle(`${FEATURED.name} | TourGuides`);
    await expect(page.getByText(/^\d+ followers?$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Genres' })).toHaveText(/indie rock\s*dream pop/);

    const shows = page.getByRole('region', { name: 'Next shows' }).getByRole('listitem');
    await expect(shows).toHaveCount(FEATURED.upcomingDays.length);
    await expect(shows.nth(0)).toContainText(formatLongDate(isoDateFromToday(FEATURED.upcomingDays[0]!)));
    await expect(page.getByRole('region', { name: 'Tours' })).toContainText('Lantern Light Tour');
    await expect(page.getByRole('region', { name: 'Tours' })).toContainText('After Dark Tour');

    await expect(shows.nth(0).getByRole('link', { name: 'Local guide' })).toHaveAttribute(
      'href',
      new RegExp(`^/guide/${FEATURED.slug}/`),
    );
    await shows.nth(0).getByRole('link', { name: 'Red Rocks Amphitheatre', exact: true }).click();
    await expect(page).toHaveURL(/\/venue\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Red Rocks Amphitheatre');
  });

  test('says so for an unknown artist', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/404/);
    await page.goto('/artist/no-such-band');
    await expect(page.getByRole('heading', { name: "We couldn't find that artist" })).toBeVisible();
  });
});
