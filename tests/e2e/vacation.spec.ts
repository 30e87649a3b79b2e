import type { Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import { formatLongDate } from '#shared/dates.ts';
import { isoDaysFromToday, QUARTZ_PARADE } from '../fakes/dataset.ts';
import { fakeProviderPorts } from '../fakes/ports.ts';
import { expect, expectedHttpErrors, signUpViaApi, test, toast } from './helpers/auth.ts';
import { freshClientAddress } from './support/fixtures.ts';

/**
 * Vacation mode (issue 14) as a fan uses it: plan a trip to London, see its shows ranked with the
 * reason for each (the fake JamBase's geo search fills in what the catalog lacked), mark one Going
 * and find it on My Shows, hear live of a show announced for the trip, share it and open the link
 * signed out, then delete it and undo. The fake JamBase venue is The Roundhouse (London).
 */

const baseUrl = () => test.info().project.use.baseURL ?? '';
const origin = () => new URL(baseUrl()).origin;
const ROUNDHOUSE = 'jambase:70001';
/** Days from today: Northern Lanterns plays The Roundhouse on day 20 (tests/fakes/dataset.ts). */
const LANTERNS_DAY = 20;

async function signUpFan(page: Page): Promise<void> {
  await signUpViaApi(page, { prefix: 'trip', fullName: 'Tia Traveller' });
  const headers = { origin: origin(), 'x-forwarded-for': freshClientAddress() };
  // Northern Lanterns comes into the catalog through the band search's sync, and the fan follows it.
  const synced = await page.request.post('/api/search/sync', { data: { artistName: 'Northern Lanterns' }, headers });
  expect(synced.status(), await synced.text()).toBe(200);
  const followed = await page.request.put('/api/favorites/northern-lanterns', { headers });
  expect(followed.status()).toBe(200);
}

/** The fake JamBase (another process) lists one more Quartz Parade show at The Roundhouse. */
async function announceShow(id: string, daysFromToday: number, time: string): Promise<void> {
  const { jamBasePort } = fakeProviderPorts(Number(new URL(baseUrl()).port));
  const event = { id, performers: [QUARTZ_PARADE], venueId: ROUNDHOUSE, daysFromToday, time };
  const response = await fetch(`http://127.0.0.1:${jamBasePort}/__fake/events`, {
    method: 'POST',
    body: JSON.stringify({ event }),
  });
  expect(response.status, await response.text()).toBe(200);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

// One width for the journey; every page's layout at 360 and 390 px is checked in layout-phones.spec.ts.
const width = 1440;
test(`plans a trip, ranks its shows, Going reaches My Shows, live news, shared link, undo (${width} px)`, async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  // The deleted trip's page may ask once more for it while leaving: 404.
  consoleGuard.allow(expectedHttpErrors([404]));
  await page.setViewportSize({ width, height: 900 });
  await signUpFan(page);
  // Unknown to the catalog until the trip's geo search: an earlier show the same night.
  const pid = process.pid % 1000;
  await announceShow(`jambase:15${pid}${width}1`, LANTERNS_DAY, '18:00:00');

  await page.goto('/vacation');
  await expect(page.getByRole('heading', { name: 'Plan a trip' })).toBeVisible();
  await expect(page.getByText('No trips planned yet.')).toBeVisible();
  const destination = page.getByRole('combobox', { name: 'Destination' });
  // Bad input first: departure before arrival is refused with the shared message.
  await page.getByLabel('Arrival').fill(isoDaysFromToday(LANTERNS_DAY));
  await page.getByLabel('Departure').fill(isoDaysFromToday(LANTERNS_DAY - 2));
  await page.getByRole('button', { name: 'Save trip' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose a destination');
  await destination.pressSequentially('London');
  await page.getByRole('option').filter({ hasText: 'England' }).first().click();
  await page.getByRole('button', { name: 'Save trip' }).click();
  await expect(page.getByRole('alert')).toHaveText('Departure must be on or after arrival');
  await page.getByLabel('Arrival').fill(isoDaysFromToday(LANTERNS_DAY - 1));
  await page.getByLabel('Departure').fill(isoDaysFromToday(LANTERNS_DAY + 8));
  await page.getByLabel('Radius (km)').fill('30');
  await page.getByLabel('Name (optional)').fill(`London ${width}`);
  await shoot(page, `vacation-form-${width}`);
  await page.getByRole('button', { name: 'Save trip' }).click();

  await expect(page).toHaveURL(/\/vacation\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `London ${width}` })).toBeVisible();
  // The day of the Lanterns' show: followed first (though later that night), with its reason.
  const day = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(formatLongDate(isoDaysFromToday(LANTERNS_DAY))) }) });
  const shows = day.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Local guide' }) });
  await expect(shows).toHaveCount(2, { timeout: 30_000 });
  await expect(shows.nth(0)).toContainText('Northern Lanterns');
  await expect(shows.nth(0).getByTestId('why-this-show')).toHaveText('Why this show: You follow Northern Lanterns');
  await expect(shows.nth(1)).toContainText('Quartz Parade');
  await expect(shows.nth(1).getByTestId('why-this-show')).toHaveCount(0);
  await expect(page.getByTestId('trip-map').locator('circle[fill]')).not.toHaveCount(0);
  await shoot(page, `trip-${width}`);

  const going = shows.nth(0).getByRole('button', { name: 'Going', exact: true });
  await going.click();
  await expect(going).toHaveAttribute('aria-pressed', 'true');
  const tripUrl = page.url();

  await page.goto('/dashboard');
  const card = page.getByTestId('my-show').filter({ hasText: 'Northern Lanterns' });
  await expect(card).toHaveCount(1, { timeout: 15_000 });
  await expect(card.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // A show announced for the trip: a sync of the artist adds it and the open page hears of it.
  // Only once the page's event stream is open: a notification made before it is not a live one.
  const streamOpen = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200,
  );
  await page.goto(tripUrl);
  await streamOpen;
  await expect(page.getByRole('heading', { level: 1, name: `London ${width}` })).toBeVisible();
  const newDay = LANTERNS_DAY + 4;
  await announceShow(`jambase:15${pid}${width}2`, newDay, '20:00:00');
  const synced = await page.request.post('/api/search/sync', {
    data: { artistName: 'Quartz Parade' },
    headers: { origin: origin(), 'x-forwarded-for': freshClientAddress() },
  });
  expect(synced.status(), await synced.text()).toBe(200);
  const news = toast(page).filter({ hasText: 'New on your trip: Quartz Parade' });
  await expect(news).toBeVisible({ timeout: 30_000 });
  await expect(news).toContainText(`during London ${width}`);
  // The open trip page lists it at once.
  await expect(page.getByRole('heading', { name: new RegExp(formatLongDate(isoDaysFromToday(newDay))) })).toBeVisible();
  await shoot(page, `trip-news-${width}`);
  await expect(page.getByRole('button', { name: /^Notifications, \d+ unread/ })).toBeVisible();

  // Share: the link works signed out, shows the shows, and names nobody.
  await page.getByRole('button', { name: 'Share read-only link' }).click();
  const link = await page.getByLabel('Read-only link').inputValue();
  expect(link).toMatch(/\/trip\/[A-Za-z0-9_-]{32}$/);
  const browser = page.context().browser() ?? (await chromium.launch());
  const visitor = await browser.newContext({ viewport: { width, height: 900 } });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  await expect(visitorPage.getByRole('heading', { level: 1, name: `London ${width}` })).toBeVisible();
  await expect(visitorPage.getByText('Northern Lanterns').first()).toBeVisible();
  await expect(visitorPage.getByText('Tia Traveller')).toHaveCount(0);
  await expect(visitorPage.getByRole('button', { name: 'Going', exact: true })).toHaveCount(0);
  await expect(visitorPage.getByTestId('why-this-show')).toHaveCount(0);
  await shoot(visitorPage, `shared-trip-${width}`);
  await page.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByRole('button', { name: 'Share read-only link' })).toBeVisible();
  await visitorPage.reload();
  await expect(visitorPage.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await visitor.close();

  // Delete, then undo from the toast.
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/vacation$/);
  const deleted = toast(page).filter({ hasText: 'Trip deleted' });
  await expect(deleted).toBeVisible();
  await expect(page.getByRole('link', { name: `London ${width}` })).toHaveCount(0);
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('link', { name: `London ${width}` })).toBeVisible();
  await shoot(page, `vacation-list-${width}`);
});
