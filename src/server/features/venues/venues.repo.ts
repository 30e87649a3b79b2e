import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { artists, tourStops, tours, venues } from '#server/db/schema/index.ts';
import { stopsInDateOrder } from '#server/features/artists/artists.repo.ts';
import { countedStop } from '#server/features/catalog/stop-visibility.ts';

export async function selectVenueBySlug(db: Db, slug: string) {
  const [venue] = await db
    .select({
      id: venues.id,
      name: venues.name,
      slug: venues.slug,
      address: venues.address,
      city: venues.city,
      region: venues.region,
      country: venues.country,
      lat: venues.lat,
      lon: venues.lon,
      timeZone: venues.timeZone,
      pending: venues.pending,
      submittedBy: venues.submittedBy,
    })
    .from(venues)
    .where(eq(venues.slug, slug))
    .limit(1);
  return venue;
}

/** Uses tour_stops (venue_id, event_date). */
export async function selectUpcomingShows(db: Db, venueId: string, today: string, limit: number) {
  return db
    .select({
      artistName: artists.name,
      artistSlug: artists.slug,
      stopId: tourStops.id,
      stopSlug: tourStops.slug,
      tourName: tours.name,
      date: tourStops.eventDate,
      time: sql<string | null>`to_char(${tourStops.startTime}, 'HH24:MI')`,
      ticketUrl: tourStops.ticketUrl,
    })
    .from(tourStops)
    .innerJoin(artists, eq(artists.id, tourStops.artistId))
    .innerJoin(tours, eq(tours.id, tourStops.tourId))
    .where(and(eq(tourStops.venueId, venueId), gte(tourStops.eventDate, today), countedStop))
    .orderBy(...stopsInDateOrder(artists.sortName))
    .limit(limit);
}

export async function countPastShows(db: Db, venueId: string, today: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(tourStops)
    .where(and(eq(tourStops.venueId, venueId), lt(tourStops.eventDate, today), countedStop));
  return row?.value ?? 0;
}
