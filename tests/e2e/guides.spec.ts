import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { formatLongDate } from '#shared/dates.ts';
import { expect, test } from './helpers/auth.ts';
import { FEATURED, isoDateFromToday } from './support/fixture-catalog.ts';
import { freshClientAddress } from './support/fixtures.ts';

/** The featured artist's first upcoming stop: Red Rocks (coordinates known), 10 days out: a forecast. */
const DATE = isoDateFromToday(FEATURED.upcomingDays[0]!);
const GUIDE = `/guide/${FEATURED.slug}/${DATE}-morrison-co`;
const HEADINGS = ['Getting there', 'Around the venue', 'The city', 'Weather', 'Tips from fans', 'Nearby shows'];
const origin = () => new URL(test.info().project.use.baseURL ?? '').origin;

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function signUpFan(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: {
      email: `guide-${randomUUID().slice(0, 8)}@example.com`,
      password: 'Guide-To-The-Show-27',
      name: 'Guide Fan',
      fullName: 'Guide Fan',
    },
    headers: { origin: origin(), 'x-forwarded-for': freshClientAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

for (const width of [390, 1440]) {
  test(`the guide page has the show, every section, places, the city and the weather (${width} px)`, async ({
    page,
    consoleGuard,
  }) => {
    // The e2e map tiles point at a path the server does not have: the drawn plan must take over.
    consoleGuard.allow(/Failed to load resource|no-tiles/);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.goto(GUIDE);
    await expect(page.getByRole('heading', { level: 1, name: 'The Midnight Lanterns in Morrison' })).toBeVisible();
    await expect(page.getByText(formatLongDate(DATE)).first()).toBeVisible();
    for (const name of HEADINGS) await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    // Parts arrive without a reload (built on demand, announced on the guide's stream).
    await expect(page.getByText('Central Station').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Food & drink' })).toBeVisible();
    await expect(page.getByText(/Wikivoyage article/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: 'CC BY-SA 4.0' })).toHaveAttribute('href', /creativecommons/);
    await expect(page.getByRole('link', { name: '© OpenStreetMap contributors' }).first()).toBeVisible();
    await expect(page.getByText(/Sunset at \d\d:\d\d local time/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/chance of rain/)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Gathering|being put together/ })).toHaveCount(0);
    await page.getByRole('heading', { name: 'Around the venue' }).scrollIntoViewIfNeeded();
    await expect(
      page.getByTestId('map-fallback').getByRole('img', { name: /Plan of Red Rocks Amphitheatre/ }),
    ).toBeVisible();
    await page.getByText('Get around', { exact: true }).click();
    await expect(page.getByText(/Trams run until midnight/)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, `guide-${width}`);
  });
}

test('the venue page shows the venue-level parts', async ({ page }) => {
  await page.goto(GUIDE);
  await page.getByRole('link', { name: 'Red Rocks Amphitheatre' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Red Rocks Amphitheatre' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Around the venue' })).toBeVisible();
  await expect(page.getByText('Central Station').first()).toBeVisible({ timeout: 20_000 });
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test("a Going show's guide opens offline, text and drawn map included", async ({ page, context, consoleGuard }) => {
    consoleGuard.allow(/net::ERR_(INTERNET_DISCONNECTED|FAILED)|Failed to load resource|no-tiles/);
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpFan(page);
    await page.goto(GUIDE);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const going = page.getByRole('button', { name: 'Going', exact: true });
    await going.click();
    await expect(going).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Central Station').first()).toBeVisible({ timeout: 20_000 });
    await page.reload();
    await expect(page.getByText('Central Station').first()).toBeVisible({ timeout: 20_000 });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'The Midnight Lanterns in Morrison' })).toBeVisible();
    await expect(page.getByText('Central Station').first()).toBeVisible();
    await expect(page.getByTestId('map-fallback')).toBeVisible();
    await shoot(page, 'guide-offline-390');
    await context.setOffline(false);
  });
});
