import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { type AccountLimit, accountLimitKey, perAccountRules } from '#server/auth/limits.ts';
import type { Database } from '#server/db/client.ts';
import { accounts, attemptCounters, sessions, userRoles, users, verifications } from '#server/db/schema/auth.ts';

export async function findProfile(database: Database, userId: string) {
  const rows = await database.db.select().from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

export interface HomeColumns {
  homePlaceId: string | null;
  homeCity: string | null;
  homeRegion: string | null;
  homeCountry: string | null;
  homeLat: number | null;
  homeLon: number | null;
  homeTimeZone: string | null;
}

export const NO_HOME: HomeColumns = {
  homePlaceId: null,
  homeCity: null,
  homeRegion: null,
  homeCountry: null,
  homeLat: null,
  homeLon: null,
  homeTimeZone: null,
};

/** `home` undefined: home stays as it is. */
export async function updateProfile(database: Database, userId: string, fullName: string, home?: HomeColumns) {
  // `name` is Better Auth's display name; it follows the full name.
  await database.db
    .update(users)
    .set({ fullName, name: fullName, ...home, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function findRoles(database: Database, userId: string): Promise<string[]> {
  const rows = await database.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role);
}

/** Sessions without their tokens. */
export function findSessions(database: Database, userId: string) {
  return (
    database.db
      // No id or token: the export is a file that travels; a session id has no use outside the server.
      .select({
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
  );
}

/** Sign-in methods without secrets (no password hash, no provider tokens). */
export function findSignInMethods(database: Database, userId: string) {
  return database.db
    .select({ providerId: accounts.providerId, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId));
}

export async function findPasswordHash(database: Database, userId: string): Promise<string | undefined> {
  const rows = await database.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  return rows[0]?.password ?? undefined;
}

/**
 * What the account export includes from each per-user table, column by column (issue 28): a new
 * column is private until it is listed here. Never tokens, encrypted secrets, verifiers, session ids,
 * storage keys or other people's ids.
 */
export const EXPORTED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  favorite_artists: ['artist_name', 'artist_slug', 'source', 'created_at'],
  venue_follows: ['venue_id', 'created_at'],
  tracked_places: ['id', 'place_id', 'name', 'region', 'country', 'lat', 'lon', 'time_zone', 'radius_km', 'created_at'],
  notification_preferences: [
    'new_dates_in_app',
    'new_dates_email',
    'tour_changes_in_app',
    'tour_changes_email',
    'reminders_in_app',
    'reminders_email',
    'trip_shows_in_app',
    'trip_shows_email',
    'new_dates_push',
    'tour_changes_push',
    'reminders_push',
    'trip_shows_push',
    'on_sale_in_app',
    'on_sale_email',
    'on_sale_push',
    'quiet_start_minute',
    'quiet_end_minute',
    'quiet_time_zone',
    'updated_at',
  ],
  user_notifications: ['kind', 'title', 'message', 'read', 'artist_slug', 'created_at'],
  trips: ['id', 'name', 'place_label', 'lat', 'lon', 'time_zone', 'radius_km', 'arrive_on', 'depart_on', 'created_at'],
  show_photos: ['id', 'user_show_id', 'content_type', 'width', 'height', 'bytes', 'caption', 'created_at'],
  guide_tips: ['id', 'venue_id', 'author_name', 'category', 'text', 'state', 'helpful_count', 'created_at'],
  guide_tip_votes: ['tip_id', 'created_at'],
  guide_tip_reports: ['tip_id', 'created_at'],
  music_connections: ['source', 'username', 'status', 'mode', 'period', 'last_synced_at', 'created_at'],
  music_excludes: ['artist_id', 'source', 'created_at'],
  music_proposals: ['artist_id', 'source', 'created_at'],
  history_imports: [
    'id',
    'source',
    'label',
    'state',
    'added_count',
    'skipped_count',
    'created_at',
    'finished_at',
    'undone_at',
  ],
  listening_imports: ['id', 'kind', 'state', 'plays', 'created_at'],
  // Never the endpoint or keys: they are the device's secrets.
  push_subscriptions: ['id', 'label', 'created_at', 'last_pushed_at'],
};

/** Per-user tables the export leaves out on purpose (secrets, or carried elsewhere in the file). */
export const NOT_EXPORTED = [
  'users',
  'sessions',
  'accounts',
  'two_factors',
  'user_roles',
  'verifications',
  // `shows` carries them with their stops' identity (show-portability.service.ts).
  'user_shows',
  // Secrets: feed tokens, OAuth verifiers; and the server's own event log.
  'calendar_feeds',
  'music_oauth_states',
  'user_events',
];

/** Every table with a `user_id` column: the test checks each is exported or left out on purpose. */
export async function findUserTables(database: Database): Promise<string[]> {
  const { rows } = await database.query<{ table_name: string }>(
    `select table_name from information_schema.columns
     where column_name = 'user_id' and table_schema = current_schema() order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

export async function findRowsOfUser(database: Database, table: string, userId: string) {
  const columns = EXPORTED_COLUMNS[table];
  if (!columns) throw new Error(`${table} is not exported`);
  // Table and column names come from the list above, never from the request.
  const list = columns.map((column) => `"${column}"`).join(', ');
  const notDeleted = table === 'trips' ? ' and deleted_at is null' : '';
  const { rows } = await database.query(`select ${list} from "${table}" where user_id = $1${notDeleted}`, [userId]);
  return rows;
}

/** Deletes the user; every per-user table cascades from users. Pending tokens go too. */
export async function deleteUser(database: Database, userId: string, email: string): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.value, userId));
    const counterKeys = (Object.keys(perAccountRules) as AccountLimit[]).map((limit) => accountLimitKey(limit, email));
    // Per-client sign-in counters carry the client after the account key.
    const perClient = `${accountLimitKey('signIn', email)}|`;
    await tx
      .delete(attemptCounters)
      .where(or(inArray(attemptCounters.key, counterKeys), sql`starts_with(${attemptCounters.key}, ${perClient})`));
    const removed = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    return removed.length > 0;
  });
}
