import type { Page } from '@playwright/test';
import type { AddShowResponse } from '#shared/add-show.ts';
import { historyMessages } from '#shared/history.ts';
import { expect, signUpViaApi, test } from './helpers/auth.ts';
import { importHistoryCsv } from './helpers/history-import.ts';
import { FEATURED, isoDateFromToday } from './support/fixture-catalog.ts';

const origin = () => new URL(test.info().project.use.baseURL ?? '').origin;

const PLACES = {
  amsterdam: {
    id: 'e2e-ams',
    name: 'Amsterdam',
    region: 'North Holland',
    countryCode: 'NL',
    lat: 52.37,
    lon: 4.89,
    timeZone: 'Europe/Amsterdam',
  },
  leeds: {
    id: 'e2e-lds',
    name: 'Leeds',
    region: 'England',
    countryCode: 'GB',
    lat: 53.8,
    lon: -1.55,
    timeZone: 'Europe/London',
  },
  boston: {
    id: 'e2e-bos',
    name: 'Boston',
    region: 'Massachusetts',
    countryCode: 'US',
    lat: 42.36,
    lon: -71.06,
    timeZone: 'America/New_York',
  },
  sf: {
    id: 'e2e-sf',
    name: 'San Francisco',
    region: 'California',
    countryCode: 'US',
    lat: 37.77,
    lon: -122.42,
    timeZone: 'America/Los_Angeles',
  },
};
type PlaceKey = keyof typeof PLACES;

const signUpFan = (page: Page) => signUpViaApi(page, { prefix: 'history', fullName: 'History Fan' });

