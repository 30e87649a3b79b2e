import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { notificationPreferences, userNotifications } from '#server/db/schema/index.ts';
import { type Executor, rowsOf, type Tx } from '#server/db/sql.ts';

/** Every query here is scoped by the user id it is given: callers pass the actor's own id. */

const notificationColumns = {
  id: userNotifications.id,
  kind: userNotifications.kind,
  title: userNotifications.title,
  message: userNotifications.message,
  read: userNotifications.read,
  artistSlug: userNotifications.artistSlug,
  createdAt: userNotifications.createdAt,
};

/** What the bell shows, as the database gives it (the view sends `createdAt` as ISO text). */
export type NotificationRow = Pick<typeof userNotifications.$inferSelect, keyof typeof notificationColumns>;

/** The bell: the newest in-app notifications. */
export function selectRecentInApp(executor: Executor, userId: string, limit: number): Promise<NotificationRow[]> {
  return executor
    .select(notificationColumns)
    .from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), eq(userNotifications.inApp, true)))
    .orderBy(desc(userNotifications.createdAt), desc(userNotifications.id))
    .limit(limit);
}

export async function countUnread(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(userNotifications)
    .where(
      and(eq(userNotifications.userId, userId), eq(userNotifications.inApp, true), eq(userNotifications.read, false)),
    );
  return Number(row?.count ?? 0);
}

/** The user's in-app notification, locked for the read update; undefined when it is not theirs. */
export async function lockOwnInApp(tx: Tx, userId: string, id: string): Promise<{ read: boolean } | undefined> {
  const [row] = await tx
    .select({ read: userNotifications.read })
    .from(userNotifications)
    .where(and(eq(userNotifications.id, id), eq(userNotifications.userId, userId), eq(userNotifications.inApp, true)))
    .for('update');
  return row;
}

export async function setRead(tx: Tx, userId: string, id: string): Promise<void> {
  await tx
    .update(userNotifications)
    .set({ read: true })
    .where(and(eq(userNotifications.id, id), eq(userNotifications.userId, userId)));
}

/** Marks all of the user's unread in-app notifications read; returns how many changed. */
export async function setAllRead(tx: Tx, userId: string): Promise<number> {
  const changed = await tx
    .update(userNotifications)
    .set({ read: true })
    .where(
      and(eq(userNotifications.userId, userId), eq(userNotifications.inApp, true), eq(userNotifications.read, false)),
    )
    .returning({ id: userNotifications.id });
  return changed.length;
}

export type PreferencesRow = typeof notificationPreferences.$inferSelect;

/** The ids go as one JSON parameter: a sync's followers can outnumber PostgreSQL's 65,535 bind parameters. */
export async function selectPreferences(executor: Executor, userIds: string[]): Promise<PreferencesRow[]> {
  if (userIds.length === 0) return [];
  return executor
    .select()
    .from(notificationPreferences)
    .where(
      inArray(
        notificationPreferences.userId,
        sql`(select json_array_elements_text(${JSON.stringify(userIds)}::json)::uuid)`,
      ),
    );
}

export async function upsertPreferences(executor: Executor, row: Omit<PreferencesRow, 'updatedAt'>): Promise<void> {
  const { userId: _userId, ...choices } = row;
  await executor
    .insert(notificationPreferences)
    .values(row)
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...choices, updatedAt: new Date() } });
}

export type NewNotificationRow = typeof userNotifications.$inferInsert;

/** Inserts what is not there yet (by user and dedupe key) and returns only the rows it added. */
export async function insertNotifications(
  tx: Tx,
  rows: NewNotificationRow[],
): Promise<(NotificationRow & { userId: string; inApp: boolean })[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(userNotifications)
    .values(rows)
    .onConflictDoNothing({ target: [userNotifications.userId, userNotifications.dedupeKey] })
    .returning({ ...notificationColumns, userId: userNotifications.userId, inApp: userNotifications.inApp });
}

// --- tour changes -------------------------------------------------------------------------------

export interface PendingChangeRow {
  id: string;
  stopId: string;
  kind: 'new' | 'moved' | 'cancelled' | 'on-sale';
  details: unknown;
  detectedAt: string;
  /** The stop as it is now (new stops); null when it no longer exists. */
  stopDate: string | null;
  stopVenueId: string | null;
  stopVenue: string | null;
  stopCity: string | null;
  stopRegion: string | null;
  stopLat: number | null;
  stopLon: number | null;
  stopTimeZone: string | null;
  stopStatus: string | null;
}

