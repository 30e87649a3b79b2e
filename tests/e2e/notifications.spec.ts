import type { APIRequestContext, Page, Route } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import { GLASS_MERIDIAN, QUARTZ_PARADE } from '../fakes/dataset.ts';
import { fakeProviderPorts } from '../fakes/ports.ts';
import { accounts, expect, expectedHttpErrors, signUpViaApi, test, toast } from './helpers/auth.ts';
import { freshClientAddress } from './support/fixtures.ts';
import { startSecondServerPair, type TwoServers } from './support/two-servers.ts';

/**
 * Live notifications (spec sections 2 "Header", 4 "Notifications"): a fan follows an artist, the
 * fake JamBase announces a show, an admin re-syncs the artist, and the fan's open page shows the
 * toast and the bell's count without a reload. Every test signs up a fan of its own.
 */

interface FakeArtistRef {
  name: string;
  slug: string;
  mbid: string;
}
/**
 * The single-server tests' artist. The two-server test has its own: a show announced for it there
 * is never re-synced here, so it cannot surface here later as news to another test's fan.
 */
const ARTIST: FakeArtistRef = { name: 'Glass Meridian', slug: 'glass-meridian', mbid: GLASS_MERIDIAN };
const OTHER_ARTIST: FakeArtistRef = { name: 'Quartz Parade', slug: 'quartz-parade', mbid: QUARTZ_PARADE };
const FAKE_VENUES = ['jambase:70001', 'jambase:70002', 'jambase:70003', 'jambase:70004'];
let announced = 0;

const baseUrl = () => test.info().project.use.baseURL ?? '';
const originOf = (url: string) => new URL(url).origin;

const signUpFan = (page: Page, base = baseUrl()) =>
  signUpViaApi(page, { prefix: 'notify', fullName: 'Nora Notified', baseUrl: base });

/** The artist comes into the catalog from JamBase (the band search's sync), then the fan follows it. */
async function followSyncedArtist(page: Page, base = baseUrl(), artist = ARTIST): Promise<void> {
  const headers = { origin: originOf(base), 'x-forwarded-for': freshClientAddress() };
  const synced = await page.request.post(`${base}/api/search/sync`, { data: { artistName: artist.name }, headers });
  expect(synced.status(), await synced.text()).toBe(200);
  const followed = await page.request.put(`${base}/api/favorites/${artist.slug}`, { headers });
  expect(followed.status(), await followed.text()).toBe(200);
}

/** The fake JamBase (another process) lists one more show for the artist from now on. */
async function announceShow(artist = ARTIST): Promise<void> {
  announced += 1;
  const { jamBasePort } = fakeProviderPorts(Number(new URL(baseUrl()).port));
  const event = {
    id: `jambase:1900${process.pid % 1000}${String(announced).padStart(3, '0')}`,
    performers: [artist.mbid],
    venueId: FAKE_VENUES[announced % FAKE_VENUES.length],
    daysFromToday: 60 + announced * 3 + (process.pid % 7),
    time: '20:00:00',
    tourName: 'Prism Tour',
  };
  const response = await fetch(`http://127.0.0.1:${jamBasePort}/__fake/events`, {
    method: 'POST',
    body: JSON.stringify({ event }),
  });
  expect(response.status, await response.text()).toBe(200);
}

