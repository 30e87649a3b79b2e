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
  return database.db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
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

/** Tables added by later features that hold rows per user (a `user_id` column), for the export. */
const EXPORTED_ELSEWHERE = [
  'users',
  'sessions',
  'accounts',
  'two_factors',
  'user_roles',
  'verifications',
  // `shows` carries them with their stops' identity (show-portability.service.ts).
  'user_shows',
  // Feed tokens are secrets, like session tokens.
  'calendar_feeds',
];

export async function findOtherUserTables(database: Database): Promise<string[]> {
  const { rows } = await database.query<{ table_name: string }>(
    `select table_name from information_schema.columns
     where column_name = 'user_id' and table_schema = current_schema() order by table_name`,
  );
  return rows.map((row) => row.table_name).filter((name) => !EXPORTED_ELSEWHERE.includes(name));
}

export async function findRowsOfUser(database: Database, table: string, userId: string) {
  // `table` comes from information_schema, never from the request; quoting keeps odd names safe.
  const { rows } = await database.query(`select * from "${table.replace(/"/g, '""')}" where user_id = $1`, [userId]);
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
