/**
 * Every route on a phone (360 and 390 px): the page never scrolls sideways, and the bars that stay on
 * screen (header, bottom tab bar, toasts, the install and offline notes) never cover each other. One
 * visit per route inside the running app, measured at both widths, signed in as a new fan and as the
 * admin where the route needs it; no journeys (each feature's journey runs once, at 1440 px).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { accounts, expect, signInViaApi, signUpViaApi, test } from './helpers/auth.ts';
import { FEATURED, isoDateFromToday } from './support/fixture-catalog.ts';
import { openInApp } from './support/in-app.ts';

const WIDTHS = [360, 390] as const;

/**
 * Every pattern of app/router.tsx, app/account-routes.ts and app/admin-routes.ts is visited (the
 * ones with an id are added in the tests below, with a real id); keep these lists in step with them.
 */
const PUBLIC_ROUTES = [
  '/',
  '/auth',
  '/auth?mode=signup',
  '/auth?mode=reset',
  // The reset mail's link: the new-password form, and the page a broken link lands on.
  '/auth/reset-password?token=layout-check',
  '/auth/reset-password',
  '/add-show',
  '/donate',
  '/donate/thanks',
  '/install',
  // Shows around a place: the empty search, and a list around Denver (the fixture's tour plays there).
  '/near',
  '/near?lat=39.73920&lng=-104.99030&place=Denver%2C%20Colorado&r=50',
];
const FAN_ROUTES = [
  '/dashboard',
  '/my-artists',
  '/my-shows',
  '/my-shows/import',
  '/stats',
  '/vacation',
  '/settings',
  '/music-services',
  '/notifications',
  '/tour-scraper',
  '/tour-web',
  `/setlist?artist=${FEATURED.slug}`,
  '/setlist',
];
const ADMIN_ROUTES = [
  // The index sends the admin on to the first admin page.
  '/admin',
  '/admin/artists',
  '/admin/tips',
  '/admin/api-status',
  '/admin/spotify-import',
  '/admin/historical-import',
  '/admin/genre-backfill',
  '/admin/catalog-requests',
  '/admin/image-testing',
  '/admin/backups',
  '/admin/loading-messages',
  '/openai-usage',
];

/** The routes with an id, visited below with a real one (and '*', the not-found page). */
const ROUTES_WITH_IDS = [
  '/tour/:artistSlug',
  '/artist/:artistSlug',
  '/venue/:slug',
  '/guide/:artistSlug/:stopSlug',
  '/shows/:stopId',
  '/vacation/:tripId',
  '/trip/:token',
  '*',
];

/** Every route pattern of the app's route table, read from its source (admin pages sit under /admin). */
function routeTable(): string[] {
  const dir = path.resolve(import.meta.dirname, '../../src/client/app');
  const pathsOf = (text: string) => Array.from(text.matchAll(/\bpath: '([^']+)'/g), (match) => match[1]!);
  const admin = fs.readFileSync(path.join(dir, 'admin-routes.ts'), 'utf8');
  const [pages = '', outer = ''] = admin.split('export const adminRoutes');
  return [
    ...pathsOf(fs.readFileSync(path.join(dir, 'router.tsx'), 'utf8')),
    ...pathsOf(fs.readFileSync(path.join(dir, 'account-routes.ts'), 'utf8')),
    ...pathsOf(pages).map((page) => `admin/${page}`),
    ...pathsOf(outer),
  ].map((pattern) => (pattern === '*' ? pattern : `/${pattern}`));
}

test('the phone checks visit every route of the route table', () => {
  const visited = new Set([
    ...[...PUBLIC_ROUTES, ...FAN_ROUTES, ...ADMIN_ROUTES].map((route) => new URL(route, 'http://x').pathname),
    ...ROUTES_WITH_IDS,
  ]);
  const table = routeTable();
  expect(table.length, 'the route table was read').toBeGreaterThan(30);
  expect(table.filter((pattern) => !visited.has(pattern))).toEqual([]);
});

interface Box {
  name: string;
  top: number;
  right: number;
  bottom: number;
  left: number;
}

interface LayoutReport {
  scrollWidth: number;
  clientWidth: number;
  /** The elements sticking out on the right, deepest first: where to look when the page scrolls sideways. */
  wide: string[];
  /** The bars that stay on screen, with their boxes. */
  bars: Box[];
}

