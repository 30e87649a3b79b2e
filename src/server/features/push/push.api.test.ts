import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { deliverNotifications, type NotificationDraft } from '#server/features/notifications/notifications.service.ts';
import { notifyTourChanges } from '#server/features/notifications/tour-change-notifications.ts';
import { createLogger } from '#server/lib/logger.ts';
import { MAX_PUSH_DEVICES, type PushDeviceView, type PushPayload } from '#shared/push.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { type FakePushService, startFakePushService } from '#tests/fakes/push-service.ts';
import { type SignedInFan, signedInFan, signedInPair } from '#tests/setup/fans.ts';
import { PUSH_RETRY_ATTEMPTS, queuePushes, retryPush, retryPushJob, sendDuePushes } from './push.jobs.ts';

/**
 * Web Push over HTTP on a real database: a fan's devices are theirs alone; the worker's POSTs reach
 * a fake push service that checks VAPID and decrypts them as a browser would.
 */

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const addDevice = (fan: SignedInFan, body: unknown, headers: Record<string, string> = {}) =>
  fan.browser.request('/api/push/devices', { method: 'POST', json: body, headers });
const devicesOf = async (fan: SignedInFan): Promise<PushDeviceView[]> =>
  (await (await fan.browser.request('/api/push/devices')).json()).devices;

