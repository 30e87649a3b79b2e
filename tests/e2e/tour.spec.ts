import { formatLongDate } from '#shared/dates.ts';
import { FEATURED, isoDateFromToday } from './support/fixture-catalog.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('tour page', () => {
  test('an artist card opens the tour with formatted dates, places and ticket links', async ({ page }) => {
    await page.goto('/');
    await page
      .locator('#artists article')
      .filter({ hasText: FEATURED.name })
      .getByRole('link', { name: 'View Tour Dates' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/tour/${FEATURED.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FEATURED.name);
    await expect(page).toHaveTitle(`${FEATURED.name} Tour Dates | TourGuides`);
    await expect(page.getByRole('list', { name: 'Genres' })).toHaveText(/indie rock\s*dream pop/);

    const stops = page.getByRole('region', { name: 'Lantern Light Tour' }).getByRole('listitem');
    await expect(stops).toHaveCount(2);
    const [firstDay, secondDay] = FEATURED.upcomingDays.map((days) => formatLongDate(isoDateFromToday(days)));
    await expect(stops.nth(0)).toContainText(firstDay!);
    await expect(stops.nth(0)).toContainText('7:30 PM');
    await expect(stops.nth(0)).toContainText('Red Rocks Amphitheatre');
    await expect(stops.nth(0)).toContainText('Morrison, CO');
    await expect(stops.nth(1)).toContainText(secondDay!);
    await expect(stops.nth(1)).toContainText('London, United Kingdom');

    const tickets = stops.nth(0).getByRole('link', { name: /^Tickets/ });
    await expect(tickets).toHaveAttribute('href', 'https://tickets.example.com/e2e');
    await expect(tickets).toHaveAttribute('target', '_blank');
    await expect(tickets).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('past dates stay hidden until asked for', async ({ page }, testInfo) => {
    await page.goto(`/tour/${FEATURED.slug}`);
    const pastTour = page.getByRole('region', { name: 'After Dark Tour' });
    await expect(page.getByRole('region', { name: 'Lantern Light Tour' })).toBeVisible();
    await expect(pastTour).toHaveCount(0);

    await page.getByRole('button', { name: `Show past dates (${FEATURED.pastDays.length})` }).click();
    await expect(pastTour.getByRole('listitem')).toHaveCount(FEATURED.pastDays.length);
    // Most recent past date first.
    await expect(pastTour.getByRole('listitem').first()).toContainText(
      formatLongDate(isoDateFromToday(FEATURED.pastDays[0]!)),
    );
    await expect(pastTour.getByRole('listitem').first()).toContainText('8:00 PM');
    await page.screenshot({ path: testInfo.outputPath('tour-1440-past.png'), fullPage: true });

    await page.getByRole('button', { name: 'Hide past dates' }).click();
    await expect(pastTour).toHaveCount(0);
  });

  test('an artist with only past dates says so and can still show them', async ({ page }) => {
    await page.goto('/tour/faded-echo-1');
    await expect(page.getByText('No upcoming tour dates for Faded Echo 1 right now.')).toBeVisible();
    await page.getByRole('button', { name: 'Show past dates (1)' }).click();
    await expect(page.getByRole('region', { name: 'Farewell Tour' }).getByRole('listitem')).toHaveCount(1);
  });

  test('an unknown artist gets a friendly not-found state', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
    await page.goto('/tour/no-such-band');
    await expect(page.getByRole('heading', { name: "We couldn't find that artist" })).toBeVisible();
    await expect(page).toHaveTitle('Artist not found | TourGuides');
    await page.getByRole('link', { name: 'Search from the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByLabel('Band name')).toBeVisible();
  });
});