/**
 * The artist's changes nobody was told about yet, locked so a second job for the same artist
 * waits and then finds them notified. Oldest first.
 */
export function lockUnnotifiedChanges(tx: Tx, artistId: string): Promise<PendingChangeRow[]> {
  return rowsOf<PendingChangeRow>(
    tx,
    sql`select c.id, c.stop_id as "stopId", c.kind, c.details,
               to_char(c.detected_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "detectedAt",
               to_char(s.event_date, 'YYYY-MM-DD') as "stopDate", s.venue_id as "stopVenueId", v.name as "stopVenue", s.city as "stopCity",
               s.region as "stopRegion", coalesce(s.lat, v.lat) as "stopLat", coalesce(s.lon, v.lon) as "stopLon",
               v.time_zone as "stopTimeZone", s.status as "stopStatus"
        from tour_stop_changes c
        left join tour_stops s on s.id = c.stop_id
        left join venues v on v.id = s.venue_id
        where c.artist_id = ${artistId} and c.notified_at is null
        order by c.detected_at, c.id
        for update of c`,
  );
}

export interface FollowerRow {
  userId: string;
  followedAt: string;
  homeCity: string | null;
  homeLat: number | null;
  homeLon: number | null;
}

export function selectFollowers(executor: Executor, artistId: string): Promise<FollowerRow[]> {
  return rowsOf<FollowerRow>(
    executor,
    sql`select f.user_id as "userId",
               to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "followedAt",
               u.home_city as "homeCity", u.home_lat as "homeLat", u.home_lon as "homeLon"
        from favorite_artists f join users u on u.id = f.user_id
        where f.artist_id = ${artistId}`,
  );
}

/**
 * Who follows any of these venues, and since when: the who-to-tell of venue alerts, in SQL (one
 * index lookup per venue on venue_follows_venue_idx).
 */
export function selectVenueFollowers(
  executor: Executor,
  venueIds: string[],
): Promise<{ userId: string; venueId: string; followedAt: string }[]> {
  if (venueIds.length === 0) return Promise.resolve([]);
  return rowsOf(
    executor,
    sql`select f.user_id as "userId", f.venue_id as "venueId",
               to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "followedAt"
        from venue_follows f
        where f.venue_id in (select json_array_elements_text(${JSON.stringify([...new Set(venueIds)])}::json)::uuid)`,
  );
}

/** Fans with a show state on any of these stops (they hear about moves and cancellations, followers or not). */
export function selectFansOfStops(
  executor: Executor,
  stopIds: string[],
): Promise<{ userId: string; stopId: string; markedAt: string }[]> {
  if (stopIds.length === 0) return Promise.resolve([]);
  return rowsOf(
    executor,
    sql`select us.user_id as "userId", us.stop_id as "stopId",
               to_char(us.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "markedAt"
        from user_shows us
        where us.stop_id in (select json_array_elements_text(${JSON.stringify(stopIds)}::json)::uuid)`,
  );
}

export async function markChangesNotified(tx: Tx, changeIds: string[]): Promise<void> {
  if (changeIds.length === 0) return;
  await tx.execute(sql`
    update tour_stop_changes set notified_at = now()
    where id in (select json_array_elements_text(${JSON.stringify(changeIds)}::json)::uuid)`);
}

/** Artists with changes left unnotified for a while (a lost job): the sweep queues them again. */
export function selectArtistsWithStaleChanges(
  executor: Executor,
  olderThanMinutes: number,
): Promise<{ artistId: string }[]> {
  return rowsOf(
    executor,
    sql`select distinct artist_id as "artistId" from tour_stop_changes
        where notified_at is null and detected_at < now() - make_interval(mins => ${olderThanMinutes})`,
  );
}

// --- digest -------------------------------------------------------------------------------------

export type OwedMailRow = Pick<typeof userNotifications.$inferSelect, 'id' | 'title' | 'message' | 'artistSlug'>;

/** Users owed a digest mail, with their address. */
export function selectDigestRecipients(executor: Executor): Promise<{ userId: string; email: string }[]> {
  return rowsOf(
    executor,
    sql`select u.id as "userId", u.email from users u
        where exists (select 1 from user_notifications n
                      where n.user_id = u.id and n.email and n.emailed_at is null)
        order by u.id`,
  );
}

