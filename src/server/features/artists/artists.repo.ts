import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { artistImages, artists, tourStops, tours, venues } from '#server/db/schema/index.ts';

export interface ArtistListRow {
  total: number;
  /** The page after clamping to [1, last page]. */
  page: number;
  name: string | null;
  slug: string | null;
  tourCount: number | null;
  hasUpcomingShows: boolean | null;
  imageUrl: string | null;
}

export interface ArtistListFilter {
  page: number;
  pageSize: number;
  /** The visitor's calendar date, YYYY-MM-DD. */
  today: string;
  includeWithoutUpcoming: boolean;
}

async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers (node-postgres and PGlite) answer raw queries with `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * One round trip for a whole page: the filtered count, the requested page clamped to the last
 * page, and that page's rows with their image. Tours and stops are never touched: the catalog
 * writers keep tour_count and last_event_date current. The count is an index-only scan of
 * (last_event_date, sort_name); the page's ids come from an index-only scan of
 * (sort_name, id, last_event_date), so skipping to a deep page reads index entries, not rows,
 * and only the 20 rows of the page are fetched.
 *
 * The summary row is always returned (left join), so an empty list still yields its total of 0.
 */
export function artistListPageQuery(filter: ArtistListFilter): SQL {
  const listed = filter.includeWithoutUpcoming ? sql`true` : sql`a.last_event_date >= ${filter.today}::date`;
  return sql`
    with summary as (
      select count(*)::int as total from ${artists} a where ${listed}
    ),
    clamped as (
      select total, least(${filter.page}::int, greatest(1, ceil(total / ${filter.pageSize}::numeric)::int)) as page
      from summary
    ),
    page_ids as (
      select a.id, a.sort_name
      from ${artists} a
      where ${listed}
      order by a.sort_name, a.id
      limit ${filter.pageSize}::int
      offset (select (page - 1) * ${filter.pageSize}::int from clamped)
    )
    select c.total as "total", c.page as "page", a.name as "name", a.slug as "slug", a.tour_count as "tourCount",
           coalesce(a.last_event_date >= ${filter.today}::date, false) as "hasUpcomingShows", i.image_url as "imageUrl"
    from clamped c
    left join page_ids p on true
    left join ${artists} a on a.id = p.id
    left join ${artistImages} i on i.artist_id = p.id
    order by p.sort_name, p.id`;
}

export async function selectArtistListPage(db: Db, filter: ArtistListFilter): Promise<ArtistListRow[]> {
  return executeRows<ArtistListRow>(db, artistListPageQuery(filter));
}

export async function selectArtistBySlug(db: Db, slug: string) {
  const [artist] = await db
    .select({
      id: artists.id,
      name: artists.name,
      slug: artists.slug,
      mbid: artists.mbid,
      genres: artists.genres,
      imageUrl: artistImages.imageUrl,
    })
    .from(artists)
    .leftJoin(artistImages, eq(artistImages.artistId, artists.id))
    .where(eq(artists.slug, slug))
    .limit(1);
  return artist;
}

export type ArtistRecord = NonNullable<Awaited<ReturnType<typeof selectArtistBySlug>>>;

/**
 * Every tour of an artist with its stops and venues, stops in date order. Tours without stops
 * come back once with null stop columns (left join). Uses tours (artist_id, name) and
 * tour_stops (tour_id, event_date, venue_id).
 */
export async function selectTourStops(db: Db, artistId: string) {
  return db
    .select({
      tourId: tours.id,
      tourName: tours.name,
      stopId: tourStops.id,
      stopSlug: tourStops.slug,
      date: tourStops.eventDate,
      time: sql<string | null>`to_char(${tourStops.startTime}, 'HH24:MI')`,
      venueName: venues.name,
      venueSlug: venues.slug,
      city: tourStops.city,
      region: tourStops.region,
      country: tourStops.country,
      ticketUrl: tourStops.ticketUrl,
    })
    .from(tours)
    .leftJoin(tourStops, eq(tourStops.tourId, tours.id))
    .leftJoin(venues, eq(venues.id, tourStops.venueId))
    .where(eq(tours.artistId, artistId))
    .orderBy(asc(tourStops.eventDate), asc(tourStops.startTime), asc(tourStops.id));
}

export type TourStopRow = Awaited<ReturnType<typeof selectTourStops>>[number];