/** Runs in the page: overflow, the widest offenders, and the fixed and sticky bars (a live toast counts as one). */
function readLayout(): LayoutReport {
  const nameOf = (element: Element) => {
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const label = element.getAttribute('aria-label') ?? element.getAttribute('data-testid');
    return `<${element.tagName.toLowerCase()}${label ? ` "${label}"` : ''}> ${text}`;
  };
  const scroller = document.scrollingElement ?? document.documentElement;
  const clientWidth = scroller.clientWidth;
  const wide: string[] = [];
  const fixed = (element: Element) =>
    Array.from(document.querySelectorAll('*')).some(
      (bar) => getComputedStyle(bar).position === 'fixed' && bar.contains(element),
    );
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || rect.right <= clientWidth + 0.5) continue;
    // A fixed bar spans the widened page because of the offender; it is not one itself.
    if (wide.length >= 5 || fixed(element)) continue;
    // Inside a container that scrolls (or clips) on its own: that is the fix, not a fault.
    let clipped = false;
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const overflowX = getComputedStyle(parent).overflowX;
      if (overflowX !== 'visible') {
        clipped = true;
        break;
      }
    }
    if (!clipped) wide.push(`${nameOf(element)} (right edge ${Math.round(rect.right)})`);
  }
  const isBar = (element: Element) => {
    const style = getComputedStyle(element);
    if (element.matches('[data-sonner-toast]')) return element.getAttribute('data-removed') !== 'true';
    return (style.position === 'fixed' || style.position === 'sticky') && style.visibility !== 'hidden';
  };
  const bars: Box[] = [];
  const barElements = Array.from(document.body.querySelectorAll('*')).filter(isBar);
  for (const element of barElements) {
    // A bar inside another bar (the toast inside the toaster) is that bar's own business.
    if (
      barElements.some(
        (other) => other !== element && other.contains(element) && !element.matches('[data-sonner-toast]'),
      )
    )
      continue;
    const rect = element.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) continue;
    bars.push({ name: nameOf(element), top: rect.top, right: rect.right, bottom: rect.bottom, left: rect.left });
  }
  return { scrollWidth: scroller.scrollWidth, clientWidth, wide, bars };
}

const overlap = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;

/** Waits for the page's own content (no page spinner), then checks overflow and bar overlaps. */
async function expectPhoneLayout(page: Page, label: string): Promise<void> {
  await expect(page.locator('main')).not.toBeEmpty();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
  // Fonts and late images can widen a line: measure once they are in.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(150);
  const report = await page.evaluate(readLayout);
  expect
    .soft(report.scrollWidth, `${label}: scrolls sideways (${report.wide.join('; ')})`)
    .toBeLessThanOrEqual(report.clientWidth);
  const bars = report.bars.filter((bar) => !bar.name.startsWith('<section "Notifications'));
  const hidden: string[] = [];
  for (const [i, a] of bars.entries()) {
    for (const b of bars.slice(i + 1)) if (overlap(a, b)) hidden.push(`${a.name} × ${b.name}`);
  }
  expect.soft(hidden, `${label}: bars cover each other`).toEqual([]);
}

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

/** What a route shows once its content is in (its late sections too), when more than its own page. */
type Ready = Record<string, (page: Page) => Promise<void>>;

/** Each route once, measured on both phones (the viewport is resized in place); screenshots at 390 px. */
async function visitAll(page: Page, routes: string[], ready: Ready = {}): Promise<void> {
  for (const [index, route] of routes.entries()) {
    await page.setViewportSize(PHONES[0]);
    if (index === 0) await page.goto(route);
    else await openInApp(page, route);
    await ready[route]?.(page);
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      await expectPhoneLayout(page, `${route} at ${phone.width} px`);
    }
    const name = route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    await page.screenshot({ path: test.info().outputPath(`${name}-390.png`) });
  }
}

/** The featured artist's stops (the tour API), for the routes that need a real one. */
async function featuredStops(page: Page) {
  const tour = await (await page.request.get(`/api/artists/${FEATURED.slug}?today=${isoDateFromToday(0)}`)).json();
  return (tour.tours as { stops: { id: string; slug: string; date: string; venueSlug: string }[] }[]).flatMap(
    (item) => item.stops,
  );
}

const origin = () => new URL(test.info().project.use.baseURL ?? '').origin;