/** A past show through Add Show (marked I was there), at a new venue placed in a city. */
async function addShow(page: Page, artist: string, date: string, venue: string, place: PlaceKey): Promise<string> {
  const response = await page.request.post('/api/add-show', {
    data: {
      artist: { kind: 'catalog', slug: artist },
      venue: { kind: 'new', name: venue, place: PLACES[place] },
      date,
      today: isoDateFromToday(0),
    },
    headers: { origin: origin() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as AddShowResponse).stopId;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

// One width for the journey; every page's layout at 360 and 390 px is checked in layout-phones.spec.ts.
const index = 0;
const width = 1440;
test(`History lists, filters and asks "Did you go?"; Stats shows its chart, table and map (${width} px)`, async ({
  page,
}) => {
  await page.setViewportSize({ width, height: 900 });
  await signUpFan(page);
  // A new fan's empty History offers the import (as does the header).
  await page.goto('/my-shows');
  await expect(page.getByRole('heading', { level: 2, name: historyMessages.emptyHeading })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Import shows' })).toHaveCount(2);
  for (const link of await page.getByRole('link', { name: 'Import shows' }).all()) {
    await expect(link).toHaveAttribute('href', '/my-shows/import');
  }
  await shoot(page, `history-empty-${width}`);
  // Dates of their own per width: Add Show links a second fan's same show to the first's stop.
  const day = String(10 + index).padStart(2, '0');
  const first = await addShow(page, FEATURED.slug, `2019-03-${day}`, 'Paradiso', 'amsterdam');
  await addShow(page, 'amber-foxes', `2019-07-${day}`, 'Brudenell Social Club', 'leeds');
  const second = await addShow(page, FEATURED.slug, `2020-02-${day}`, 'Paradise Rock Club', 'boston');
  // Setlists entered by hand (the setlists feature's API): songs heard live and the History badge.
  const song = (name: string, setIndex = 0) => ({ name, setIndex });
  for (const [stopId, songs] of [
    [first, [song('Lantern Light'), song('Afterglow'), song('Night Drive', 1)]],
    [second, [song('Lantern Light'), song('Night Drive')]],
  ] as const) {
    const saved = await page.request.put(`/api/setlists/stops/${stopId}/mine`, {
      data: { songs },
      headers: { origin: origin() },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  await addShow(page, 'copper-foxes', `2021-05-${day}`, 'The Fillmore', 'sf');
  await addShow(page, FEATURED.slug, `2021-09-${day}`, 'Paradise Rock Club', 'boston');
  // A Going show whose date has passed: marked Going while it was still ahead.
  const passed = await addShow(page, 'velvet-foxes', `2021-11-${day}`, 'Paradise Rock Club', 'boston');
  const going = await page.request.put(`/api/shows/stops/${passed}`, {
    data: { state: 'going', today: `2021-10-01` },
    headers: { origin: origin() },
  });
  expect(going.status(), await going.text()).toBe(200);

  await page.goto('/my-shows');
  const prompt = page.getByTestId('did-you-go');
  await expect(prompt).toHaveCount(1, { timeout: 15_000 });
  await expect(prompt).toContainText('Velvet Foxes');
  const shows = page.getByTestId('history-show');
  await expect(shows).toHaveCount(5);
  await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: /^20\d\d$/ })).toHaveText([
    '2021',
    '2020',
    '2019',
  ]);
  await expect(shows.first()).toContainText(FEATURED.name);
  await expect(shows.filter({ hasText: 'Paradiso' })).toContainText('Setlist · 3 songs');
  await expect(shows.first().getByRole('link')).toHaveAttribute('href', /^\/shows\/[0-9a-f-]{36}$/);
  await shoot(page, `history-${width}`);

  // One tap: I was there — the prompt goes and the show joins the list.
  await prompt.getByRole('button', { name: 'I was there' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(shows).toHaveCount(6);
  await expect(shows.first()).toContainText('Velvet Foxes');

  await page.getByRole('combobox', { name: 'Year' }).selectOption('2019');
  await expect(shows).toHaveCount(2);
  await expect(page).toHaveURL(/year=2019/);
  await page.getByRole('combobox', { name: 'Artist' }).selectOption({ label: `${FEATURED.name} (3)` });
  await expect(shows).toHaveCount(1);
  await expect(shows.first()).toContainText('Paradiso');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(shows).toHaveCount(6);
  await page.getByRole('searchbox', { name: 'Search artists, venues and cities' }).fill('leeds');
  await expect(shows).toHaveCount(1);
  await expect(shows.first()).toContainText('Brudenell Social Club');
  await shoot(page, `history-filtered-${width}`);

  await page.goto('/stats');
  const total = (key: string) => page.getByTestId(`total-${key}`).locator('dd');
  await expect(total('shows')).toHaveText('6', { timeout: 15_000 });
  await expect(total('artists')).toHaveText('4');
  await expect(total('countries')).toHaveText('3');
  await expect(total('cities')).toHaveText('4');
  const chart = page.getByRole('figure', { name: 'Shows per year' });
  await expect(chart.getByTestId('bar-chart')).toBeVisible();
  await chart.getByText('Show the figures as a table').click();
  const table = chart.getByTestId('chart-table');
  await expect(table.locator('tbody tr')).toHaveText(['20192', '20201', '20213']);
  const world = page.getByTestId('world-map');
  await expect(world).toHaveAttribute('alt', /3 countries visited/);
  await world.scrollIntoViewIfNeeded();
  await expect.poll(() => world.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(960);
  await expect(page.getByTestId('places-countries').locator('tbody tr')).toHaveText([
    'United States4',
    'Netherlands1',
    'United Kingdom1',
  ]);
  await expect(page.getByTestId('places-us-states').locator('tbody tr')).toHaveText(['Massachusetts3', 'California1']);
  await expect(page.getByTestId('top-artists')).toContainText(FEATURED.name);
  await expect(total('songs')).toHaveText('3');
  await expect(page.getByTestId('top-songs').locator('tbody tr').first()).toContainText('Lantern Light');
  await expect(page.getByTestId('coverage')).toContainText('3 of 3 songs · 3 shows');
  await shoot(page, `stats-${width}`);

  await page.getByRole('combobox', { name: 'Year' }).selectOption('2021');
  await expect(page.getByRole('figure', { name: 'Shows per month in 2021' })).toBeVisible();
  await expect(total('shows')).toHaveText('3');
  await expect(page.getByRole('link', { name: 'Share image' })).toHaveAttribute(
    'href',
    '/api/stats/summary.png?year=2021',
  );
  await shoot(page, `stats-2021-${width}`);
});

test('History with 1,000 shows: 50 at first, the rest page by page as the fan scrolls, without long stalls', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const SHOWS = 1_000;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpFan(page);
  // 1,000 shows on 1,000 days (2005 to 2007), through the history import as a fan with years of shows would.
  // (A page of 50 at a time is what matters; bench:stats measures History's answers at 3,000 shows.)
  const cities = [
    ['Boston', 'US'],
    ['Leeds', 'GB'],
    ['Amsterdam', 'NL'],
    ['Chicago', 'US'],
    ['Berlin', 'DE'],
  ] as const;
  const lines = ['date,artist,venue,city,country'];
  const start = Date.UTC(2005, 0, 1);
  for (let i = 0; i < SHOWS; i++) {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    const [city, country] = cities[i % cities.length]!;
    lines.push(`${date},Archive Band ${(i % 40) + 1},Hall ${(i % 60) + 1},${city},${country}`);
  }
  const counts = await importHistoryCsv(page, lines.join('\n'), { name: 'archive.csv', timeoutMs: 120_000 });
  expect(counts).toMatchObject({ create: SHOWS, unparseable: 0 });

  // Long tasks (main thread busy over 50 ms) while the list grows.
  await page.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { longTasks: number[] }).longTasks = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto('/my-shows');
  const shows = page.getByTestId('history-show');
  await expect(page.getByText('1,000 shows', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(shows).toHaveCount(50);
  await expect(page.getByRole('heading', { level: 2, name: '2007' })).toBeVisible();
  await shoot(page, 'history-1000-1440');

  const loadedAt = performance.now();
  let count = 50;
  while (count < SHOWS) {
    // End again on every poll: a press that lands while a page is still arriving scrolls nowhere new.
    await expect
      .poll(
        async () => {
          await page.keyboard.press('End');
          return shows.count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(count);
    count = await shows.count();
  }
  const seconds = (performance.now() - loadedAt) / 1000;
  await expect(page.getByRole('button', { name: historyMessages.loadMore })).toHaveCount(0);
  await expect(shows.last()).toContainText('Archive Band 1');
  await expect(page.getByRole('heading', { level: 2, name: '2005' })).toBeVisible();
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  const longest = Math.max(0, ...longTasks);
  console.log(
    `History, 1,000 shows: every page loaded by scrolling in ${seconds.toFixed(1)} s; ` +
      `${longTasks.length} long tasks, the longest ${longest.toFixed(0)} ms`,
  );
  // Each append renders its 50 new rows only: no stall a fan would feel as a frozen page.
  expect(longest).toBeLessThan(1_000);
  // The viewport only: the whole page is 1,000 rows tall.
  await page.screenshot({ path: test.info().outputPath('history-1000-end-1440.png') });

  // Stats of those years: the first-time list shows its first 24 of 40 artists, "Show all" the rest.
  await page.goto('/stats');
  await expect(page.getByTestId('total-shows').locator('dd')).toHaveText('1,000', { timeout: 20_000 });
  const firstTimes = page.getByRole('region', { name: 'First time seeing each artist' }).getByRole('listitem');
  await expect(firstTimes).toHaveCount(24);
  await expect(firstTimes.first()).toContainText('Archive Band 1');
  await page.getByRole('button', { name: 'Show all 40 artists' }).click();
  await expect(firstTimes).toHaveCount(40);
  await expect(firstTimes.last()).toContainText('Archive Band 40');
  await expect(page.getByRole('button', { name: 'Show all 40 artists' })).toHaveCount(0);
});
