import fs from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { accounts, expect, expectedHttpErrors, expectToast, signInViaApi, signUpViaApi, test } from './helpers/auth.ts';
import { FEATURED, isoDateFromToday } from './support/fixture-catalog.ts';

const WIDTHS = [1440, 390] as const;

async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('calendar feeds and show files', () => {
  test("downloads one show's .ics from its guide", async ({ page }, testInfo) => {
    const date = isoDateFromToday(FEATURED.upcomingDays[0]!);
    await page.goto(`/tour/${FEATURED.slug}`);
    await page.getByRole('link', { name: /^Guide for Red Rocks Amphitheatre/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(FEATURED.name);
    const link = page.getByRole('link', { name: 'Add to calendar' });
    await expect(link).toBeVisible();
    await screenshots(page, testInfo, 'guide-add-to-calendar');

    const downloadStarted = page.waitForEvent('download');
    await link.click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe(`${FEATURED.slug}-${date}.ics`);
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain(`SUMMARY:${FEATURED.name} at Red Rocks Amphitheatre`);
    expect(text).toMatch(new RegExp(`DTSTART(;TZID=[^:]+)?:${date.replaceAll('-', '')}T193000`));
  });

  test('a past show the fan attended offers no Add to calendar; an upcoming Going one does (390 px)', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpViaApi(page, 'calendar-past');
    const today = isoDateFromToday(0);
    const artist = await (await page.request.get(`/api/artists/${FEATURED.slug}?today=${today}`)).json();
    const stops = (artist.tours as { stops: { id: string; date: string }[] }[]).flatMap((tour) => tour.stops);
    const stopOn = (days: number) => stops.find((stop) => stop.date === isoDateFromToday(days))!.id;
    const mark = async (stopId: string, state: 'attended' | 'going') => {
      const response = await page.request.put(`/api/shows/stops/${stopId}`, {
        data: { state, today },
        headers: { origin: new URL(testInfo.project.use.baseURL ?? '').origin },
      });
      expect(response.status()).toBe(200);
    };
    const past = stopOn(FEATURED.pastDays[0]!);
    const upcoming = stopOn(FEATURED.upcomingDays[0]!);
    await mark(past, 'attended');
    await mark(upcoming, 'going');

    await page.goto(`/shows/${past}`);
    await expect(page.getByText('Your show: I was there')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('past-attended-show-390.png'), fullPage: true });

    await page.goto(`/shows/${upcoming}`);
    await expect(page.getByText('Your show: Going')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
  });

  test('Settings: copy a feed link, subscribe links, reset the links', async ({ page, context }, testInfo) => {
    test.slow();
    const origin = new URL(testInfo.project.use.baseURL ?? '').origin;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await signInViaApi(page, accounts.calendar);
    await page.goto('/settings');
    const panel = page.getByRole('region', { name: 'Calendar feeds' });
    await expect(panel.getByRole('listitem')).toHaveCount(3);
    const going = panel.getByRole('textbox', { name: 'Going' });
    const url = await going.inputValue();
    expect(url).toMatch(new RegExp(`^${origin}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    await expect(panel.getByRole('link', { name: 'Subscribe to Going' })).toHaveAttribute(
      'href',
      url.replace(/^http:/, 'webcal:'),
    );
    await expect(panel.getByRole('link', { name: /Google Calendar ?\(Going/ })).toHaveAttribute(
      'href',
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(url.replace(/^http:/, 'webcal:'))}`,
    );

    // Its name follows its text ('Copy link' / 'Copied'), so find it by the feed it belongs to.
    const copy = panel.locator('[data-feed=going]').getByRole('button', { name: /for Going$/ });
    await expect(copy).toHaveAccessibleName('Copy link for Going');
    await copy.click();
    await expect(copy).toHaveAccessibleName('Copied for Going');
    await expect(panel.getByRole('status').filter({ hasText: 'Going link copied to the clipboard' })).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await panel.scrollIntoViewIfNeeded();
    await screenshots(page, testInfo, 'settings-calendar');
    await expect(copy).toHaveAccessibleName('Copy link for Going', { timeout: 10_000 });

    const feed = await page.request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');

    await panel.getByRole('button', { name: 'Reset calendar links' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your calendar links?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(going).toHaveValue(url);
    await panel.getByRole('button', { name: 'Reset calendar links' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset links' }).click();
    await expectToast(page, 'Calendar links reset');
    await expect(going).not.toHaveValue(url);
    expect((await page.request.get(url)).status()).toBe(404);
    expect((await page.request.get(await going.inputValue())).status()).toBe(200);
  });

  test('Settings: import shows from a CSV, with a refused file first', async ({ page, consoleGuard }, testInfo) => {
    test.slow();
    consoleGuard.allow(expectedHttpErrors([400]));
    await signInViaApi(page, accounts.calendar);
    await page.goto('/settings');
    const data = page.getByRole('region', { name: 'Your data' });
    await expect(data.getByRole('button', { name: 'Import shows' })).toBeVisible();

    const bad = 'date,artist,venue,city,country,rating\n2019-02-30,Someone,Hall,Town,US,9\n';
    await data
      .locator('input[type=file]')
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    const alert = data.getByRole('alert');
    await expect(alert).toContainText('bad.csv: The file has 2 problems; nothing was imported.');
    await expect(alert).toContainText('Row 2: Date must be a real date written YYYY-MM-DD');
    await expect(alert).toContainText('Row 2: Rating must be a whole number from 1 to 5');
    await screenshots(page, testInfo, 'settings-import-refused');

    const pastDate = isoDateFromToday(FEATURED.pastDays[0]!);
    const good = [
      'date,artist,venue,city,country,rating,notes',
      `${pastDate},${FEATURED.name},Brixton Academy,London,GB,5,Front row`,
      '2020-01-01,Not In Catalog,Nowhere Hall,Atlantis,US,,',
    ].join('\n');
    await data
      .locator('input[type=file]')
      .setInputFiles({ name: 'mine.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await expect(data.getByText('mine.csv: 1 show of 2 ready to import.')).toBeVisible();
    await expect(data.getByText('Row 3: Not In Catalog at Nowhere Hall, Atlantis on 2020-01-01')).toBeVisible();
    await expect(data.getByRole('list', { name: 'Import progress' }).locator('[aria-current=step]')).toHaveText(
      /Review/,
    );
    await screenshots(page, testInfo, 'settings-import-review');
    await data.getByRole('button', { name: 'Import 1 show' }).click();
    await expect(data.getByText('1 show imported.')).toBeVisible();

    const downloadStarted = page.waitForEvent('download');
    await data.getByRole('button', { name: 'Attended shows (CSV)' }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe('tourguides-attended-shows.csv');
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain(`${pastDate},20:00,${FEATURED.name}`);
    expect(csv).toContain('Front row');
  });
});