describe('push devices and pushes', () => {
  let server: AuthTestServer;
  let pushService: FakePushService;
  const silent = createLogger('silent');
  let artist: { id: string; slug: string };
  let stops: { id: string; date: string; city: string }[];

  const runWorker = () =>
    sendDuePushes({
      database: server.database,
      webPush: server.background.providers.webPush,
      logger: silent,
      ttlSeconds: 86_400,
      concurrency: 8,
    });

  /** A fan with one device on the fake push service. */
  async function fanWithDevice(): Promise<SignedInFan & { endpoint: string }> {
    const fan = await signedInFan(server, { label: 'push' });
    const subscription = pushService.subscribe();
    expect((await addDevice(fan, subscription)).status).toBe(201);
    return { ...fan, endpoint: subscription.endpoint };
  }

  const draft = (fan: { id: string }, extra: Partial<NotificationDraft> = {}): NotificationDraft => ({
    userId: fan.id,
    kind: 'stop-cancelled',
    title: 'Show cancelled: Harbour Bells',
    message: 'Sat, Apr 3, 2027 at Paradise, Boston, MA was cancelled.',
    artistSlug: artist.slug,
    dedupeKey: `test:${crypto.randomUUID()}`,
    stopId: stops[0]!.id,
    ...extra,
  });

  const deliver = (drafts: NotificationDraft[]) =>
    server.database.db.transaction((tx) => deliverNotifications(tx, drafts));

  const pushesTo = (endpoint: string) => {
    const id = endpoint.split('/').pop();
    return pushService.received.filter((push) => push.subscriptionId === id);
  };

  beforeAll(async () => {
    pushService = await startFakePushService();
    server = await startAuthTestServer({ PUSH_TEST_ALLOW: pushService.url });
    await seedCatalog(server.database, [
      {
        name: 'Harbour Bells',
        tours: [
          {
            name: 'Bells Tour',
            stops: Array.from({ length: 40 }, (_, index) => ({
              date: `2027-04-${String(index < 20 ? index + 1 : index - 19).padStart(2, '0')}`,
              venue: index < 20 ? `Hall ${index}` : `Arena ${index}`,
              city: index < 20 ? 'Boston' : 'Seattle',
              region: index < 20 ? 'MA' : 'WA',
              country: 'US',
              lat: index < 20 ? 42.35 : 47.61,
              lon: index < 20 ? -71.06 : -122.33,
            })),
          },
        ],
      },
    ]);
    artist = (
      await server.database.query<{ id: string; slug: string }>(
        "select id, slug from artists where name ilike 'harbour bells'",
      )
    ).rows[0]!;
    stops = (
      await server.database.query<{ id: string; date: string; city: string }>(
        "select id, to_char(event_date, 'YYYY-MM-DD') as date, city from tour_stops where artist_id = $1 order by event_date, city",
        [artist.id],
      )
    ).rows;
  });
  afterAll(async () => {
    await server?.close();
    await pushService?.close();
  });

  it('answers 401 to visitors', async () => {
    const visitor = new TestBrowser(server);
    for (const [method, path] of [
      ['GET', '/api/push/key'],
      ['GET', '/api/push/devices'],
      ['POST', '/api/push/devices'],
      ['DELETE', '/api/push/devices/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expect((await visitor.request(path, { method })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('gives the same VAPID public key every time (kept in DATA_DIR)', async () => {
    const fan = await signedInFan(server);
    const first = await (await fan.browser.request('/api/push/key')).json();
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await (await fan.browser.request('/api/push/key')).json()).toEqual(first);
    expect(server.background.providers.webPush.publicKey).toBe(first.publicKey);
  });

  it('adds a device once however often it subscribes, names it, lists it and removes it', async () => {
    const fan = await signedInFan(server);
    const subscription = pushService.subscribe();
    const added = await addDevice(fan, { ...subscription, expirationTime: null }, { 'user-agent': ANDROID_CHROME });
    expect(added.status).toBe(201);
    const { device } = await added.json();
    expect(device).toMatchObject({ label: 'Chrome on Android', lastPushedAt: null });
    expect(JSON.stringify(device)).not.toContain(subscription.endpoint);
    expect((await addDevice(fan, subscription)).status).toBe(200);
    expect((await devicesOf(fan)).map((d) => d.id)).toEqual([device.id]);
    const named = await addDevice(fan, { ...pushService.subscribe(), label: 'Kitchen tablet' });
    expect((await named.json()).device.label).toBe('Kitchen tablet');
    expect((await fan.browser.request(`/api/push/devices/${device.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await devicesOf(fan)).map((d) => d.label)).toEqual(['Kitchen tablet']);
    expect((await fan.browser.request(`/api/push/devices/${device.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses malformed subscriptions and endpoints off the push services', async () => {
    const fan = await signedInFan(server);
    const good = pushService.subscribe();
    for (const body of [
      {},
      { ...good, keys: { p256dh: 'short', auth: good.keys.auth } },
      { ...good, keys: { ...good.keys, auth: 'not base64url!!!!!!!' } },
      { ...good, endpoint: 'not a url' },
      { ...good, label: 'a\u0000b' },
      { ...good, extra: true },
    ]) {
      expect((await addDevice(fan, body)).status, JSON.stringify(body)).toBe(400);
    }
    // Another fan: each refused request counts against the write limit too.
    const other = await signedInFan(server);
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data/',
      'https://127.0.0.1/push',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
    ]) {
      const refused = await addDevice(other, { ...good, endpoint });
      expect(refused.status, endpoint).toBe(400);
      expect((await refused.json()).error.message).toBe('This browser gave a push address we cannot use');
    }
    expect((await addDevice(other, { ...good, endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def' })).status).toBe(
      201,
    );
    expect(await devicesOf(other)).toHaveLength(1);
    expect(await devicesOf(fan)).toEqual([]);
  });

  it("fan A cannot see or remove fan B's devices", async () => {
    const [a, b] = await signedInPair(server);
    expect((await addDevice(b, pushService.subscribe())).status).toBe(201);
    const [bDevice] = await devicesOf(b);
    expect(await devicesOf(a)).toEqual([]);
    const removed = await a.browser.request(`/api/push/devices/${bDevice!.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(404);
    expect((await devicesOf(b)).map((d) => d.id)).toEqual([bDevice!.id]);
    expect((await a.browser.request('/api/push/devices/not-a-uuid', { method: 'DELETE' })).status).toBe(400);
  });

  it('limits how many devices a fan adds a minute (429) and keeps at most the maximum', async () => {
    const fan = await signedInFan(server);
    for (let i = 0; i < 10; i++) expect((await addDevice(fan, pushService.subscribe())).status).toBe(201);
    const limited = await addDevice(fan, pushService.subscribe());
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // The ceiling on devices, past the write limit: seed up to it directly.
    const other = await signedInFan(server);
    for (let i = 0; i < MAX_PUSH_DEVICES; i++) {
      const { endpoint, keys } = pushService.subscribe();
      await server.database.query(
        'insert into push_subscriptions (user_id, endpoint, p256dh, auth, label) values ($1, $2, $3, $4, $5)',
        [other.id, endpoint, keys.p256dh, keys.auth, 'Seeded'],
      );
    }
    const over = await addDevice(other, pushService.subscribe());
    expect(over.status).toBe(409);
  });

  it('POSTs an encrypted, VAPID-signed push with TTL, urgency and topic to each device', async () => {
    const fan = await fanWithDevice();
    const second = pushService.subscribe();
    expect((await addDevice(fan, second)).status).toBe(201);
    expect(await deliver([draft(fan)])).toBe(1);
    const outcome = await runWorker();
    expect(outcome).toMatchObject({ notifications: 1, sent: 2, gone: 0, failed: 0 });
    expect(pushService.rejected).toEqual([]);
    const [push] = pushesTo(fan.endpoint);
    const payload = push!.payload as PushPayload;
    expect(payload).toEqual({
      title: 'Show cancelled: Harbour Bells',
      body: 'Sat, Apr 3, 2027 at Paradise, Boston, MA was cancelled.',
      url: `/shows/${stops[0]!.id}`,
      tag: `stop-cancelled:${stops[0]!.id}`,
    });
    expect(payload.body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(push).toMatchObject({ ttl: 86_400, urgency: 'high', contentEncoding: 'aes128gcm' });
    expect(push!.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(push!.vapidKey).toBe(server.background.providers.webPush.publicKey);
    expect(push!.claims.aud).toBe(pushService.url);
    expect(pushesTo(second.endpoint)).toHaveLength(1);
    expect((await devicesOf(fan))[0]!.lastPushedAt).not.toBeNull();
    // Taken once: a second run sends nothing more.
    expect((await runWorker()).notifications).toBe(0);
  });

  it('drops a device whose push service answers 410 or 404, and keeps it on other errors', async () => {
    const gone = await fanWithDevice();
    const expired = await fanWithDevice();
    const busy = await fanWithDevice();
    pushService.answerFor(gone.endpoint, 410);
    pushService.answerFor(expired.endpoint, 404);
    pushService.answerFor(busy.endpoint, 429);
    await deliver([draft(gone), draft(expired), draft(busy)]);
    // Without a queue (this worker): the busy one is not retried, and its device stays.
    expect(await runWorker()).toMatchObject({ notifications: 3, sent: 0, gone: 2, failed: 1, retried: 0 });
    expect(await devicesOf(gone)).toEqual([]);
    expect(await devicesOf(expired)).toEqual([]);
    expect(await devicesOf(busy)).toHaveLength(1);
  });

  it('tries a 429 or 5xx again through the queue: after Retry-After, else with a growing backoff', async () => {
    const queued: { payload: { notificationId: string; deviceId: string; attempt: number }; after?: number }[] = [];
    const queue = {
      send: async (type: { name: string }, payload: unknown, options?: { startAfterSeconds?: number }) => {
        expect(type.name).toBe(retryPushJob.name);
        queued.push({ payload: payload as (typeof queued)[number]['payload'], after: options?.startAfterSeconds });
        return 'job';
      },
    };
    const worker = {
      database: server.database,
      webPush: server.background.providers.webPush,
      logger: silent,
      ttlSeconds: 86_400,
      concurrency: 8,
      queue,
    };
    const limited = await fanWithDevice();
    const failing = await fanWithDevice();
    const refused = await fanWithDevice();
    pushService.answerFor(limited.endpoint, 429, { 'Retry-After': '120' });
    pushService.answerFor(failing.endpoint, 503);
    // 413 (payload too large) is our request's fault: sending it again would fail again.
    pushService.answerFor(refused.endpoint, 413);
    await deliver([draft(limited), draft(failing), draft(refused)]);
    expect(await sendDuePushes(worker)).toMatchObject({ notifications: 3, sent: 0, failed: 3, retried: 2 });
    const [limitedDevice] = await devicesOf(limited);
    const [failingDevice] = await devicesOf(failing);
    expect(
      queued.map(({ payload, after }) => ({ deviceId: payload.deviceId, attempt: payload.attempt, after })),
    ).toEqual(
      expect.arrayContaining([
        { deviceId: limitedDevice!.id, attempt: 1, after: 120 },
        { deviceId: failingDevice!.id, attempt: 1, after: 30 },
      ]),
    );
    expect(queued).toHaveLength(2);

    // Still failing: the next wait doubles.
    const failingJob = queued.find((job) => job.payload.deviceId === failingDevice!.id)!;
    queued.length = 0;
    expect(await retryPush(worker, failingJob.payload)).toBe('retried');
    expect(queued).toEqual([{ payload: { ...failingJob.payload, attempt: 2 }, after: 60 }]);

    // The service is back: the retried job delivers the alert, once, and the device is marked reached.
    pushService.answerFor(limited.endpoint, 201);
    const { rows: limitedAlert } = await server.database.query<{ id: string }>(
      'select id from user_notifications where user_id = $1',
      [limited.id],
    );
    const limitedRetry = { notificationId: limitedAlert[0]!.id, deviceId: limitedDevice!.id, attempt: 1 };
    expect(await retryPush(worker, limitedRetry)).toBe('sent');
    const delivered = pushesTo(limited.endpoint).filter((push) => push.status === 201);
    expect(delivered.map((push) => (push.payload as PushPayload).title)).toEqual(['Show cancelled: Harbour Bells']);
    expect((await devicesOf(limited))[0]!.lastPushedAt).not.toBeNull();

    // Another fan's alert never reaches this device, and a device gone since is skipped.
    expect(await retryPush(worker, { ...limitedRetry, deviceId: failingDevice!.id })).toBe('skipped');
    // After the last attempt the alert is given up.
    queued.length = 0;
    expect(await retryPush(worker, { ...failingJob.payload, attempt: PUSH_RETRY_ATTEMPTS })).toBe('failed');
    expect(queued).toEqual([]);
  });

  it('sends one push per show per kind, and only the kinds the fan wants pushed', async () => {
    const fan = await fanWithDevice();
    await deliver([draft(fan), draft(fan)]);
    await deliver([draft(fan)]);
    // Another kind about the same show is news of its own.
    await deliver([draft(fan, { kind: 'stop-moved', title: 'Show moved: Harbour Bells' })]);
    await runWorker();
    expect(
      pushesTo(fan.endpoint)
        .map((push) => (push.payload as PushPayload).title)
        .sort(),
    ).toEqual(['Show cancelled: Harbour Bells', 'Show moved: Harbour Bells']);
    // All three cancellations are in the app.
    const list = await (await fan.browser.request('/api/notifications')).json();
    expect(list.notifications).toHaveLength(4);

    const quiet = await fanWithDevice();
    const saved = await quiet.browser.request('/api/notifications/preferences', {
      method: 'PUT',
      json: {
        newDates: { inApp: true, email: false, push: true },
        tourChanges: { inApp: true, email: false, push: true },
        cancellations: { inApp: true, email: false, push: false },
        reminders: { inApp: false, email: false, push: true },
      },
    });
    expect(saved.status).toBe(200);
    await deliver([
      draft(quiet),
      draft(quiet, { kind: 'show-reminder', title: 'Tomorrow: Harbour Bells', stopId: stops[1]!.id }),
    ]);
    await runWorker();
    expect(pushesTo(quiet.endpoint).map((push) => (push.payload as PushPayload).title)).toEqual([
      'Tomorrow: Harbour Bells',
    ]);
    // Push only (in-app off): not in the bell.
    const bell = await (await quiet.browser.request('/api/notifications')).json();
    expect(bell.notifications.map((n: { title: string }) => n.title)).toEqual(['Show cancelled: Harbour Bells']);
  });

  it("holds pushes through the fan's quiet hours and sends them when the hours end", async () => {
    const fan = await fanWithDevice();
    // Quiet from an hour ago to an hour from now, in the fan's zone.
    const zone = 'Asia/Kolkata';
    const clock = (offsetMinutes: number) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
        new Date(Date.now() + offsetMinutes * 60_000),
      );
    const saved = await fan.browser.request('/api/notifications/preferences', {
      method: 'PUT',
      json: {
        newDates: { inApp: true, email: false },
        tourChanges: { inApp: true, email: false },
        reminders: { inApp: true, email: false },
        quietHours: { from: clock(-60), to: clock(60), timeZone: zone },
      },
    });
    expect((await saved.json()).quietHours).toEqual({ from: clock(-60), to: clock(60), timeZone: zone });
    await deliver([draft(fan)]);
    expect((await runWorker()).notifications).toBe(0);
    expect(pushesTo(fan.endpoint)).toHaveLength(0);
    // In the app at once: only the push waits.
    expect((await (await fan.browser.request('/api/notifications')).json()).unreadCount).toBe(1);
    const [held] = (
      await server.database.query<{ minutes: number }>(
        `select extract(epoch from push_after - now()) / 60 as minutes from user_notifications
         where user_id = $1 and push`,
        [fan.id],
      )
    ).rows;
    expect(Number(held!.minutes)).toBeGreaterThan(58);
    expect(Number(held!.minutes)).toBeLessThanOrEqual(61);
    // The hour passes.
    await server.database.query(
      "update user_notifications set push_after = now() - interval '1 second' where user_id = $1",
      [fan.id],
    );
    expect((await runWorker()).sent).toBe(1);
    expect(pushesTo(fan.endpoint)).toHaveLength(1);

    const bad = await fan.browser.request('/api/notifications/preferences', {
      method: 'PUT',
      json: {
        newDates: { inApp: true, email: false },
        tourChanges: { inApp: true, email: false },
        reminders: { inApp: true, email: false },
        quietHours: { from: '25:00', to: '07:00', timeZone: 'Mars/Olympus' },
      },
    });
    expect(bad.status).toBe(400);
  });

  async function syncAdds(stopIds: string[]) {
    for (const stopId of stopIds) {
      await server.database.query(
        "insert into tour_stop_changes (stop_id, artist_id, kind, details) values ($1, $2, 'new', '{}')",
        [stopId, artist.id],
      );
    }
    return notifyTourChanges(server.database, artist.id);
  }

  const follow = async (fan: SignedInFan) =>
    expect((await fan.browser.request(`/api/favorites/${artist.slug}`, { method: 'PUT' })).status).toBe(200);

  it('a sync that adds 40 dates sends one grouped push, about a date near one of the fan’s places', async () => {
    const bostonFan = await fanWithDevice();
    const seattleFan = await fanWithDevice();
    const farFan = await fanWithDevice();
    const setHome = (fan: { id: string }, lat: number, lon: number, city: string) =>
      server.database.query(
        'update users set home_city = $2, home_lat = $3, home_lon = $4, shows_radius_km = 100 where id = $1',
        [fan.id, city, lat, lon],
      );
    await setHome(bostonFan, 42.36, -71.06, 'Boston');
    await setHome(farFan, 25.76, -80.19, 'Miami');
    // Seattle is a tracked place besides a far-away home.
    await setHome(seattleFan, 25.76, -80.19, 'Miami');
    await server.database.query(
      `insert into tracked_places (user_id, place_id, name, country, lat, lon, radius_km)
       values ($1, '5809844', 'Seattle', 'US', 47.61, -122.33, 50)`,
      [seattleFan.id],
    );
    for (const fan of [bostonFan, seattleFan, farFan]) await follow(fan);
    const outcome = await syncAdds(stops.map((stop) => stop.id));
    expect(outcome.changes).toBe(40);
    await runWorker();

    const [bostonPush, ...moreBoston] = pushesTo(bostonFan.endpoint);
    expect(moreBoston).toEqual([]);
    const boston = bostonPush!.payload as PushPayload;
    expect(boston.title).toBe('New tour dates: Harbour Bells');
    expect(boston.body).toMatch(
      /^40 new dates — nearest: Thu, Apr 1, 2027 at Hall 0, Boston, MA \(\d+ km from Boston\)$/,
    );
    const soonestBoston = stops.find((stop) => stop.city === 'Boston')!;
    expect(boston.url).toBe(`/shows/${soonestBoston.id}`);
    expect(bostonPush!.urgency).toBe('normal');

    const seattle = pushesTo(seattleFan.endpoint);
    expect(seattle).toHaveLength(1);
    const soonestSeattle = stops.find((stop) => stop.city === 'Seattle')!;
    expect((seattle[0]!.payload as PushPayload).url).toBe(`/shows/${soonestSeattle.id}`);

    // Nothing near Miami: in the app, not on the phone.
    expect(pushesTo(farFan.endpoint)).toEqual([]);
    const bell = await (await farFan.browser.request('/api/notifications')).json();
    expect(bell.notifications.map((n: { title: string }) => n.title)).toEqual(['New tour dates: Harbour Bells']);
  });
});

describe('the push worker on the job queue', () => {
  let server: AuthTestServer;
  let pushService: FakePushService;
  beforeAll(async () => {
    pushService = await startFakePushService();
    server = await startAuthTestServer({ PUSH_TEST_ALLOW: pushService.url }, { jobs: true });
  });
  afterAll(async () => {
    await server?.close();
    await pushService?.close();
  });

  it('sends what is owed when queued', async () => {
    const fan = await signedInFan(server);
    const subscription = pushService.subscribe();
    expect((await fan.browser.request('/api/push/devices', { method: 'POST', json: subscription })).status).toBe(201);
    await server.database.db.transaction((tx) =>
      deliverNotifications(tx, [
        {
          userId: fan.id,
          kind: 'submission-reviewed',
          title: 'Your show was added',
          message: 'Sat, Oct 3, 2026 at Paradise, Boston, MA is in the catalog.',
          artistSlug: null,
          dedupeKey: 'queued-test',
        },
      ]),
    );
    await queuePushes(server.background.queue);
    const [push] = await pushService.waitFor(1);
    expect(push!.payload).toEqual({
      title: 'Your show was added',
      body: 'Sat, Oct 3, 2026 at Paradise, Boston, MA is in the catalog.',
      url: '/notifications',
      tag: expect.any(String),
    });
    expect(pushService.rejected).toEqual([]);
    const count = await server.database.query<{ n: number }>(
      'select count(*)::int as n from user_notifications where user_id = $1 and pushed_at is not null',
      [fan.id],
    );
    expect(count.rows[0]!.n).toBe(1);
  });
});
