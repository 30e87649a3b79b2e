import type { Locator, Page } from '@playwright/test';
import { formatLongDate } from '#shared/dates.ts';
import { expect, expectedHttpErrors, expectToast, signUpViaApi, test } from './helpers/auth.ts';
import { FEATURED, isoDateFromToday } from './support/fixture-catalog.ts';

const origin = () => new URL(test.info().project.use.baseURL ?? '').origin;

/** A new account per test, signed in through the API, following the featured artist. */
async function signUpFan(page: Page): Promise<void> {
  await signUpViaApi(page, { prefix: 'shows', fullName: 'Show Fan' });
  const follow = await page.request.put(`/api/favorites/${FEATURED.slug}`, { headers: { origin: origin() } });
  expect(follow.status()).toBe(200);
}

const FIRST_DATE = isoDateFromToday(FEATURED.upcomingDays[0]!);
const SECOND_DATE = isoDateFromToday(FEATURED.upcomingDays[1]!);

/** The state buttons of the featured artist's first upcoming stop (Red Rocks) on the tour page. */
const firstStopPlans = (page: Page): Locator =>
  page.getByRole('group', { name: `Your plans for Red Rocks Amphitheatre, ${formatLongDate(FIRST_DATE)}` });

const myShows = (page: Page) => page.getByTestId('my-show');

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

// One width for the journey; every page's layout at 360 and 390 px is checked in layout-phones.spec.ts.
const width = 1440;
test(`marks Going on a tour page and finds it on My Shows, filtered and by month (${width} px)`, async ({ page }) => {
  await page.setViewportSize({ width, height: 900 });
  await signUpFan(page);
  const stateRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/shows/states')) stateRequests.push(request.url());
  });

  // The buttons show "not pressed" before the states arrive: wait for the states themselves, or a
  // click could race the answer.
  const statesLoaded = page.waitForResponse((response) => response.url().includes('/api/shows/states'), {
    timeout: 20_000,
  });
  await page.goto(`/tour/${FEATURED.slug}`);
  await statesLoaded;
  const plans = firstStopPlans(page);
  const going = plans.getByRole('button', { name: 'Going', exact: true });
  await expect(going).toHaveAttribute('aria-pressed', 'false', { timeout: 15_000 });
  await expect(plans.getByRole('button', { name: 'Interested', exact: true })).toBeVisible();
  // The whole tour's stops ask for their states in one request.
  expect(stateRequests).toHaveLength(1);
  await going.click();
  await expect(going).toHaveAttribute('aria-pressed', 'true');
  const tickets = plans.getByRole('checkbox', { name: 'I have tickets' });
  // It stays disabled until the Going change is saved.
  await expect(tickets).toBeEnabled();
  // A click, then the box: it is drawn from the saved state, which the change sets a moment later
  // (after pending reads are cancelled), so Playwright's check() can read it before it turns.
  await tickets.click();
  await expect(tickets).toBeChecked();
  await expect(plans.getByRole('textbox', { name: 'Seat or section (optional)' })).toBeVisible();
  await shoot(page, `tour-going-${width}`);

  await page.goto('/dashboard');
  // No home yet: the fan's marked show only, and a way to set home.
  await expect(myShows(page)).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Set home' })).toHaveAttribute('href', '/settings');
  const card = myShows(page).first();
  await expect(card).toContainText(FEATURED.name);
  await expect(card).toContainText('Red Rocks Amphitheatre');
  await expect(card).toContainText('7:30 PM');
  await expect(card.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByRole('checkbox', { name: 'I have tickets' })).toBeChecked();
  await expect(card.getByRole('link', { name: /^Guide/ })).toHaveAttribute(
    'href',
    new RegExp(`^/guide/${FEATURED.slug}/`),
  );
  await expect(card.getByRole('link', { name: /^Details/ })).toHaveAttribute('href', /^\/shows\/[0-9a-f-]{36}$/);
  await shoot(page, `my-shows-${width}`);

  const filters = page.getByRole('group', { name: 'Show' });
  await filters.getByRole('button', { name: 'Interested' }).click();
  await expect(page.getByRole('heading', { name: 'No shows marked Interested yet' })).toBeVisible();
  await filters.getByRole('button', { name: 'Going' }).click();
  await expect(myShows(page)).toHaveCount(1);
  await filters.getByRole('button', { name: 'Near me' }).click();
  await expect(page.getByRole('heading', { name: 'Where is home?' })).toBeVisible();
  await filters.getByRole('button', { name: 'All' }).click();
  await expect(myShows(page)).toHaveCount(1);

  // Anywhere: every upcoming show of the followed artist joins the list, and the choice is kept.
  await page.getByRole('combobox', { name: 'Distance from home' }).selectOption('anywhere');
  await expect(myShows(page)).toHaveCount(2);
  await expect(myShows(page).nth(1)).toContainText('Brixton Academy');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Distance from home' })).toHaveValue('anywhere', {
    timeout: 15_000,
  });
  await expect(myShows(page)).toHaveCount(2);

  // The month grid: the first show's month, keyboard from day to day, Enter opens the day.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Month' }).click();
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  const firstDay = grid.getByRole('gridcell', { name: `${formatLongDate(FIRST_DATE)}: 1 show` });
  await expect(firstDay).toHaveAttribute('tabindex', '0');
  await shoot(page, `my-shows-month-${width}`);
  await firstDay.focus();
  await page.keyboard.press('ArrowRight');
  await expect(firstDay).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowLeft');
  await expect(firstDay).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: formatLongDate(FIRST_DATE) })).toBeVisible();
  await expect(myShows(page)).toHaveCount(1);
  await expect(myShows(page)).toContainText('Red Rocks Amphitheatre');
  // The second show is two weeks later (its month may be the next one): down a week, twice.
  expect(FEATURED.upcomingDays[1]! - FEATURED.upcomingDays[0]!).toBe(14);
  await firstDay.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: formatLongDate(SECOND_DATE) })).toBeVisible();
  await expect(myShows(page)).toContainText('Brixton Academy');
  await shoot(page, `my-shows-day-${width}`);
});

test('asks a visitor to sign in, and rolls a failed change back with an error', async ({ page, consoleGuard }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/tour/${FEATURED.slug}`);
  const visitorGoing = firstStopPlans(page).getByRole('button', { name: 'Going', exact: true });
  await visitorGoing.click({ timeout: 15_000 });
  await expectToast(page, 'Sign in required', 'Please sign in to save your shows');
  await expect(visitorGoing).toHaveAttribute('aria-pressed', 'false');

  consoleGuard.allow(expectedHttpErrors([500]));
  await signUpFan(page);
  await page.route('**/api/shows/stops/*', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Something went wrong' } } }),
  );
  await page.goto(`/tour/${FEATURED.slug}`);
  const going = firstStopPlans(page).getByRole('button', { name: 'Going', exact: true });
  await expect(going).toHaveAttribute('aria-pressed', 'false', { timeout: 15_000 });
  await going.click();
  await expectToast(page, 'Error', 'Failed to update your shows. Please try again.');
  await expect(going).toHaveAttribute('aria-pressed', 'false');
});
