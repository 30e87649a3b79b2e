import { and, asc, count, eq, gte, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { artistImages, artists, favoriteArtists, tourStops, tours, venues } from '#server/db/schema/index.ts';
import { publicStop } from '#server/features/catalog/stop-visibility.ts';
import { stopViewColumns, tourWithoutStops } from '../artists/artists.repo.ts';

export async function selectArtistWithFollowers(db: Db, slug: string) {
  const [artist] = await db
    .select({
      id: artists.id,
      name: artists.name,
      slug: artists.slug,
      mbid: artists.mbid,
      genres: artists.genres,
      imageUrl: artistImages.imageUrl,
      officialUrl: artistImages.officialUrl,
      followerCount: sql<number>`(select count(*)::int from ${favoriteArtists} f where f.artist_id = ${artists.id})`,
    })
    .from(artists)
    .leftJoin(artistImages, eq(artistImages.artistId, artists.id))
    .where(eq(artists.slug, slug))
    .limit(1);
  return artist;
}

/** Uses tour_stops (artist_id, event_date). */
export async function selectNextShows(db: Db, artistId: string, today: string, limit: number) {
  return db
    .select(stopViewColumns)
    .from(tourStops)
    .innerJoin(venues, eq(venues.id, tourStops.venueId))
    .where(and(eq(tourStops.artistId, artistId), gte(tourStops.eventDate, today), publicStop))
    .orderBy(asc(tourStops.eventDate), asc(tourStops.startTime), asc(tourStops.id))
    .limit(limit);
}

export async function countUpcomingShows(db: Db, artistId: string, today: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(tourStops)
    .where(and(eq(tourStops.artistId, artistId), gte(tourStops.eventDate, today), publicStop));
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
      lastDate: sql<string | null>`to_char(max(${tourStops.eventDate}), 'YYYY-MM-DD')`,
    })
    .from(tours)
    .leftJoin(tourStops, and(eq(tourStops.tourId, tours.id), publicStop))
    .where(and(eq(tours.artistId, artistId), or(isNotNull(tourStops.id), tourWithoutStops)))
    .groupBy(tours.id, tours.name);
}
