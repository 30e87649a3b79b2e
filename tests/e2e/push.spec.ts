import type { BrowserContext, Page } from '@playwright/test';
import { fakeProviderPorts } from '../fakes/ports.ts';
import { type FakePushService, startFakePushService } from '../fakes/push-service.ts';
import { signUpViaApi, toast } from './helpers/auth.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Web Push in the browser (issue 29.3). Service workers are blocked suite-wide (playwright.config.ts);
 * these tests allow them. A delivered push goes through Chromium's DevTools protocol
 * (ServiceWorker.deliverPushMessage) into the real worker; subscribing uses a subscription made by the
 * fake push service (headless Chromium reaches no real push service), handed to the page in place of
 * PushManager's answer, so the server stores a device it can really push to.
 */
test.use({ serviceWorkers: 'allow' });

const baseUrl = () => test.info().project.use.baseURL ?? '';

async function waitForControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The worker's registration id, as the DevTools protocol names it. */
async function registrationIdOf(page: Page, context: BrowserContext) {
  const cdp = await context.newCDPSession(page);
  const origin = new URL(baseUrl()).origin;
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => registration.scopeURL.startsWith(origin) && !registration.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, origin, registrationId: await found };
}

test('a delivered push shows the notification; its click opens the show', async ({ page, context, consoleGuard }) => {
  // The pushed show is made up: the page it opens answers 404, once the click has done its part.
  consoleGuard.allow(/\/api\/shows\/5b0d7c1e-8d8f-4a44-9f3e-2a1c0b9d7e61/);
  await signUpViaApi(page, 'push-sw');
  await context.grantPermissions(['notifications'], { origin: new URL(baseUrl()).origin });
  await page.goto('/');
  await waitForControl(page);
  const { cdp, origin, registrationId } = await registrationIdOf(page, context);
  const showPath = '/shows/5b0d7c1e-8d8f-4a44-9f3e-2a1c0b9d7e61';
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify({
      title: 'Show moved: Harbour Bells',
      body: 'Moved from Sat, Oct 3, 2026 at Paradise, Boston, MA to Sun, Oct 4, 2026 at Paradise, Boston, MA.',
      url: showPath,
      tag: 'stop-moved:5b0d7c1e',
    }),
  });
  const shown = async () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        data: notification.data,
      })),
    );
  await expect.poll(shown).toHaveLength(1);
  const [notification] = await shown();
  expect(notification).toEqual({
    title: 'Show moved: Harbour Bells',
    body: 'Moved from Sat, Oct 3, 2026 at Paradise, Boston, MA to Sun, Oct 4, 2026 at Paradise, Boston, MA.',
    tag: 'stop-moved:5b0d7c1e',
    data: { url: showPath },
  });
  expect(notification!.body).not.toMatch(/\d{4}-\d{2}-\d{2}/);

  // A second push about the same show replaces the first (same tag): never a pile for one show.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify({
      title: 'Show cancelled: Harbour Bells',
      body: 'Sat, Oct 3, 2026 …',
      url: showPath,
      tag: 'stop-moved:5b0d7c1e',
    }),
  });
  await expect.poll(async () => (await shown()).map((n) => n.title)).toEqual(['Show cancelled: Harbour Bells']);

  // The click: the worker's notificationclick handler, given the notification it showed, opens the show.
  const [worker] = context.serviceWorkers();
  expect(worker).toBeTruthy();
  await worker!.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [shownNotification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: shownNotification! }));
  });
  await expect(page).toHaveURL(new RegExp(`${showPath}$`));
});

test.describe('the Devices card in Settings', () => {
  let pushService: FakePushService;
  test.beforeAll(async () => {
    pushService = await startFakePushService({
      port: fakeProviderPorts(Number(new URL(baseUrl()).port)).pushServicePort,
    });
  });
  test.afterAll(async () => {
    await pushService?.close();
  });

  /** The page's PushManager answers with a subscription on the fake push service. */
  async function fakeBrowserPush(context: BrowserContext) {
    const subscription = pushService.subscribe();
    await context.addInitScript((json) => {
      let current: PushSubscription | null = null;
      const made = {
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        if (!options?.userVisibleOnly || !options.applicationServerKey)
          throw new Error('subscribe needs the VAPID key');
        current = made;
        return made;
      };
      PushManager.prototype.getSubscription = async () => current;
    }, subscription);
    return subscription;
  }

  // One width: the narrow one, where a device row could overflow (the card has no wide-screen variant).
  const width = 390;
  test(`subscribes this device on a tap and removes it (${width} px)`, async ({ page, context }, testInfo) => {
    await page.setViewportSize({ width, height: 844 });
    await fakeBrowserPush(context);
    await context.grantPermissions(['notifications'], { origin: new URL(baseUrl()).origin });
    const asked: string[] = [];
    await page.exposeFunction('recordPermissionAsk', (state: string) => asked.push(state));
    await context.addInitScript(() => {
      const real = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = async () => {
        const answer = await real();
        (window as unknown as { recordPermissionAsk: (state: string) => void }).recordPermissionAsk(answer);
        return answer;
      };
    });
    await signUpViaApi(page, 'push-settings');
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Devices' });
    await expect(card.getByText('No devices get alerts yet.')).toBeVisible();
    // Never asked on page load.
    expect(asked).toEqual([]);

    await card.getByRole('button', { name: 'Get alerts on this device' }).click();
    await expect(toast(page).filter({ hasText: 'Alerts are on' })).toBeVisible();
    expect(asked).toEqual(['granted']);
    const devices = card.getByRole('list', { name: 'Devices getting alerts' }).getByRole('listitem');
    await expect(devices).toHaveCount(1);
    // Named from the browser's User-Agent (the suite's desktop device says Chrome on Windows).
    await expect(devices.first()).toContainText(/Chrome on (Windows|Linux)/);
    await expect(devices.first()).toContainText('This device');
    await expect(card.getByText('This device gets alerts.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Get alerts on this device' })).toHaveCount(0);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await card.screenshot({ path: testInfo.outputPath(`devices-${width}.png`) });

    await card.getByRole('button', { name: /^Remove Chrome on \w+ \(this device\)$/ }).click();
    await expect(toast(page).filter({ hasText: 'Device removed' })).toBeVisible();
    await expect(card.getByText('No devices get alerts yet.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Get alerts on this device' })).toBeVisible();
  });
});