export function selectOwedMail(executor: Executor, userId: string): Promise<OwedMailRow[]> {
  return executor
    .select({
      id: userNotifications.id,
      title: userNotifications.title,
      message: userNotifications.message,
      artistSlug: userNotifications.artistSlug,
    })
    .from(userNotifications)
    .where(
      and(eq(userNotifications.userId, userId), eq(userNotifications.email, true), isNull(userNotifications.emailedAt)),
    )
    .orderBy(asc(userNotifications.createdAt), asc(userNotifications.id));
}

/** Exactly the rows the mail carried: ones created while it was being sent wait for tomorrow. */
export async function markEmailed(executor: Executor, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await executor
    .update(userNotifications)
    .set({ emailedAt: new Date() })
    .where(and(eq(userNotifications.userId, userId), inArray(userNotifications.id, ids)));
}

// --- push ---------------------------------------------------------------------------------------

/** Users among these with at least one push device: only they are owed pushes. */
export async function selectUsersWithDevices(executor: Executor, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await rowsOf<{ userId: string }>(
    executor,
    sql`select distinct user_id as "userId" from push_subscriptions
        where user_id in (select json_array_elements_text(${JSON.stringify(userIds)}::json)::uuid)`,
  );
  return new Set(rows.map((row) => row.userId));
}

/** 'userId|pushKey' of the pushes these users were already owed (one push per show per kind). */
export async function selectTakenPushKeys(
  executor: Executor,
  userIds: string[],
  pushKeys: string[],
): Promise<Set<string>> {
  if (userIds.length === 0 || pushKeys.length === 0) return new Set();
  const rows = await rowsOf<{ key: string }>(
    executor,
    sql`select user_id || '|' || push_key as key from user_notifications
        where push
          and user_id in (select json_array_elements_text(${JSON.stringify(userIds)}::json)::uuid)
          and push_key in (select json_array_elements_text(${JSON.stringify([...new Set(pushKeys)])}::json))`,
  );
  return new Set(rows.map((row) => row.key));
}

// --- on-sale reminders --------------------------------------------------------------------------

export interface OpeningSaleRow {
  stopId: string;
  artistId: string;
  artistName: string;
  artistSlug: string;
  phase: 'presale' | 'public';
  /** ISO 8601 UTC. */
  at: string;
  presaleName: string | null;
  date: string;
  venue: string;
  city: string;
  region: string | null;
  timeZone: string | null;
  lat: number | null;
  lon: number | null;
}

/**
 * The sales (presale or public) of upcoming shows that open after `now` and by `until`, one row
 * per stop and phase (the earliest any of its sources gives). Two index range scans on stop_sources.
 */
export function selectSalesOpening(executor: Executor, now: Date, until: Date): Promise<OpeningSaleRow[]> {
  const [from, to] = [now.toISOString(), until.toISOString()];
  return rowsOf<OpeningSaleRow>(
    executor,
    sql`with sales as (
          select stop_id, 'public' as phase, on_sale_at as at, null::text as presale_name from stop_sources
          where on_sale_at > ${from}::timestamptz and on_sale_at <= ${to}::timestamptz and missing_since is null
          union all
          select stop_id, 'presale', presale_at, presale_name from stop_sources
          where presale_at > ${from}::timestamptz and presale_at <= ${to}::timestamptz and missing_since is null
        )
        select distinct on (s.id, x.phase)
               s.id as "stopId", a.id as "artistId", a.name as "artistName", a.slug as "artistSlug", x.phase,
               to_char(x.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at, x.presale_name as "presaleName",
               to_char(s.event_date, 'YYYY-MM-DD') as date, v.name as venue, s.city, s.region,
               v.time_zone as "timeZone", coalesce(s.lat, v.lat) as lat, coalesce(s.lon, v.lon) as lon
        from sales x
        join tour_stops s on s.id = x.stop_id
        join venues v on v.id = s.venue_id
        join artists a on a.id = s.artist_id
        where s.review_state = 'approved' and s.status in ('scheduled', 'rescheduled')
          and s.event_date >= (x.at at time zone 'UTC')::date
        order by s.id, x.phase, x.at`,
  );
}
