import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { rowsOf } from '#server/db/sql.ts';
import { parseEnv } from '#server/env.ts';
import { createLogger } from '#server/lib/logger.ts';
import type { Queue } from '#server/lib/queue.ts';
import { formatLongDate } from '#shared/dates.ts';
import { isoDaysFromToday, NORTHERN_LANTERNS } from '#tests/fakes/dataset.ts';
import { type FakePushService, startFakePushService } from '#tests/fakes/push-service.ts';
import { FAKE_TICKETMASTER_KEY, type FakeTicketmaster, startFakeTicketmaster } from '#tests/fakes/ticketmaster.ts';
import { type SignedInFan, signedInFan } from '#tests/setup/fans.ts';
import { notificationJobDefinitions, onSaleRemindersJob } from './notifications.jobs.ts';
import { sendOnSaleReminders } from './on-sale-reminders.ts';
import { notifyTourChanges } from './tour-change-notifications.ts';

/**
 * On-sale alerts (issue 29 item 4): Ticketmaster says when tickets go on sale (`sales.public`,
 * `sales.presales`); a sync that first sees a time ahead tells the artist's followers once per show
 * (one grouped alert for a sync's several), by their choices, and a job reminds them shortly
 * before the sale opens.
 */

type Row = Record<string, unknown>;

/** An instant `days` from now, on the hour (as Ticketmaster gives them), ISO 8601 UTC. */
const inDays = (days: number) => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + days * 86_400_000);
const ISO_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

