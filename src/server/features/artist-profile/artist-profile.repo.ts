import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { favoriteArtists, tourStops, tours, venues } from '#server/db/schema/index.ts';
import { stopsInDateOrder, stopViewColumns } from '#server/features/artists/artists.repo.ts';

/** Users who follow the artist. Uses favorite_artists (artist_id). */
export async function countFollowers(db: Db, artistId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(favoriteArtists).where(eq(favoriteArtists.artistId, artistId));
  return row?.value ?? 0;
}

/** Uses tour_stops (artist_id, event_date). */
export async function selectNextShows(db: Db, artistId: string, today: string, limit: number) {
  return db
    .select(stopViewColumns)
    .from(tourStops)
    .innerJoin(venues, eq(venues.id, tourStops.venueId))
    .where(and(eq(tourStops.artistId, artistId), gte(tourStops.eventDate, today)))
    .orderBy(...stopsInDateOrder())
    .limit(limit);
}

export async function countUpcomingShows(db: Db, artistId: string, today: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(tourStops)
    .where(and(eq(tourStops.artistId, artistId), gte(tourStops.eventDate, today)));
  return row?.value ?? 0;
}

/** One row per tour with its date range and how many stops are still to come. */
export async function selectTourSummaries(db: Db, artistId: string, today: string) {
  return db
    .select({
      id: tours.id,
      name: tours.name,
      upcomingCount:
        sql<number>`count(${tourStops.id}) filter (where ${tourStops.eventDate} >= ${today}::date)`.mapWith(Number),
      pastCount: sql<number>`count(${tourStops.id}) filter (where ${tourStops.eventDate} < ${today}::date)`.mapWith(
        Number,
      ),
      firstDate: sql<string | null>`to_char(min(${tourStops.eventDate}), 'YYYY-MM-DD')`,
      /** Orders the tours (tour-order.ts); not sent. */
      nextDate: sql<
        string | null
      >`to_char(min(${tourStops.eventDate}) filter (where ${tourStops.eventDate} >= ${today}::date), 'YYYY-MM-DD')`,
      lastDate: sql<string | null>`to_char(max(${tourStops.eventDate}), 'YYYY-MM-DD')`,
    })
    .from(tours)
    .leftJoin(tourStops, eq(tourStops.tourId, tours.id))
    .where(eq(tours.artistId, artistId))
    .groupBy(tours.id, tours.name);
}
