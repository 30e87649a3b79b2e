import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeAdminRole } from '#server/auth/admin-role.ts';
import {
  type AuthTestServer,
  decodeQuotedPrintable,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from '#server/auth/auth.test-support.ts';
import { rowsOf } from '#server/db/sql.ts';
import { parseEnv } from '#server/env.ts';
import { distanceKm } from '#server/features/favorites/favorites.service.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createMailer, type Mailer } from '#server/lib/mailer.ts';
import type { Queue } from '#server/lib/queue.ts';
import { formatLongDate } from '#shared/dates.ts';
import type { NotificationsResponse } from '#shared/notifications.ts';
import type { NotificationPreferencesInput } from '#shared/notifications-api.ts';
import { isoDaysFromToday, NORTHERN_LANTERNS } from '#tests/fakes/dataset.ts';
import { FAKE_JAMBASE_KEY, type FakeJamBase, startFakeJamBase } from '#tests/fakes/jambase.ts';
import { sendDailyDigests } from './notifications.digest.ts';
import { notificationJobDefinitions, notifyTourChangesJob, tourChangesSweepJob } from './notifications.jobs.ts';
import { notifyTourChanges } from './tour-change-notifications.ts';

type Row = Record<string, unknown>;

const PASSWORD = 'lantern-light-2027';
/** Cambridge, MA: House of Blues in Boston is a few km away, The Fillmore in San Francisco is not. */
const CAMBRIDGE = { city: 'Cambridge, MA', lat: 42.3736, lon: -71.1097 };
const HOUSE_OF_BLUES = { lat: 42.3471, lon: -71.0951 };

describe('notifications: from tour changes to the bell, the digest and the admin re-sync', () => {
  let jamBase: FakeJamBase;
  let server: AuthTestServer;
  let artistId: string;
  /** Follows with a home city. */
  let near: Fan;
  /** Follows, no home city. */
  let noHome: Fan;
  /** New dates by email only; tour changes off. */
  let emailOnly: Fan;
  /** New dates off; tour changes in the app and by email. */
  let changesOnly: Fan;
  /** Does not follow. */
  let stranger: Fan;

  interface Fan {
    browser: TestBrowser;
    id: string;
    email: string;
  }

  async function rows<T = Row>(query: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(server.database.db, query);
  }

  async function newFan(): Promise<Fan> {
    const browser = new TestBrowser(server);
    const email = uniqueEmail();
    expect((await signUp(browser, email, PASSWORD)).status).toBe(200);
    const [user] = await rows<{ id: string }>(sql`select id from users where email = ${email}`);
    return { browser, id: user!.id, email };
  }

  const follow = async (fan: Fan) =>
    expect((await fan.browser.request('/api/favorites/northern-lanterns', { method: 'PUT' })).status).toBe(200);
  const bell = async (fan: Fan): Promise<NotificationsResponse> =>
    (await fan.browser.request('/api/notifications')).json();
  const stored = (fan: Fan) =>
    rows<{ kind: string; in_app: boolean; email: boolean; title: string; message: string }>(
      sql`select kind, in_app, email, title, message from user_notifications where user_id = ${fan.id} order by kind`,
    );
  const eventsOf = (fan: Fan) =>
    rows<{ type: string; payload: Row }>(
      sql`select type, payload from user_events where user_id = ${fan.id} order by id`,
    );

  /** A sync as the search page runs it (a fresh address each time: the search limit is per IP). */
  async function syncFromSearch(): Promise<void> {
    const response = await new TestBrowser(server).request('/api/search/sync', {
      json: { artistName: 'Northern Lanterns', mbid: NORTHERN_LANTERNS },
    });
    expect(response.status).toBe(200);
  }

  /** Waits for the queued job to have notified every change of the artist. */
  async function changesNotified(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const [pending] = await rows<{ n: number }>(
        sql`select count(*)::int as n from tour_stop_changes where artist_id = ${artistId} and notified_at is null`,
      );
      if (pending!.n === 0) return;
      await sleep(100);
    }
    throw new Error('tour changes were not notified');
  }

  const event = (id: string) => jamBase.events.find((candidate) => candidate.id === id)!;

  beforeAll(async () => {
    jamBase = await startFakeJamBase();
    server = await startAuthTestServer({ JAMBASE_URL: jamBase.url, JAMBASE_API_KEY: FAKE_JAMBASE_KEY }, { jobs: true });
    await syncFromSearch();
    artistId = (await rows<{ id: string }>(sql`select id from artists where mbid = ${NORTHERN_LANTERNS}`))[0]!.id;

    near = await newFan();
    await server.database.db.execute(
      sql`update users set home_city = ${CAMBRIDGE.city}, home_lat = ${CAMBRIDGE.lat}, home_lon = ${CAMBRIDGE.lon}
          where id = ${near.id}`,
    );
    noHome = await newFan();
    emailOnly = await newFan();
    changesOnly = await newFan();
    stranger = await newFan();
    for (const fan of [near, noHome, emailOnly, changesOnly]) await follow(fan);

    // Without `push` (a client from before Web Push): the push choice stays as it was.
    const preferences = (choices: Partial<NotificationPreferencesInput>) =>
      ({
        newDates: { inApp: true, email: false },
        tourChanges: { inApp: true, email: false },
        reminders: { inApp: true, email: false },
        tripShows: { inApp: true, email: false },
        ...choices,
      }) satisfies NotificationPreferencesInput;
    for (const [fan, choices] of [
      [
        emailOnly,
        {
          newDates: { inApp: false, email: true },
          tourChanges: { inApp: false, email: false },
          cancellations: { inApp: false, email: false },
        },
      ],
      // Moves in the app and by email; cancellations (their own kind) by email only.
      [
        changesOnly,
        {
          newDates: { inApp: false, email: false },
          tourChanges: { inApp: true, email: true },
          cancellations: { inApp: false, email: true },
        },
      ],
    ] as const) {
      const saved = await fan.browser.request('/api/notifications/preferences', {
        method: 'PUT',
        json: preferences(choices),
      });
      expect(saved.status).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.close();
    await jamBase?.close();
  });

  it('answers 401 to signed-out requests and refuses cross-site posts', async () => {
    const visitor = new TestBrowser(server);
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read-all'],
      ['POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences'],
    ]) {
      const response = await visitor.request(path!, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect((await response.json()).error.code).toBe('UNAUTHORIZED');
    }
    const forged = await near.browser.request('/api/notifications/read-all', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
  });

  it('starts empty, with default preferences and no-store answers', async () => {
    const response = await stranger.browser.request('/api/notifications');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({ notifications: [], unreadCount: 0 });
    expect(await (await stranger.browser.request('/api/notifications/preferences')).json()).toEqual({
      newDates: { inApp: true, email: false, push: true },
      onSale: { inApp: true, email: false, push: true },
      tourChanges: { inApp: true, email: false, push: true },
      cancellations: { inApp: true, email: false, push: true },
      venueShows: { inApp: true, email: false, push: true },
      reminders: { inApp: true, email: false, push: true },
      tripShows: { inApp: true, email: false, push: true },
      quietHours: null,
    });
    const saved = await (await emailOnly.browser.request('/api/notifications/preferences')).json();
    expect(saved.newDates).toEqual({ inApp: false, email: true, push: true });
    const invalid = await stranger.browser.request('/api/notifications/preferences', {
      method: 'PUT',
      json: { newDates: { inApp: 'yes', email: false } },
    });
    expect(invalid.status).toBe(400);
  });

  it('new dates: one notification per follower naming the count and the nearest (or soonest) date', async () => {
    jamBase.events.push(
      {
        id: 'jambase:12000005',
        performers: [NORTHERN_LANTERNS],
        venueId: 'jambase:70004',
        daysFromToday: 45,
        time: '20:00:00',
      },
      {
        id: 'jambase:12000006',
        performers: [NORTHERN_LANTERNS],
        venueId: 'jambase:70003',
        daysFromToday: 70,
        time: '20:00:00',
      },
    );
    await syncFromSearch();
    await changesNotified();

    const km = Math.round(distanceKm(CAMBRIDGE, HOUSE_OF_BLUES));
    const nearBell = await bell(near);
    expect(nearBell.unreadCount).toBe(1);
    expect(nearBell.notifications).toEqual([
      {
        id: expect.any(String),
        kind: 'new-dates',
        title: 'New tour dates: Northern Lanterns',
        message: `2 new dates — nearest: ${formatLongDate(isoDaysFromToday(70))} at House of Blues, Boston, MA (${km} km from Cambridge, MA)`,
        read: false,
        artistSlug: 'northern-lanterns',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect((await bell(noHome)).notifications.map((n) => n.message)).toEqual([
      `2 new dates — soonest: ${formatLongDate(isoDaysFromToday(45))} at The Fillmore, San Francisco, CA`,
    ]);
    expect(await bell(stranger)).toEqual({ notifications: [], unreadCount: 0 });

    // The event announcing it was stored with it.
    expect(await eventsOf(near)).toEqual([
      {
        type: 'notification-created',
        payload: { type: 'notification-created', notification: nearBell.notifications[0] },
      },
    ]);
  });

  it('respects preferences: email only is kept for the digest, off is not stored', async () => {
    expect(await bell(emailOnly)).toEqual({ notifications: [], unreadCount: 0 });
    expect(await stored(emailOnly)).toEqual([
      expect.objectContaining({
        kind: 'new-dates',
        in_app: false,
        email: true,
        title: 'New tour dates: Northern Lanterns',
      }),
    ]);
    expect(await eventsOf(emailOnly)).toEqual([]);
    expect(await stored(changesOnly)).toEqual([]);
  });

  it('adds nothing on a repeated sync or a job run again over the same changes', async () => {
    const count = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from user_notifications`))[0]!.n;
    const before = await count();
    await syncFromSearch();
    await sleep(300);
    // As if the job had died after writing the rows but before notified_at stuck: the dedupe keys hold.
    await server.database.db.execute(
      sql`update tour_stop_changes set notified_at = null where artist_id = ${artistId}`,
    );
    expect(await notifyTourChanges(server.database, artistId)).toMatchObject({ changes: 2, notifications: 0 });
    expect(await count()).toBe(before);
  });

  it('moved and cancelled shows: one notification per changed stop, with the old and new date and venue', async () => {
    // A fan who does not follow the artist but marked both shows hears of both, and keeps both marked.
    const marked = await newFan();
    const stopOf = async (eventId: string) =>
      (await rows<{ id: string }>(sql`select id from tour_stops where external_id like ${`${eventId}/%`}`))[0]!.id;
    const [london, manchester] = [await stopOf('jambase:12000001'), await stopOf('jambase:12000002')];
    for (const [stopId, state] of [
      [london, 'interested'],
      [manchester, 'going'],
    ] as const) {
      const response = await marked.browser.request(`/api/shows/stops/${stopId}`, {
        method: 'PUT',
        json: { state, today: isoDaysFromToday(0) },
      });
      expect(response.status).toBe(200);
    }
    event('jambase:12000001').daysFromToday = 24; // The Roundhouse, London: a later date
    event('jambase:12000002').status = 'cancelled'; // Albert Hall, Manchester
    await syncFromSearch();
    await changesNotified();

    const messages = (await bell(near)).notifications.map(({ kind, title, message }) => ({ kind, title, message }));
    expect(messages).toEqual(
      expect.arrayContaining([
        {
          kind: 'stop-moved',
          title: 'Show moved: Northern Lanterns',
          message: `Moved from ${formatLongDate(isoDaysFromToday(20))} at The Roundhouse, London to ${formatLongDate(isoDaysFromToday(24))} at The Roundhouse, London.`,
        },
        {
          kind: 'stop-cancelled',
          title: 'Show cancelled: Northern Lanterns',
          message: `${formatLongDate(isoDaysFromToday(22))} at Albert Hall, Manchester was cancelled.`,
        },
      ]),
    );
    expect(messages).toHaveLength(3);
    expect((await stored(changesOnly)).map(({ kind, in_app, email }) => ({ kind, in_app, email }))).toEqual([
      { kind: 'stop-cancelled', in_app: false, email: true },
      { kind: 'stop-moved', in_app: true, email: true },
    ]);
    // Tour changes are off for this one.
    expect((await stored(emailOnly)).map((row) => row.kind)).toEqual(['new-dates']);
    expect((await stored(marked)).map((row) => row.kind)).toEqual(['stop-cancelled', 'stop-moved']);
    const states = await (await marked.browser.request(`/api/shows/states?stopIds=${london},${manchester}`)).json();
    expect(states.states[london]).toMatchObject({ state: 'interested', status: 'scheduled', moved: true });
    expect(states.states[manchester]).toMatchObject({ state: 'going', status: 'cancelled', moved: true });
  });

  it('tells nobody about changes detected before they followed', async () => {
    const late = await newFan();
    await server.database.db.execute(sql`
      insert into tour_stop_changes (stop_id, artist_id, kind, details, detected_at)
      values (gen_random_uuid(), ${artistId}, 'cancelled',
              ${JSON.stringify({ date: isoDaysFromToday(80), venue: 'Nowhere Hall', city: 'Leeds' })}::jsonb,
              now() - interval '1 hour')`);
    await follow(late);
    expect(await notifyTourChanges(server.database, artistId)).toMatchObject({ changes: 1 });
    expect(await stored(late)).toEqual([]);
    expect((await stored(near)).filter((row) => row.message.includes('Nowhere Hall'))).toEqual([]);
  });

  it('marks one read (own only), then all; the count never goes below zero', async () => {
    const { notifications, unreadCount } = await bell(near);
    expect(unreadCount).toBe(3);
    const [first] = notifications;

    // Someone else's id, an unknown id, a malformed id: nothing changes.
    const others = await noHome.browser.request(`/api/notifications/${first!.id}/read`, { method: 'POST' });
    expect(others.status).toBe(404);
    const unknown = await near.browser.request('/api/notifications/00000000-0000-4000-8000-000000000000/read', {
      method: 'POST',
    });
    expect(unknown.status).toBe(404);
    expect((await near.browser.request('/api/notifications/not-an-id/read', { method: 'POST' })).status).toBe(400);
    expect((await bell(near)).unreadCount).toBe(3);

    const read = await near.browser.request(`/api/notifications/${first!.id}/read`, { method: 'POST' });
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('private, no-store');
    expect(await read.json()).toEqual({ unreadCount: 2 });
    // Twice: still 2, and no second event.
    expect(
      await (await near.browser.request(`/api/notifications/${first!.id}/read`, { method: 'POST' })).json(),
    ).toEqual({
      unreadCount: 2,
    });
    const after = await bell(near);
    expect(after.notifications.find((n) => n.id === first!.id)?.read).toBe(true);

    expect(await (await near.browser.request('/api/notifications/read-all', { method: 'POST' })).json()).toEqual({
      unreadCount: 0,
    });
    expect(await (await near.browser.request('/api/notifications/read-all', { method: 'POST' })).json()).toEqual({
      unreadCount: 0,
    });
    expect((await bell(near)).unreadCount).toBe(0);
    // The other fan's notifications were not touched.
    expect((await bell(noHome)).unreadCount).toBe(3);

    const readEvents = (await eventsOf(near)).filter((row) => row.type === 'notifications-read');
    expect(readEvents.map((row) => row.payload)).toEqual([
      { type: 'notifications-read', ids: [first!.id], unreadCount: 2 },
      { type: 'notifications-read', ids: null, unreadCount: 0 },
    ]);
  });

  it('mails one daily digest per user with what they chose by email, once; a failed send waits for tomorrow', async () => {
    const logger = createLogger('silent');
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' });
    const owed = () =>
      rows<{ email: string; n: number }>(sql`
        select u.email, count(*)::int as n from user_notifications n join users u on u.id = n.user_id
        where n.email and n.emailed_at is null group by u.email order by u.email`);
    expect(await owed()).toEqual(
      [
        { email: emailOnly.email, n: 1 },
        { email: changesOnly.email, n: 2 },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );

    const failing: Mailer = { send: async () => Promise.reject(new Error('SMTP down')) };
    const down = await sendDailyDigests({
      database: server.database,
      mailer: failing,
      logger,
      publicUrl: env.publicUrl,
    });
    expect(down).toEqual({ sent: 0, failed: 2 });
    expect((await owed()).length).toBe(2);

    const mailer = createMailer(env, logger);
    expect(await sendDailyDigests({ database: server.database, mailer, logger, publicUrl: env.publicUrl })).toEqual({
      sent: 2,
      failed: 0,
    });
    expect(await owed()).toEqual([]);
    expect(await sendDailyDigests({ database: server.database, mailer, logger, publicUrl: env.publicUrl })).toEqual({
      sent: 0,
      failed: 0,
    });

    const mails = await outboxMailsTo(changesOnly.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: TourGuides: 2 new notifications');
    expect(mails[0]).toContain('Show moved: Northern Lanterns');
    expect(mails[0]).toContain('Show cancelled: Northern Lanterns');
    expect(mails[0]).toContain('Content-Type: text/html');
    expect(await outboxMailsTo(emailOnly.email)).toHaveLength(1);
  });

  async function outboxMailsTo(to: string): Promise<string[]> {
    const fs = await import('node:fs/promises');
    const path = await import('node:path');
    const dir = path.join(server.dataDir, 'outbox');
    const files = await fs.readdir(dir).catch(() => []);
    const mails = await Promise.all(files.map((file) => fs.readFile(path.join(dir, file), 'utf8')));
    return mails.filter((raw) => raw.includes(`To: ${to}`)).map(decodeQuotedPrintable);
  }

  it('admin re-sync: 202 for admins (the job runs and followers hear of it), 403 for fans, 401 signed out', async () => {
    const admin = await newFan();
    expect((await changeAdminRole(server.database, 'grant', admin.email)).ok).toBe(true);

    const path = '/api/admin/artists/northern-lanterns/resync';
    expect((await new TestBrowser(server).request(path, { method: 'POST' })).status).toBe(401);
    expect((await near.browser.request(path, { method: 'POST' })).status).toBe(403);
    const unknown = await admin.browser.request('/api/admin/artists/nobody-at-all/resync', { method: 'POST' });
    expect(unknown.status).toBe(404);

    jamBase.events.push({
      id: 'jambase:12000007',
      performers: [NORTHERN_LANTERNS],
      venueId: 'jambase:70001',
      daysFromToday: 90,
      time: '19:30:00',
    });
    const queued = await admin.browser.request(path, { method: 'POST' });
    expect(queued.status).toBe(202);
    expect(await queued.json()).toEqual({ artistSlug: 'northern-lanterns', queued: true });

    let latest: NotificationsResponse | undefined;
    for (let i = 0; i < 100; i++) {
      latest = await bell(noHome);
      if (latest.notifications.length === 4) break;
      await sleep(100);
    }
    expect(latest?.notifications[0]).toMatchObject({
      kind: 'new-dates',
      message: `1 new date: ${formatLongDate(isoDaysFromToday(90))} at The Roundhouse, London`,
    });
  });

  it('the hourly sweep re-queues artists whose changes were left unnotified, and only those', async () => {
    const sent: { name: string; payload: unknown; options: unknown }[] = [];
    const queue = {
      send: async (type: { name: string }, payload: unknown, options: unknown) => {
        sent.push({ name: type.name, payload, options });
        return 'job-id';
      },
    } as unknown as Queue;
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' });
    const definitions = notificationJobDefinitions(
      { database: server.database, logger: createLogger('silent'), env },
      queue,
    );
    const sweep = definitions.find((definition) => definition.name === tourChangesSweepJob.name)!;
    await server.database.db.execute(sql`
      insert into tour_stop_changes (stop_id, artist_id, kind, details, detected_at) values
        (gen_random_uuid(), ${artistId}, 'cancelled', '{}'::jsonb, now() - interval '2 minutes')`);
    await sweep.handler({} as never, { id: 'test' });
    expect(sent).toEqual([]);
    await server.database.db.execute(
      sql`update tour_stop_changes set detected_at = now() - interval '1 hour' where notified_at is null`,
    );
    await sweep.handler({} as never, { id: 'test' });
    expect(sent).toEqual([
      { name: notifyTourChangesJob.name, payload: { artistId }, options: { singletonKey: artistId } },
    ]);
  });
});