describe('on-sale alerts from Ticketmaster sale times', () => {
  let ticketmaster: FakeTicketmaster;
  let pushService: FakePushService;
  let server: AuthTestServer;
  let artistId: string;
  /** Follows the artist, with a push device and no places (every show is "near"). */
  let follower: SignedInFan;
  /** Follows the artist; on-sale alerts off in every channel. */
  let off: SignedInFan;
  /** Follows nothing. */
  let stranger: SignedInFan;
  const publicSale = inDays(10);
  const presale = inDays(7);

  async function rows<T = Row>(query: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(server.database.db, query);
  }
  const onSaleRows = (fan: SignedInFan) =>
    rows<{ title: string; message: string; in_app: boolean; push: boolean; push_key: string | null; link: string }>(
      sql`select title, message, in_app, push, push_key, link from user_notifications
          where user_id = ${fan.id} and kind = 'on-sale' order by created_at, id`,
    );
  const kindsOf = async (fan: SignedInFan) =>
    (
      await rows<{ kind: string }>(sql`select kind from user_notifications where user_id = ${fan.id} order by kind`)
    ).map((row) => row.kind);

  /** A sync as the search page runs it (a fresh address each time: the search limit is per IP), then its alerts. */
  async function syncAndNotify() {
    const response = await new TestBrowser(server).request('/api/search/sync', {
      json: { artistName: 'Northern Lanterns', mbid: NORTHERN_LANTERNS },
    });
    expect(response.status).toBe(200);
    artistId = (await rows<{ id: string }>(sql`select id from artists where mbid = ${NORTHERN_LANTERNS}`))[0]!.id;
    return notifyTourChanges(server.database, artistId);
  }
  const stopOf = async (eventId: string) =>
    (await rows<{ id: string }>(sql`select id from tour_stops where external_id like ${`${eventId}/%`}`))[0]!.id;

  beforeAll(async () => {
    ticketmaster = await startFakeTicketmaster();
    pushService = await startFakePushService();
    server = await startAuthTestServer({
      TICKETMASTER_URL: ticketmaster.url,
      TICKETMASTER_API_KEY: FAKE_TICKETMASTER_KEY,
      PUSH_TEST_ALLOW: pushService.url,
    });
    // The first sync: every listed show's sale opened long ago, so there is nothing to tell.
    await syncAndNotify();
    follower = await signedInFan(server, { label: 'onsale-follower' });
    off = await signedInFan(server, { label: 'onsale-off' });
    stranger = await signedInFan(server, { label: 'onsale-stranger' });
    for (const fan of [follower, off]) {
      expect((await fan.browser.request('/api/favorites/northern-lanterns', { method: 'PUT' })).status).toBe(200);
    }
    const device = pushService.subscribe();
    expect((await follower.browser.request('/api/push/devices', { method: 'POST', json: device })).status).toBe(201);
    const current = await (await off.browser.request('/api/notifications/preferences')).json();
    const saved = await off.browser.request('/api/notifications/preferences', {
      method: 'PUT',
      json: { ...current, onSale: { inApp: false, email: false, push: false } },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await ticketmaster?.close();
    await pushService?.close();
  });

  it('keeps the sale times Ticketmaster gives on the stop’s source, and says nothing of sales already open', async () => {
    const sources = await rows<{ at: string }>(
      sql`select to_char(on_sale_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as at from stop_sources
          where provider = 'ticketmaster' and artist_id = ${artistId}`,
    );
    expect(sources.map((source) => source.at)).toEqual(['2026-05-01T09:00Z', '2026-05-01T09:00Z', '2026-05-01T09:00Z']);
    expect(await rows(sql`select * from tour_stop_changes where kind = 'on-sale'`)).toEqual([]);
    expect(await kindsOf(follower)).toEqual([]);
  });

  it('a new show with a public sale ahead: one on-sale alert for the follower, none for a stranger or a fan who turned them off', async () => {
    ticketmaster.events.push({
      id: 'G5vYZ9NL060',
      attractions: [NORTHERN_LANTERNS],
      venueId: 'KovZpZAPar',
      daysFromToday: 60,
      time: '20:00:00',
      sales: { publicAt: publicSale.toISOString() },
    });
    const outcome = await syncAndNotify();
    expect(outcome.changes).toBe(2); // the new date and its sale time
    const stopId = await stopOf('G5vYZ9NL060');
    const [alert, ...others] = await onSaleRows(follower);
    expect(others).toEqual([]);
    expect(alert).toMatchObject({
      title: 'Tickets on sale: Northern Lanterns',
      in_app: true,
      link: `/shows/${stopId}`,
      // The new-dates alert of the same sync took the push: one push a sync.
      push: false,
    });
    expect(alert!.message).toMatch(
      new RegExp(
        `^Tickets for Northern Lanterns at Paradise Rock Club presented by Citizens, Boston, MA on ${formatLongDate(isoDaysFromToday(60))} go on sale \\w{3}, \\w{3} \\d{1,2}, \\d{1,2}:00 (AM|PM) E[SD]T\\.$`,
      ),
    );
    expect(alert!.message).not.toMatch(ISO_INSTANT);
    expect(await kindsOf(follower)).toEqual(['new-dates', 'on-sale']);
    expect((await (await follower.browser.request('/api/notifications')).json()).notifications).toContainEqual(
      expect.objectContaining({ kind: 'on-sale', title: 'Tickets on sale: Northern Lanterns' }),
    );
    expect(await kindsOf(off)).toEqual(['new-dates']);
    expect(await kindsOf(stranger)).toEqual([]);
  });

  it('a re-sync (and a job run again) repeats nothing', async () => {
    expect(await syncAndNotify()).toEqual({ changes: 0, notifications: 0 });
    expect(await rows(sql`select id from tour_stop_changes where kind = 'on-sale'`)).toHaveLength(1);
    expect(await onSaleRows(follower)).toHaveLength(1);
  });

  it('a sync adding several shows with sales ahead sends one grouped alert; a presale counts', async () => {
    const presales = [{ name: 'Artist Presale', startAt: presale.toISOString(), endAt: publicSale.toISOString() }];
    ticketmaster.events.push(
      ...[61, 62, 63].map((day) => ({
        id: `G5vYZ9NL0${day}`,
        attractions: [NORTHERN_LANTERNS],
        venueId: 'KovZpZAHob',
        daysFromToday: day,
        time: '19:30:00',
        sales: { publicAt: publicSale.toISOString(), presales },
      })),
    );
    await syncAndNotify();
    const alerts = await onSaleRows(follower);
    expect(alerts).toHaveLength(2);
    expect(alerts[1]!.message).toMatch(
      new RegExp(
        `^Tickets for 3 Northern Lanterns shows go on sale\\. First: House of Blues Boston, Boston, MA on ${formatLongDate(isoDaysFromToday(61))}, presale \\(Artist Presale\\) `,
      ),
    );
    expect(alerts[1]!.message).not.toMatch(ISO_INSTANT);
    expect(await kindsOf(off)).toEqual(['new-dates', 'new-dates']);
    expect(await kindsOf(stranger)).toEqual([]);
  });

  it('a known show whose sale time was still to be announced is news once it is given, and only once', async () => {
    const known = ticketmaster.events.find((event) => event.id === 'G5vYZ9NL003')!;
    known.sales = { publicAt: null };
    await syncAndNotify();
    expect(await onSaleRows(follower)).toHaveLength(2);
    known.sales = { publicAt: inDays(3).toISOString() };
    await syncAndNotify();
    const alerts = await onSaleRows(follower);
    expect(alerts).toHaveLength(3);
    expect(alerts[2]!.message).toContain(
      `at House of Blues Boston, Boston, MA on ${formatLongDate(isoDaysFromToday(40))}`,
    );
    // Pushed: no new dates in this sync, and on-sale pushes are on by default.
    expect(alerts[2]).toMatchObject({ push: true, push_key: `on-sale:${await stopOf('G5vYZ9NL003')}` });
    // A source moving the sale is not a second alert.
    known.sales = { publicAt: inDays(4).toISOString() };
    await syncAndNotify();
    expect(await onSaleRows(follower)).toHaveLength(3);
  });

  it('reminds followers shortly before the sale opens, once however often the job runs; not hours before', async () => {
    // The queue runs it every five minutes (its handler is sendOnSaleReminders at the real time).
    const queue = { send: async () => 'job-id' } as unknown as Queue;
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' });
    const definitions = notificationJobDefinitions(
      { database: server.database, logger: createLogger('silent'), env },
      queue,
    );
    expect(definitions.map((definition) => definition.name)).toContain(onSaleRemindersJob.name);
    const runJob = (now: Date) => sendOnSaleReminders(server.database, now);
    const reminders = () =>
      rows<{ title: string; message: string; push: boolean; push_key: string | null; user_id: string }>(
        sql`select title, message, push, push_key, user_id from user_notifications
            where kind = 'on-sale' and dedupe_key like 'on-sale-reminder:%' order by created_at, id`,
      );
    expect(await runJob(new Date(publicSale.getTime() - 2 * 3_600_000))).toBe(0);
    expect(await reminders()).toEqual([]);

    // 20 minutes before: the show of the first alert and the three of the grouped one open together.
    expect(await runJob(new Date(publicSale.getTime() - 20 * 60_000))).toBe(1);
    const [reminder, ...more] = await reminders();
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({
      user_id: follower.id,
      title: 'Tickets soon: Northern Lanterns',
      push: true,
      push_key: `on-sale-reminder:public:${await stopOf('G5vYZ9NL060')}`,
    });
    expect(reminder!.message).toMatch(
      new RegExp(
        `^Tickets for 4 Northern Lanterns shows \\(first: Paradise Rock Club presented by Citizens, Boston, MA on ${formatLongDate(isoDaysFromToday(60))}\\) go on sale `,
      ),
    );
    expect(reminder!.message).not.toMatch(ISO_INSTANT);
    // Run again (the job runs every five minutes): nothing more.
    expect(await runJob(new Date(publicSale.getTime() - 15 * 60_000))).toBe(0);
    expect(await reminders()).toHaveLength(1);
  });

  it('the presale has its own reminder, held through quiet hours like every push', async () => {
    const presaleAt = presale;
    const current = await (await follower.browser.request('/api/notifications/preferences')).json();
    const now = new Date(presaleAt.getTime() - 10 * 60_000);
    const clock = (date: Date) => date.toISOString().slice(11, 16);
    const saved = await follower.browser.request('/api/notifications/preferences', {
      method: 'PUT',
      json: {
        ...current,
        quietHours: {
          from: clock(new Date(now.getTime() - 3_600_000)),
          to: clock(new Date(now.getTime() + 2 * 3_600_000)),
          timeZone: 'UTC',
        },
      },
    });
    expect(saved.status).toBe(200);
    expect(await sendOnSaleReminders(server.database, now)).toBe(1);
    const [row] = await rows<{ title: string; push: boolean; held: boolean; push_key: string }>(
      sql`select title, push, push_after > ${now.toISOString()}::timestamptz as held, push_key from user_notifications
          where user_id = ${follower.id} and dedupe_key like 'on-sale-reminder:presale:%'`,
    );
    expect(row).toMatchObject({
      title: 'Presale soon: Northern Lanterns',
      push: true,
      push_key: `on-sale-reminder:presale:${await stopOf('G5vYZ9NL061')}`,
      held: true,
    });
    expect(await kindsOf(off)).not.toContain('on-sale');
    expect(await kindsOf(stranger)).toEqual([]);
  });
});
