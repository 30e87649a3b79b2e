import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { venueFollows } from '#server/db/schema/index.ts';
import { rowsOf } from '#server/db/sql.ts';
import type { FollowedVenue } from '#shared/favorites.ts';

export async function insertVenueFollow(db: Db, userId: string, venueId: string): Promise<void> {
  await db
    .insert(venueFollows)
    .values({ userId, venueId })
    .onConflictDoNothing({ target: [venueFollows.userId, venueFollows.venueId] });
}

export async function deleteVenueFollow(db: Db, userId: string, venueId: string): Promise<void> {
  await db.delete(venueFollows).where(and(eq(venueFollows.userId, userId), eq(venueFollows.venueId, venueId)));
}

export async function isFollowingVenue(db: Db, userId: string, venueId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: venueFollows.id })
    .from(venueFollows)
    .where(and(eq(venueFollows.userId, userId), eq(venueFollows.venueId, venueId)))
    .limit(1);
  return row !== undefined;
}

/** The fan's own followed venues, by name. */
export function selectFollowedVenues(db: Db, userId: string): Promise<FollowedVenue[]> {
  return rowsOf<FollowedVenue>(
    db,
    sql`select v.name as "venueName", v.slug as "venueSlug", v.city, v.region, v.country,
               to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "followedAt"
        from venue_follows f join venues v on v.id = f.venue_id
        where f.user_id = ${userId}
        order by lower(v.name), v.slug`,
  );
}