async function adminSession(base: string): Promise<APIRequestContext> {
  const admin = await playwrightRequest.newContext({
    baseURL: base,
    extraHTTPHeaders: { origin: originOf(base), 'x-forwarded-for': freshClientAddress() },
  });
  const signedIn = await admin.post('/api/auth/sign-in/email', {
    data: { email: accounts.admin.email, password: accounts.admin.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return admin;
}

/** POST /api/admin/artists/:slug/resync, as the seeded admin. */
async function adminResync(base = baseUrl(), artist = ARTIST): Promise<void> {
  const admin = await adminSession(base);
  try {
    const response = await admin.post(`/api/admin/artists/${artist.slug}/resync`);
    expect(response.status(), await response.text()).toBe(202);
  } finally {
    await admin.dispose();
  }
}

/** Opens `path` and waits until the page's event stream is connected, so nothing created later is missed. */
async function openWithStream(page: Page, url: string): Promise<void> {
  const streamOpen = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200,
  );
  await page.goto(url);
  await streamOpen;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const popover = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

test.describe('notifications', () => {
  test("a visitor has no bell, no event stream, and never downloads the bell's code", async ({ page }) => {
    const notificationRequests: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/events' || /notification/.test(pathname)) notificationRequests.push(pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.locator('#artists article').first()).toBeVisible();
    await expect(bell(page)).toHaveCount(0);
    expect(notificationRequests).toEqual([]);
  });

  test('the bell of a new account: no count, an empty popover, Esc closes it', async ({ page }) => {
    await signUpFan(page);
    await page.goto('/');
    // The bell is a chunk of its own, loaded once the session is known: slow on a busy machine.
    await expect(bell(page)).toBeVisible({ timeout: 30_000 });
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await bell(page).click();
    await expect(popover(page)).toBeVisible();
    await expect(popover(page).getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expect(popover(page).getByText('No notifications')).toBeVisible();
    await expect(popover(page).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(popover(page)).toHaveCount(0);
    await expect(bell(page)).toBeFocused();
  });

  test('a list that fails to load says so and offers a retry', async ({ page, consoleGuard }) => {
    consoleGuard.allow(expectedHttpErrors([503]));
    await signUpFan(page);
    const failing = (route: Route) =>
      route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'Try again in a moment.' } } });
    await page.route('**/api/notifications', failing);
    await page.goto('/');
    await bell(page).click();
    const failure = popover(page).getByRole('alert');
    await expect(failure).toContainText('Notifications could not be loaded. Try again in a moment.', {
      timeout: 20_000,
    });
    await page.unroute('**/api/notifications', failing);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(popover(page).getByText('No notifications')).toBeVisible();
  });

  test('sync → notification → toast and count live; click reads it and opens /stats; mark all read', async ({
    page,
  }, testInfo) => {
    await signUpFan(page);
    await followSyncedArtist(page);
    await openWithStream(page, '/my-artists');
    await expect(bell(page)).toHaveAccessibleName('Notifications');

    await announceShow();
    await adminResync();
    const first = toast(page).filter({ hasText: `New tour dates: ${ARTIST.name}` });
    await expect(first).toBeVisible({ timeout: 20_000 });
    await expect(first).toContainText('1 new date');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(page.getByTestId('notification-badge')).toHaveText('1');
    await expect(page).toHaveURL(/\/my-artists$/);
    await page.screenshot({ path: testInfo.outputPath('toast-1440.png') });

    // A second sync with another new show: a second notification on top, the count goes to 2.
    await announceShow();
    await adminResync();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread', { timeout: 20_000 });

    await bell(page).click();
    const items = popover(page).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(`New tour dates: ${ARTIST.name}`);
    await expect(items.first()).toContainText('Just now');
    await expect(items.first().getByRole('button')).toHaveAccessibleName(/^Unread: /);
    await page.screenshot({ path: testInfo.outputPath('popover-1440.png') });

    // Clicking marks it read and, being about an artist, goes to /stats.
    await items.first().getByRole('button').click();
    await expect(page).toHaveURL(/\/stats$/);
    await expect(popover(page)).toHaveCount(0);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

    // Small screens: the header's bell link carries the count and opens the list in one tap; the
    // side menu's item carries it too.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(bell(page)).toBeHidden();
    const phoneBell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    await expect(phoneBell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(page.getByTestId('phone-notification-badge')).toHaveText('1');
    await page.screenshot({ path: testInfo.outputPath('header-390.png') });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menuItem = page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: /^Notifications/ });
    await expect(menuItem).toHaveAccessibleName('Notifications, 1 unread');
    await page.screenshot({ path: testInfo.outputPath('menu-390.png') });
    await page.keyboard.press('Escape');
    await phoneBell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('banner').getByRole('heading', { name: 'Notifications' })).toBeVisible();
    const pageItems = page.getByRole('main').getByRole('listitem');
    await expect(pageItems).toHaveCount(2);
    // Dates read as people write them, never ISO.
    await expect(pageItems.first()).toContainText(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(await page.getByRole('main').textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await page.screenshot({ path: testInfo.outputPath('notifications-390.png'), fullPage: true });

    // Mark all read sets 0, and the server remembers it.
    await page.getByRole('main').getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByRole('main').getByRole('button', { name: /^Unread: / })).toHaveCount(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(pageItems).toHaveCount(2);
  });

  test('a read mark in one tab updates the bell in another', async ({ page, context }) => {
    await signUpFan(page);
    await followSyncedArtist(page);
    await openWithStream(page, '/');
    await announceShow();
    await adminResync();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });

    const other = await context.newPage();
    await other.goto('/notifications');
    await other.getByRole('main').getByRole('button', { name: 'Mark all read' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await other.close();
  });

  test('notification settings: kinds in the app and by email, saved across a reload', async ({ page }) => {
    await signUpFan(page);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Notifications', exact: true });
    await expect(section).toContainText('Emails arrive as one daily digest.');
    const newDatesEmail = section.getByRole('switch', { name: 'New tour dates: by email' });
    const changesInApp = section.getByRole('switch', { name: 'Moved shows: in the app' });
    const remindersInApp = section.getByRole('switch', { name: 'Show reminders: in the app' });
    // Defaults: everything in the app, nothing by email.
    await expect(newDatesEmail).not.toBeChecked();
    await expect(changesInApp).toBeChecked();
    await expect(remindersInApp).toBeChecked();

    await newDatesEmail.click();
    // Its label toggles it too (the fifth row: new dates, venue shows, moved, cancelled, reminders).
    await section.getByText('In the app', { exact: true }).nth(4).click();
    await expect(remindersInApp).not.toBeChecked();
    await section.getByRole('button', { name: 'Save Notification Settings' }).click();
    await expect(toast(page).filter({ hasText: 'Notification settings saved' })).toBeVisible();

    await page.reload();
    await expect(newDatesEmail).toBeChecked();
    await expect(remindersInApp).not.toBeChecked();
    await expect(changesInApp).toBeChecked();

    // Push (to the fan's devices) is on by default; quiet hours hold pushes until they end.
    // Moves and cancellations are chosen apart: cancellations pushed, moves not.
    const changesPush = section.getByRole('switch', { name: 'Moved shows: push' });
    const cancelledPush = section.getByRole('switch', { name: 'Cancelled shows: push' });
    await expect(changesPush).toBeChecked();
    await expect(section.getByRole('switch', { name: 'Shows at venues you follow: push' })).toBeChecked();
    await changesPush.click();
    await section.getByRole('switch', { name: 'Quiet hours' }).click();
    await section.getByLabel('From').fill('23:00');
    await section.getByLabel('to', { exact: true }).fill('06:30');
    await section.getByRole('button', { name: 'Save Notification Settings' }).click();
    await expect(toast(page).filter({ hasText: 'Notification settings saved' }).last()).toBeVisible();
    await page.reload();
    await expect(changesPush).not.toBeChecked();
    await expect(cancelledPush).toBeChecked();
    await expect(section.getByLabel('From')).toHaveValue('23:00');
    await expect(section.getByLabel('to', { exact: true })).toHaveValue('06:30');
  });
});

/**
 * Two server processes on one PostgreSQL database: a notification created through process A
 * reaches a browser connected to process B, and a read mark made through A updates B's bell.
 * (The re-sync is asked of A, but its jobs run on whichever process takes them from the shared
 * queue; the read mark is handled by A for certain, so its event always crosses processes.)
 */
test.describe('notifications across two server processes (PostgreSQL)', () => {
  let servers: TwoServers | null = null;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    servers = await startSecondServerPair(Number(new URL(baseUrl()).port));
  });
  test.afterAll(async () => {
    await servers?.stop();
  });

  test('a notification created through A reaches a browser on B', async ({ page }) => {
    test.skip(servers === null, 'PostgreSQL is not reachable at 127.0.0.1:5432');
    const { a, b } = servers!;
    await signUpFan(page, b);
    await followSyncedArtist(page, b, OTHER_ARTIST);
    await openWithStream(page, `${b}/my-artists`);

    await announceShow(OTHER_ARTIST);
    await adminResync(a, OTHER_ARTIST);
    await expect(toast(page).filter({ hasText: `New tour dates: ${OTHER_ARTIST.name}` })).toBeVisible({
      timeout: 30_000,
    });
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

    // The same session (one database) marks all read through A: B's stream tells this page.
    const read = await page.request.post(`${a}/api/notifications/read-all`, { headers: { origin: a } });
    expect(read.status(), await read.text()).toBe(200);
    await expect(bell(page)).toHaveAccessibleName('Notifications');
  });
});
