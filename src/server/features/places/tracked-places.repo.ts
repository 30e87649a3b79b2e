import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { trackedPlaces } from '#server/db/schema/index.ts';
import { type Executor, rowsOf } from '#server/db/sql.ts';

export type TrackedPlaceRow = typeof trackedPlaces.$inferSelect;
export type NewTrackedPlace = typeof trackedPlaces.$inferInsert;

export function selectTrackedPlaces(db: Db, userId: string): Promise<TrackedPlaceRow[]> {
  return db
    .select()
    .from(trackedPlaces)
    .where(eq(trackedPlaces.userId, userId))
    .orderBy(asc(trackedPlaces.createdAt), asc(trackedPlaces.id));
}

export async function countTrackedPlaces(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(trackedPlaces).where(eq(trackedPlaces.userId, userId));
  return row?.value ?? 0;
}

/** Null when the fan tracks this place already. */
export async function insertTrackedPlace(db: Db, row: NewTrackedPlace): Promise<TrackedPlaceRow | null> {
  const [inserted] = await db
    .insert(trackedPlaces)
    .values(row)
    .onConflictDoNothing({ target: [trackedPlaces.userId, trackedPlaces.placeId] })
    .returning();
  return inserted ?? null;
}

/** Only the owner's row: another fan's id changes nothing (and answers as not found). */
export async function updateTrackedRadius(db: Db, userId: string, id: string, radiusKm: number): Promise<boolean> {
  const rows = await db
    .update(trackedPlaces)
    .set({ radiusKm })
    .where(and(eq(trackedPlaces.id, id), eq(trackedPlaces.userId, userId)))
    .returning({ id: trackedPlaces.id });
  return rows.length > 0;
}

/** Only the fan's own row (My Shows reads the same column). */
export async function updateHomeRadius(executor: Executor, userId: string, radiusKm: number | null): Promise<void> {
  await executor.execute(sql`update users set shows_radius_km = ${radiusKm}, updated_at = now() where id = ${userId}`);
}

export async function deleteTrackedPlace(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(trackedPlaces)
    .where(and(eq(trackedPlaces.id, id), eq(trackedPlaces.userId, userId)))
    .returning({ id: trackedPlaces.id });
  return rows.length > 0;
}

/** A place with coordinates and a radius: home (first) and each tracked place. */
export interface PlaceCircle {
  city: string;
  lat: number;
  lon: number;
  radiusKm: number | null;
}

/**
 * Every fan's places, home first (with My Shows' radius, null for anywhere), for the given users:
 * one query for a sync's followers.
 */
export function selectPlaceCircles(
  executor: Executor,
  userIds: string[],
): Promise<(PlaceCircle & { userId: string })[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  const ids = sql`(select json_array_elements_text(${JSON.stringify(userIds)}::json)::uuid)`;
  return rowsOf(
    executor,
    sql`select "userId", city, lat, lon, "radiusKm" from (
          select u.id as "userId", u.home_city as city, u.home_lat as lat, u.home_lon as lon,
                 u.shows_radius_km as "radiusKm", 0 as position, null::timestamptz as created_at
          from users u where u.id in ${ids} and u.home_lat is not null and u.home_lon is not null
          union all
          select t.user_id, t.name, t.lat, t.lon, t.radius_km, 1, t.created_at
          from tracked_places t where t.user_id in ${ids}
        ) places
        order by "userId", position, created_at`,
  );
}

export async function selectHomePlace(executor: Executor, userId: string) {
  const rows = await rowsOf<{
    city: string | null;
    region: string | null;
    country: string | null;
    placeId: string | null;
    radiusKm: number | null;
  }>(
    executor,
    sql`select home_city as city, home_region as region, home_country as country, home_place_id as "placeId",
               shows_radius_km as "radiusKm"
        from users where id = ${userId}`,
  );
  return rows[0];
}
