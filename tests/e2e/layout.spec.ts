/**
 * Every page at 390 px, cheaply: the journeys run once at 1440 px (one per feature), and this spec
 * visits each page they cover on a small screen with real content and checks that nothing is wider
 * than the screen. What a page does is tested by its journey; here only that it fits.
 */
import type { Page } from '@playwright/test';
import type { AddShowResponse } from '#shared/add-show.ts';
import { accounts, expect, signInViaApi, signUpViaApi, test } from './helpers/auth.ts';
import { FEATURED, isoDateFromToday } from './support/fixture-catalog.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const origin = () => new URL(test.info().project.use.baseURL ?? '').origin;

/** Opens the page, waits for its heading (and `ready`, when given), then checks it fits the screen. */
async function expectFits(page: Page, path: string, ready?: (page: Page) => Promise<void>): Promise<void> {
  await test.step(path, async () => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    if (ready) await ready(page);
    await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} is ${overflow} px wider than the screen`).toBeLessThanOrEqual(0);
    const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    await page.screenshot({ path: test.info().outputPath(`layout-390-${name}.png`) });
  });
}

test('a fan’s pages fit a 390 px screen', async ({ page }) => {
  test.slow();
  await signUpViaApi(page, { prefix: 'layout', fullName: 'Layout Fan' });
  const headers = { origin: origin() };
  // A past show of their own (History, Stats, the show page, its setlist) and a trip (the trip page).
  const added = await page.request.post('/api/add-show', {
    data: {
      artist: { kind: 'catalog', slug: FEATURED.slug },
      venue: {
        kind: 'new',
        name: 'Layout Hall',
        place: {
          id: 'e2e-layout-ams',
          name: 'Amsterdam',
          region: 'North Holland',
          countryCode: 'NL',
          lat: 52.37,
          lon: 4.89,
          timeZone: 'Europe/Amsterdam',
        },
      },
      date: '2019-04-12',
      today: isoDateFromToday(0),
    },
    headers,
  });
  expect(added.status(), await added.text()).toBe(201);
  const { stopId } = (await added.json()) as AddShowResponse;
  const trip = await page.request.post('/api/trips', {
    data: {
      name: 'Layout trip',
      point: { lat: 51.5072, lon: -0.1276 },
      radiusKm: 30,
      arriveOn: isoDateFromToday(19),
      departOn: isoDateFromToday(27),
    },
    headers,
  });
  expect(trip.status(), await trip.text()).toBe(201);
  const { trip: created } = (await trip.json()) as { trip: { id: string } };
  const guideStop = `${isoDateFromToday(FEATURED.upcomingDays[0]!)}-morrison-co`;

  await expectFits(page, '/dashboard');
  await expectFits(page, `/tour/${FEATURED.slug}`);
  await expectFits(page, `/guide/${FEATURED.slug}/${guideStop}`, async (p) => {
    await expect(p.getByRole('heading', { level: 2, name: 'Getting there', exact: true })).toBeVisible();
  });
  await expectFits(page, '/add-show');
  await expectFits(page, `/shows/${stopId}`);
  await expectFits(page, `/setlist?show=${stopId}`);
  await expectFits(page, `/setlist?artist=${FEATURED.slug}`);
  await expectFits(page, '/my-shows', async (p) => {
    await expect(p.getByTestId('history-show')).toHaveCount(1, { timeout: 15_000 });
  });
  await expectFits(page, '/my-shows/import');
  await expectFits(page, '/stats', async (p) => {
    await expect(p.getByTestId('total-shows').locator('dd')).toHaveText('1', { timeout: 15_000 });
  });
  await expectFits(page, '/vacation');
  await expectFits(page, `/vacation/${created.id}`);
  const shared = await page.request.post(`/api/trips/${created.id}/share`, { headers });
  expect(shared.status(), await shared.text()).toBe(200);
  const { trip: sharedTrip } = (await shared.json()) as { trip: { sharePath: string } };
  await expectFits(page, sharedTrip.sharePath);
  await expectFits(page, '/music-services');
  await expectFits(page, '/my-artists');
  await expectFits(page, '/settings');
  await expectFits(page, '/tour-scraper');
  await expectFits(page, '/tour-web');
});

test('an admin’s catalog and import pages fit a 390 px screen', async ({ page }) => {
  await signInViaApi(page, accounts.admin);
  await expectFits(page, '/admin/catalog-requests');
  await expectFits(page, '/admin/spotify-import');
});