test.describe('phones at 360 and 390 px: every route once, measured at both widths', () => {
  test.use({ viewport: PHONES[0], hasTouch: true, isMobile: true });

  test('visitor routes: no sideways scroll, no covered bars', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/^404 Error: User attempted to access non-existent route:/);
    const stops = await featuredStops(page);
    const upcoming = stops.find((stop) => stop.date >= isoDateFromToday(0))!;
    const guide = `/guide/${FEATURED.slug}/${upcoming.slug}`;
    await visitAll(
      page,
      [
        ...PUBLIC_ROUTES,
        `/tour/${FEATURED.slug}`,
        `/artist/${FEATURED.slug}`,
        `/venue/${upcoming.venueSlug}`,
        guide,
        '/no-such-page',
      ],
      {
        // The guide's sections arrive after the page: measure them too.
        [guide]: (p) => expect(p.getByRole('heading', { level: 2, name: 'Getting there', exact: true })).toBeVisible(),
      },
    );
  });

  test('fan routes, a show, a trip and its shared page, and the CSV column mapping', async ({ page }) => {
    test.slow();
    await signUpViaApi(page, 'layout');
    const stops = await featuredStops(page);
    const past = stops.find((stop) => stop.date < isoDateFromToday(0))!;
    const marked = await page.request.put(`/api/shows/stops/${past.id}`, {
      data: { state: 'attended', today: isoDateFromToday(0) },
      headers: { origin: origin() },
    });
    expect(marked.status()).toBe(200);
    const created = await page.request.post('/api/trips', {
      data: {
        name: 'Layout check',
        point: { lat: 39.7392, lon: -104.9903 },
        arriveOn: isoDateFromToday(5),
        departOn: isoDateFromToday(15),
      },
      headers: { origin: origin() },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { trip } = (await created.json()) as { trip: { id: string } };
    const shared = await page.request.post(`/api/trips/${trip.id}/share`, { headers: { origin: origin() } });
    const { sharePath } = ((await shared.json()) as { trip: { sharePath: string } }).trip;

    await visitAll(page, [
      ...FAN_ROUTES,
      `/shows/${past.id}`,
      `/setlist?show=${past.id}`,
      `/vacation/${trip.id}`,
      sharePath,
    ]);

    // The history import's column-mapping step: a long column name in every select, and sample rows
    // whose words are long enough to widen a table of five columns.
    await page.goto('/my-shows/import');
    const csv = [
      'date,artist,venue,city,country,"Notes about the evening, the weather and who I went with"',
      '2019-03-10,The Midnight Lanterns,Concertgebouw,Amsterdam-Zuidoost,Netherlands,Rain',
      '2021-09-14,Electric Satellites,Brudenell Social Club,Leeds,United Kingdom,Front row',
    ].join('\n');
    await page
      .getByLabel(/A spreadsheet saved as CSV/)
      .setInputFiles({ name: 'my-concerts-archive.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByText('Which column holds what?')).toBeVisible();
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      await expectPhoneLayout(page, `/my-shows/import (column mapping) at ${phone.width} px`);
    }
    await page.screenshot({ path: test.info().outputPath('history-import-mapping-390.png'), fullPage: true });
  });

  test('admin routes', async ({ page }) => {
    test.slow();
    await signInViaApi(page, accounts.admin);
    await visitAll(page, ADMIN_ROUTES);
    // The artists table fits: every row's Manage button is on screen, not scrolled away in its box.
    await page.goto('/admin/artists?q=satellites');
    const manage = page.getByRole('button', { name: /^Manage / });
    await expect(manage.first()).toBeVisible();
    const hidden = await manage.evaluateAll(
      (buttons) =>
        buttons.filter((button) => {
          const rect = button.getBoundingClientRect();
          let right = document.documentElement.clientWidth;
          for (let box = button.parentElement; box; box = box.parentElement) {
            if (getComputedStyle(box).overflowX !== 'visible')
              right = Math.min(right, box.getBoundingClientRect().right);
          }
          return rect.right > right + 0.5;
        }).length,
    );
    expect(hidden, 'Manage buttons scrolled out of sight in the table').toBe(0);
  });
});

for (const width of WIDTHS) {
  test.describe(`phones at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 844 }, hasTouch: true, isMobile: true });

    test('a toast and the offline note leave the header and the tab bar clear', async ({
      page,
      context,
      consoleGuard,
    }) => {
      // The page's reads fail while offline; that is the point of the note.
      consoleGuard.allow(/net::ERR_INTERNET_DISCONNECTED/);
      await signUpViaApi(page, `layout-toast-${width}`);
      await page.goto('/donate');
      await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeVisible();
      await page.getByRole('button', { name: 'Share TourGuides' }).first().click();
      const toast = page.locator('[data-sonner-toast]:not([data-removed="true"])');
      await expect(toast).toBeVisible();
      // Let it finish sliding in.
      await page.waitForTimeout(500);
      await expectPhoneLayout(page, `/donate with a toast at ${width} px`);
      const toastBox = (await toast.boundingBox())!;
      const headerBox = (await page.getByRole('banner').boundingBox())!;
      expect(toastBox.y, 'the toast starts below the header').toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
      if (width === 390) await page.screenshot({ path: test.info().outputPath(`toast-${width}.png`) });

      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
      await context.setOffline(true);
      const offline = page.getByRole('status').filter({ hasText: "You're offline" });
      await expect(offline).toBeVisible();
      await expectPhoneLayout(page, `/settings offline at ${width} px`);
      // The note sits inside the header (which stays on screen), over no card and no footer.
      const note = (await offline.boundingBox())!;
      const banner = (await page.getByRole('banner').boundingBox())!;
      expect(note.y).toBeGreaterThanOrEqual(banner.y);
      expect(note.y + note.height).toBeLessThanOrEqual(banner.y + banner.height + 0.5);
      if (width === 390) await page.screenshot({ path: test.info().outputPath(`offline-${width}.png`) });
      await context.setOffline(false);
    });
  });
}
