import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { formatLongDate } from '#shared/dates.ts';
import { fakeProviderPorts } from '../fakes/ports.ts';
import { accounts, expect, signInViaApi, signUpViaApi, test } from './helpers/auth.ts';
import { FEATURED, isoDateFromToday } from './support/fixture-catalog.ts';
import { freshClientAddress } from './support/fixtures.ts';

/** The featured artist's first upcoming stop: Red Rocks (coordinates known), 10 days out: a forecast. */
const DATE = isoDateFromToday(FEATURED.upcomingDays[0]!);
const GUIDE = `/guide/${FEATURED.slug}/${DATE}-morrison-co`;
const HEADINGS = ['Getting there', 'Around the venue', 'The city', 'Weather', 'Tips from fans', 'Nearby shows'];

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const signUpFan = (page: Page) => signUpViaApi(page, { prefix: 'guide', fullName: 'Guide Fan' });

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
  await expect(page.getByRole('listitem').filter({ hasText: 'Central Station' }).first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { name: 'Tips from fans' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The city' })).toBeVisible();
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

test('a new fan’s tip waits for moderation; an admin approves it and everyone sees it as plain text', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpFan(page);
  await page.goto(GUIDE);
  const tipText = `Use the north gate, queue is shorter <b>${randomUUID().slice(0, 6)}</b> https://example.com`;
  const tips = page.getByRole('region', { name: 'Tips from fans' });
  await tips.getByLabel('What is it about?').selectOption({ label: 'Getting in' });
  await tips.getByLabel('Your tip').fill('short');
  await tips.getByRole('button', { name: 'Add tip' }).click();
  await expect(tips.getByRole('alert')).toHaveText('A tip is at least 10 characters');
  await tips.getByLabel('Your tip').fill(tipText);
  await tips.getByRole('button', { name: 'Add tip' }).click();
  const mine = tips.getByTestId('tip').filter({ hasText: tipText });
  await expect(mine).toContainText('Waiting for a moderator');
  // Shown as text: the markup and the link are not elements.
  await expect(mine.locator('b')).toHaveCount(0);
  await expect(mine.getByRole('link')).toHaveCount(0);
  await shoot(page, 'tip-pending-390');

  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
  const admin = await adminContext.newPage();
  await admin.setExtraHTTPHeaders({ 'x-forwarded-for': freshClientAddress() });
  await signInViaApi(admin, accounts.admin);
  await admin.goto('/admin/tips');
  await expect(admin.getByRole('heading', { name: 'Tips moderation' })).toBeVisible();
  const queued = admin.getByTestId('admin-tip').filter({ hasText: tipText });
  await expect(queued).toBeVisible();
  await shoot(admin, 'admin-tips-1440');
  await queued.getByRole('button', { name: 'Approve' }).click();
  await expect(queued).toHaveCount(0);
  await adminContext.close();

  const visitor = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await visitor.goto(GUIDE);
  await expect(visitor.getByTestId('tip').filter({ hasText: tipText })).toBeVisible();
  await visitor.close();
});

test('admins manage the loading messages', async ({ page }) => {
  await signInViaApi(page, accounts.admin);
  await page.goto('/admin/loading-messages');
  await expect(page.getByRole('heading', { name: 'Loading messages' })).toBeVisible();
  const line = `Soundchecking the guide ${randomUUID().slice(0, 4)}…`;
  await page.getByLabel('New message').fill(line);
  await page.getByRole('button', { name: 'Add message' }).click();
  const rows = page.getByTestId('loading-message');
  await expect(rows.last().getByRole('textbox')).toHaveValue(line);
  await page.getByRole('button', { name: `Move "${line}" up` }).click();
  await expect(rows.nth((await rows.count()) - 2).getByRole('textbox')).toHaveValue(line);
  const first = rows.first();
  const firstText = await first.getByRole('textbox').inputValue();
  await first.getByRole('switch').click();
  await expect(first.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await shoot(page, 'admin-loading-messages');
  const enabled = (await (await page.request.get('/api/guides/loading-messages')).json()).messages as string[];
  expect(enabled).toContain(line);
  expect(enabled).not.toContain(firstText);
  await first.getByRole('switch').click();
  await expect(first.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
});

// FIXME: in the whole suite the guide planner (run at start) or an earlier spec has often built the
// London stop's parts before this runs, so nothing is "being put together" any more. It needs a stop
// made for this test alone, without disturbing the specs that count the fixture catalog's artists.
test.fixme('a guide being built shows one of the loading messages, then appears without a reload', async ({ page }) => {
  await signInViaApi(page, accounts.admin);
  // The city guide answers slowly: the London stop's guide is built while the fan watches.
  const wikivoyage = fakeProviderPorts(Number(new URL(test.info().project.use.baseURL ?? '').port)).wikivoyagePort;
  await page.request.post(`http://127.0.0.1:${wikivoyage}/__fake/mode`, {
    data: { kind: 'slow', delayMs: 4000, times: 1 },
  });
  await page.goto(`/guide/${FEATURED.slug}/${isoDateFromToday(FEATURED.upcomingDays[1]!)}-london-gb`);
  const building = page.getByRole('status').filter({ hasText: 'being put together' });
  await expect(building).toBeVisible();
  const shown = (await building.innerText()).replace('Your guide is being put together.', '').trim();
  const list = (await (await page.request.get('/api/guides/loading-messages')).json()).messages as string[];
  expect(list).toContain(shown);
  await shoot(page, 'guide-building');
  // …and the guide appears without a reload.
  await expect(building).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText(/Wikivoyage article/)).toBeVisible();
});

test('the AI usage page is for admins: month, chart and table', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/openai-usage');
  await expect(page.getByRole('heading', { name: 'AI usage' })).toHaveCount(0);
  await signInViaApi(page, accounts.admin);
  await page.goto('/openai-usage');
  await expect(page.getByRole('heading', { name: 'AI usage' })).toBeVisible();
  await expect(page.getByTestId('llm-month')).toContainText('This month');
  await expect(page.getByTestId('llm-month')).toContainText('no model configured');
  await shoot(page, 'openai-usage-1440');
});
