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

const origin = () => new URL(test.info().project.use.baseURL ?? '').origin;

// One width for the journey; every page's layout at 360 and 390 px is checked in layout-phones.spec.ts.
const width = 1440;
test(`the guide page has the show, every section, places, the city and the weather (${width} px)`, async ({
  page,
  consoleGuard,
}) => {
  // The e2e map tiles point at a path the server does not have: the drawn plan must take over.
  consoleGuard.allow(/Failed to load resource|no-tiles/);
  await page.setViewportSize({ width, height: 900 });
  await page.goto(GUIDE);
  await expect(page.getByRole('heading', { level: 1, name: 'The Midnight Lanterns in Morrison' })).toBeVisible();
  await expect(page.getByText(formatLongDate(DATE)).first()).toBeVisible();
  // Venue and place read as one phrase: no flex gap before the comma ("Roundhouse , London").
  await expect(page.getByTestId('guide-place')).toHaveText('Red Rocks Amphitheatre, Morrison, CO');
  for (const name of HEADINGS) await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  // Parts arrive without a reload (built on demand, announced on the guide's stream).
  await expect(page.getByText('Central Station').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Food & drink' })).toBeVisible();
  await expect(page.getByText(/Wikivoyage article/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'CC BY-SA 4.0' })).toHaveAttribute('href', /creativecommons/);
  await expect(page.getByRole('link', { name: '© OpenStreetMap contributors' }).first()).toBeVisible();
  await expect(page.getByText(/Sunset at \d{1,2}:\d\d [AP]M local time/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/chance of rain/)).toBeVisible();
  // The story tells the time as the header does (7:30 PM), never on a 24-hour clock (19:30).
  const night = page.getByRole('region', { name: /^Your night in/ });
  await expect(night).toContainText(/\b\d{1,2}:\d\d [AP]M\b/);
  await expect(night).not.toContainText(/\b(1[3-9]|2[0-3]):[0-5]\d\b/);
  // The venue's facts from Wikidata (a certain match: the name and the place agree), with their source.
  const facts = page.getByRole('region', { name: 'Getting there' }).getByTestId('venue-facts');
  await expect(facts).toContainText('Capacity9,525', { timeout: 20_000 });
  await expect(facts).toContainText('OpenedJune 15, 1941');
  await expect(facts.getByRole('link', { name: /redrocksonline\.com/ })).toHaveAttribute(
    'href',
    'https://www.redrocksonline.com/',
  );
  await expect(facts.getByText('Venue facts from Wikidata')).toBeVisible();
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

test('a venue the catalog has no point for: the guide says what is missing and why', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Brixton Academy has no coordinates in the fixture catalog, and (the fake) Nominatim finds none.
  await page.goto(`/guide/${FEATURED.slug}/${isoDateFromToday(FEATURED.upcomingDays[1]!)}-london-gb`);
  await expect(page.getByRole('heading', { level: 1, name: 'The Midnight Lanterns in London' })).toBeVisible();
  await expect(page.getByTestId('location-note')).toHaveText(
    "We couldn't pin down exactly where Brixton Academy is, so the places around it, the map and the weather are missing. Only its city is known.",
    { timeout: 20_000 },
  );
  await expect(page.getByTestId('map-fallback')).toHaveCount(0);
  await expect(page.getByText("No map or places nearby without the venue's exact location.")).toBeVisible();
  await expect(page.getByText("No forecast without the venue's exact location.")).toBeVisible();
  await expect(page.getByText(/Wikivoyage article/)).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'guide-no-point-390');
});

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
  await expect(page.getByRole('region', { name: 'The venue' }).getByTestId('venue-facts')).toContainText('9,525');
  await shoot(page, 'venue-page-1440');
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
    // The fan's state cannot be asked for offline: the kept guide's copy shows it.
    await expect(going).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Interested', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await shoot(page, 'guide-offline-390');
    await context.setOffline(false);
  });

  test('marking Going keeps the guide offline before it is ever opened; un-marking drops it', async ({
    page,
    context,
    consoleGuard,
  }) => {
    consoleGuard.allow(/net::ERR_(INTERNET_DISCONNECTED|FAILED)|Failed to load resource|no-tiles/);
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpFan(page);
    const guideApi = `/api/guides/${FEATURED.slug}/${DATE}-morrison-co`;
    const guideRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === guideApi) guideRequests.push(request.url());
    });
    await page.goto(`/tour/${FEATURED.slug}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const plans = page.getByRole('group', { name: `Your plans for Red Rocks Amphitheatre, ${formatLongDate(DATE)}` });
    const going = plans.getByRole('button', { name: 'Going', exact: true });
    await going.click();
    await expect(going).toHaveAttribute('aria-pressed', 'true');
    // The page fetched the guide ahead, and the worker kept it in this fan's own cache.
    const kept = () =>
      page.evaluate(async (path) => {
        for (const name of (await caches.keys()).filter((key) => key.startsWith('tourguides-user-'))) {
          const answer = await (await caches.open(name)).match(path);
          if (answer) return (await answer.json()).building ? 'building' : 'kept';
        }
        return 'missing';
      }, guideApi);
    await expect.poll(kept, { timeout: 40_000 }).toBe('kept');
    expect(guideRequests.length).toBeGreaterThan(0);
    expect(page.url()).toContain('/tour/');

    await context.setOffline(true);
    await page.goto(GUIDE);
    await expect(page.getByRole('heading', { level: 1, name: 'The Midnight Lanterns in Morrison' })).toBeVisible();
    await expect(page.getByText('Central Station').first()).toBeVisible();
    // Marked Going on another page, never opened here online: the guide fetched ahead carries the state.
    await expect(page.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(/Trams run until midnight/)).toBeAttached();
    await page.getByRole('heading', { name: 'Around the venue' }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId('map-fallback')).toBeVisible();
    await shoot(page, 'guide-going-offline-390');
    await context.setOffline(false);

    // No longer Going: the kept copy is dropped.
    await page.goto(`/tour/${FEATURED.slug}`);
    await expect(going).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
    await going.click();
    await expect(going).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(kept, { timeout: 20_000 }).toBe('missing');
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
  const count = await rows.count();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/admin/loading-messages/order') && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: `Move "${line}" up` }).click();
  expect((await saved).status()).toBe(200);
  await expect(rows).toHaveCount(count);
  await expect(rows.nth(count - 2).getByRole('textbox')).toHaveValue(line);
  // The order is the server's, not only the page's.
  const order = (await (await page.request.get('/api/admin/loading-messages')).json()).messages as { text: string }[];
  expect(order.map((message) => message.text).indexOf(line)).toBe(count - 2);
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

/** An artist of the fixture catalog whose stops no other spec counts. */
const BUILDING_ARTIST = 'paper-foxes';

/** A 4×3 orange PNG: the browser has no internet, so Commons' thumbnail host answers from here. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4EaUBRww4OQA1Wg95DRw10gAAAABJRU5ErkJggg==',
  'base64',
);

test(`a venue with a Wikidata photo: the guide shows it with its name and the Commons credit (${width} px)`, async ({
  page,
}) => {
  await page.setViewportSize({ width, height: 900 });
  const thumbnails: string[] = [];
  await page.route('https://upload.wikimedia.org/**', (route) => {
    thumbnails.push(route.request().url());
    return route.fulfill({ contentType: 'image/png', body: PIXEL });
  });
  await signInViaApi(page, accounts.admin);
  // A show at The Anthem, placed where the fake Wikidata has it (with its photo), approved by the admin.
  const known = (await (await page.request.get('/api/add-show/venues?q=The%20Anthem')).json()) as {
    venues: { name: string; slug: string; city: string }[];
  };
  const anthem = known.venues.find((venue) => venue.name === 'The Anthem' && venue.city === 'Washington');
  const added = await page.request.post('/api/add-show', {
    data: {
      today: isoDateFromToday(0),
      artist: { kind: 'catalog', slug: BUILDING_ARTIST },
      venue: anthem
        ? { kind: 'catalog', slug: anthem.slug }
        : {
            kind: 'new',
            name: 'The Anthem',
            place: {
              id: 'e2e-anthem-washington',
              name: 'Washington',
              region: 'DC',
              countryCode: 'US',
              lat: 38.87995,
              lon: -77.02515,
              timeZone: 'America/New_York',
            },
          },
      date: isoDateFromToday(151),
    },
    headers: { origin: origin() },
  });
  expect(added.status(), await added.text()).toBe(201);
  const show = (await added.json()) as { stopId: string; pending: boolean };
  if (show.pending) {
    const approved = await page.request.post(`/api/admin/catalog-requests/${show.stopId}/approve`, {
      data: {},
      headers: { origin: origin() },
    });
    expect(approved.status(), await approved.text()).toBe(200);
  }
  const going = (await (await page.request.get('/api/guides/going')).json()) as {
    guides: { stopId: string; artistSlug: string; stopSlug: string }[];
  };
  const stop = going.guides.find((guide) => guide.stopId === show.stopId)!;
  expect(stop).toBeDefined();

  await page.goto(`/guide/${stop.artistSlug}/${stop.stopSlug}`);
  const facts = page.getByRole('region', { name: 'Getting there' }).getByTestId('venue-facts');
  await expect(facts).toContainText('Capacity6,000', { timeout: 30_000 });
  const photo = facts.getByRole('img', { name: 'The Anthem', exact: true });
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute(
    'src',
    /^https:\/\/upload\.wikimedia\.org\/wikipedia\/commons\/thumb\/.+The_Anthem/,
  );
  // Loaded, not hidden after an error (a failed photo is left out).
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(4);
  expect(thumbnails.length).toBeGreaterThan(0);
  const credit = facts.locator('figcaption');
  await expect(credit).toHaveText('Photo: The Anthem (Washington, D.C.) 2018.jpg, Wikimedia Commons');
  await expect(credit.getByRole('link', { name: 'The Anthem (Washington, D.C.) 2018.jpg' })).toHaveAttribute(
    'href',
    'https://commons.wikimedia.org/wiki/File:The_Anthem_(Washington%2C_D.C.)_2018.jpg',
  );
  await shoot(page, `guide-venue-photo-${width}`);
});

test('a guide being built shows one of the loading messages, then appears without a reload', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page, accounts.admin);
  // A stop of its own (Add Show, approved by the admin) at a new venue in a new city: none of its
  // parts exist, whatever ran before in the suite.
  const suffix = randomUUID().slice(0, 6);
  const added = await page.request.post('/api/add-show', {
    data: {
      today: isoDateFromToday(0),
      artist: { kind: 'catalog', slug: BUILDING_ARTIST },
      venue: {
        kind: 'new',
        name: `Scaffold Hall ${suffix}`,
        place: {
          id: `e2e-${suffix}`,
          name: `Buildford ${suffix}`,
          region: null,
          countryCode: 'NL',
          lat: 52.09,
          lon: 5.12,
          timeZone: 'Europe/Amsterdam',
        },
      },
      date: isoDateFromToday(120),
    },
    headers: { origin: origin() },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { stopId } = (await added.json()) as { stopId: string };
  const approved = await page.request.post(`/api/admin/catalog-requests/${stopId}/approve`, {
    data: {},
    headers: { origin: origin() },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const going = (await (await page.request.get('/api/guides/going')).json()) as {
    guides: { artistSlug: string; stopSlug: string; venueSlug: string }[];
  };
  const stop = going.guides.find((guide) => guide.venueSlug.startsWith(`scaffold-hall-${suffix}`))!;
  expect(stop).toBeDefined();
  // The city guide answers slowly (its new city is asked for when the page opens).
  const wikivoyage = fakeProviderPorts(Number(new URL(origin()).port)).wikivoyagePort;
  await page.request.post(`http://127.0.0.1:${wikivoyage}/__fake/mode`, {
    data: { kind: 'slow', delayMs: 5_000, times: 2 },
  });
  try {
    await page.goto(`/guide/${stop.artistSlug}/${stop.stopSlug}`);
    const building = page.getByRole('status').filter({ hasText: 'being put together' });
    await expect(building).toBeVisible();
    const shown = (await building.textContent())!.replace('Your guide is being put together.', '').trim();
    const list = (await (await page.request.get('/api/guides/loading-messages')).json()).messages as string[];
    expect(list).toContain(shown);
    await shoot(page, 'guide-building-390');
    // …and the guide appears without a reload.
    await expect(building).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByText(/Wikivoyage article/)).toBeVisible();
    await expect(page.getByText(`Buildford ${suffix} is a lively city`)).toBeVisible();
  } finally {
    await page.request.post(`http://127.0.0.1:${wikivoyage}/__fake/mode`, { data: { kind: 'normal' } });
    // The admin account is shared: their Going list goes back to what it was.
    await page.request.delete(`/api/shows/stops/${stopId}`, { headers: { origin: origin() } });
  }
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
