import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { rowsOf } from '#server/db/sql.ts';
import { formatLongDate } from '#shared/dates.ts';
import type { NotificationsResponse } from '#shared/notifications.ts';
import type { PushPayload } from '#shared/push.ts';
import { isoDaysFromToday, NORTHERN_LANTERNS } from '#tests/fakes/dataset.ts';
import { FAKE_JAMBASE_KEY, type FakeJamBase, startFakeJamBase } from '#tests/fakes/jambase.ts';
import { type FakePushService, startFakePushService } from '#tests/fakes/push-service.ts';
import { type SignedInFan, signedInFan } from '#tests/setup/fans.ts';
import { notifyTourChanges } from './tour-change-notifications.ts';

/**
 * Venue alerts: a sync that adds a date at a venue tells the venue's followers (the venue page
 * promises "Hear about every new show here."), each by their own choices, one alert per show and
 * one grouped alert when the sync adds several at the venues they follow.
 */

type Row = Record<string, unknown>;

describe('venue alerts: a new date at a followed venue', () => {
  let jamBase: FakeJamBase;
  let pushService: FakePushService;
  let server: AuthTestServer;
  let artistId: string;
  let houseOfBlues: string;
  let fillmore: string;
  /** Follows House of Blues, with a push device. */
  let a: SignedInFan & { endpoint: string };
  /** Follows The Fillmore. */
  let b: SignedInFan;
  /** Follows House of Blues and the artist: hears of it once, as an artist follower. */
  let both: SignedInFan;
  /** Follows House of Blues; venue shows by email only. */
  let mailOnly: SignedInFan;
  /** Follows House of Blues; venue shows off. */
  let off: SignedInFan;

  async function rows<T = Row>(query: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(server.database.db, query);
  }
  const bell = async (fan: SignedInFan): Promise<NotificationsResponse> =>
    (await fan.browser.request('/api/notifications')).json();
  const stored = (fan: SignedInFan) =>
    rows<{ kind: string; in_app: boolean; email: boolean; push: boolean; push_key: string | null; title: string }>(
      sql`select kind, in_app, email, push, push_key, title from user_notifications where user_id = ${fan.id}
          order by created_at, id`,
    );
  const followVenue = async (fan: SignedInFan, slug: string) =>
    expect((await fan.browser.request(`/api/favorites/venues/${slug}`, { method: 'PUT' })).status).toBe(200);
  const choose = async (fan: SignedInFan, venueShows: { inApp: boolean; email: boolean; push: boolean }) => {
    const current = await (await fan.browser.request('/api/notifications/preferences')).json();
    const saved = await fan.browser.request('/api/notifications/preferences', {
      method: 'PUT',
      json: { ...current, venueShows },
    });
    expect(saved.status).toBe(200);
  };

  async function syncFromSearch(): Promise<void> {
    const response = await new TestBrowser(server).request('/api/search/sync', {
      json: { artistName: 'Northern Lanterns', mbid: NORTHERN_LANTERNS },
    });
    expect(response.status).toBe(200);
  }

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

  const stopOf = async (eventId: string) =>
    (await rows<{ id: string }>(sql`select id from tour_stops where external_id like ${`${eventId}/%`}`))[0]!.id;

  beforeAll(async () => {
    jamBase = await startFakeJamBase();
    pushService = await startFakePushService();
    server = await startAuthTestServer(
      { JAMBASE_URL: jamBase.url, JAMBASE_API_KEY: FAKE_JAMBASE_KEY, PUSH_TEST_ALLOW: pushService.url },
      { jobs: true },
    );
    await syncFromSearch();
    await sleep(200);
    artistId = (await rows<{ id: string }>(sql`select id from artists where mbid = ${NORTHERN_LANTERNS}`))[0]!.id;
    await changesNotified();
    const slugOf = async (name: string) =>
      (await rows<{ slug: string }>(sql`select slug from venues where name = ${name}`))[0]!.slug;
    houseOfBlues = await slugOf('House of Blues');
    fillmore = await slugOf('The Fillmore');

    const fanA = await signedInFan(server, { label: 'venue-a' });
    const subscription = pushService.subscribe();
    expect((await fanA.browser.request('/api/push/devices', { method: 'POST', json: subscription })).status).toBe(201);
    a = { ...fanA, endpoint: subscription.endpoint };
    b = await signedInFan(server, { label: 'venue-b' });
    both = await signedInFan(server, { label: 'venue-both' });
    mailOnly = await signedInFan(server, { label: 'venue-mail' });
    off = await signedInFan(server, { label: 'venue-off' });
    for (const fan of [a, both, mailOnly, off]) await followVenue(fan, houseOfBlues);
    await followVenue(b, fillmore);
    expect((await both.browser.request('/api/favorites/northern-lanterns', { method: 'PUT' })).status).toBe(200);
    await choose(mailOnly, { inApp: false, email: true, push: false });
    await choose(off, { inApp: false, email: false, push: false });
  });
  afterAll(async () => {
    await server?.close();
    await jamBase?.close();
    await pushService?.close();
  });

  it('tells followers of the venue about its new date: in the app, pushed, by their choices', async () => {
    jamBase.events.push(
      {
        id: 'jambase:12100001',
        performers: [NORTHERN_LANTERNS],
        venueId: 'jambase:70003',
        daysFromToday: 90,
        time: '20:00:00',
      },
      {
        id: 'jambase:12100002',
        performers: [NORTHERN_LANTERNS],
        venueId: 'jambase:70004',
        daysFromToday: 95,
        time: '20:00:00',
      },
      {
        id: 'jambase:12100003',
        performers: [NORTHERN_LANTERNS],
        venueId: 'jambase:70004',
        daysFromToday: 97,
        time: '20:00:00',
      },
    );
    await syncFromSearch();
    await changesNotified();
    const bostonStop = await stopOf('jambase:12100001');

    const bellOfA = await bell(a);
    expect(bellOfA.notifications).toEqual([
      expect.objectContaining({
        kind: 'venue-show',
        title: 'New show at House of Blues',
        message: `Northern Lanterns: ${formatLongDate(isoDaysFromToday(90))} at House of Blues, Boston, MA`,
        artistSlug: 'northern-lanterns',
        read: false,
      }),
    ]);
    expect(await stored(a)).toEqual([
      expect.objectContaining({ kind: 'venue-show', push: true, push_key: `venue-show:${bostonStop}` }),
    ]);
    // The push reaches A's device and opens the show.
    const [push] = await pushService.waitFor(1);
    expect(push!.subscriptionId).toBe(a.endpoint.split('/').pop());
    expect(push!.payload as PushPayload).toMatchObject({
      title: 'New show at House of Blues',
      url: `/shows/${bostonStop}`,
    });

    // Two dates at B's venue from one sync: one grouped alert, about the soonest.
    expect((await bell(b)).notifications).toEqual([
      expect.objectContaining({
        kind: 'venue-show',
        title: 'New shows at The Fillmore',
        message: `Northern Lanterns: 2 new dates — soonest: ${formatLongDate(isoDaysFromToday(95))} at The Fillmore, San Francisco, CA`,
      }),
    ]);

    // Following the artist too: the artist's new-dates alert covers it, no second one.
    expect((await stored(both)).map((row) => row.kind)).toEqual(['new-dates']);
    expect(await stored(mailOnly)).toEqual([
      expect.objectContaining({ kind: 'venue-show', in_app: false, email: true, push: false }),
    ]);
    expect(await bell(mailOnly)).toEqual({ notifications: [], unreadCount: 0 });
    expect(await stored(off)).toEqual([]);
  });

  it("fan A hears nothing of fan B's venue, and B nothing of A's", async () => {
    expect((await stored(a)).map((row) => row.title)).toEqual(['New show at House of Blues']);
    expect((await stored(b)).map((row) => row.title)).toEqual(['New shows at The Fillmore']);
    // A cannot read or mark B's alert.
    const [bAlert] = (await bell(b)).notifications;
    expect((await a.browser.request(`/api/notifications/${bAlert!.id}/read`, { method: 'POST' })).status).toBe(404);
    expect((await bell(b)).unreadCount).toBe(1);
  });

  it('adds nothing on a repeated sync, and nothing for dates announced before the follow', async () => {
    const count = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from user_notifications`))[0]!.n;
    const before = await count();
    await syncFromSearch();
    await sleep(300);
    await server.database.db.execute(
      sql`update tour_stop_changes set notified_at = null where artist_id = ${artistId}`,
    );
    await notifyTourChanges(server.database, artistId);
    expect(await count()).toBe(before);

    // A fan who follows House of Blues now hears nothing of the dates found before.
    const late = await signedInFan(server, { label: 'venue-late' });
    await followVenue(late, houseOfBlues);
    await server.database.db.execute(
      sql`update tour_stop_changes set notified_at = null where artist_id = ${artistId}`,
    );
    await notifyTourChanges(server.database, artistId);
    expect(await stored(late)).toEqual([]);
  });
});
