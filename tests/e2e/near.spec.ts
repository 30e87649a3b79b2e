import type { Page } from '@playwright/test';
import { FEATURED, isoDateFromToday } from './support/fixture-catalog.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The Near page (issue 29 item 2) as a visitor on a phone finds it: from the home page, pick a city
 * and see every show around it, then keep to this week. Red Rocks (Morrison, CO) is the fixture
 * venue with coordinates, ~20 km from Denver: Amber Foxes plays it on day 5, The Midnight Lanterns
 * on day 10 (support/fixture-catalog.ts).
 */

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('home → Near → pick a city → the shows around it; this week keeps to the next 7 days (390 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('link', { name: "What's on near you" }).click();
  await expect(page).toHaveURL(/\/near$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shows near you' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Where are you looking?' })).toBeVisible();

  const place = page.getByRole('combobox', { name: 'Place' });
  await place.pressSequentially('Denver');
  await place.press('ArrowDown');
  await page.getByRole('option').filter({ hasText: 'Colorado' }).first().click();

  await expect(page.getByRole('heading', { name: /^Within 50 km of Denver/ })).toBeVisible();
  const shows = page.getByRole('list', { name: 'Shows' }).getByRole('listitem');
  const lanterns = shows.filter({ hasText: FEATURED.name });
  await expect(lanterns).toHaveCount(1);
  await expect(lanterns.getByRole('link', { name: 'Red Rocks Amphitheatre' })).toBeVisible();
  await expect(lanterns).toContainText(/Morrison, CO · \d+(\.\d)? km away/);
  await expect(shows.filter({ hasText: 'Amber Foxes' })).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('near-390.png'), fullPage: true });

  // Keyboard: the filter is reached and pressed without a pointer.
  const thisWeek = page.getByRole('button', { name: 'This week' });
  await thisWeek.focus();
  await page.keyboard.press('Enter');
  await expect(thisWeek).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/when=week/);
  await expect(shows.filter({ hasText: 'Amber Foxes' })).toHaveCount(1);
  await expect(shows.filter({ hasText: FEATURED.name })).toHaveCount(0);
  for (const date of await shows
    .locator('time[datetime]:not([datetime*="T"])')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!))) {
    expect(date <= isoDateFromToday(6)).toBe(true);
  }

  // A radius with nothing in it says so and offers a wider one.
  await page.getByLabel('Within').selectOption('10');
  await expect(page.getByRole('heading', { name: 'No shows within 10 km in these dates' })).toBeVisible();
  await page.getByRole('button', { name: 'Widen to 25 km' }).click();
  await expect(shows.filter({ hasText: 'Amber Foxes' })).toHaveCount(1);
  await expectNoSidewaysScroll(page);
});

test('Near with a picked place at 1440 px: the shows around it, no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/near');
  const place = page.getByRole('combobox', { name: 'Place' });
  await place.pressSequentially('Denver');
  await place.press('ArrowDown');
  await page.getByRole('option').filter({ hasText: 'Colorado' }).first().click();
  await expect(page.getByRole('heading', { name: /^Within 50 km of Denver/ })).toBeVisible();
  const shows = page.getByRole('list', { name: 'Shows' }).getByRole('listitem');
  await expect(shows.filter({ hasText: FEATURED.name })).toHaveCount(1);
  await expect(shows.filter({ hasText: 'Amber Foxes' })).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('near-1440.png'), fullPage: true });
});
