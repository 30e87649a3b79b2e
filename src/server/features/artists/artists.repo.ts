import { type AnyColumn, and, asc, eq, isNotNull, notExists, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { artistImages, artists, tourStops, tours, venues } from '#server/db/schema/index.ts';
import { publicStop } from '#server/features/catalog/stop-visibility.ts';
import type { StopSourceView } from '#shared/tour-sources.ts';

export interface ArtistListFilter {
  page: number;
  pageSize: number;
  /** The visitor's calendar date, YYYY-MM-DD. */
  today: string;
  includeWithoutUpcoming: boolean;
}

type Param<T> = T | Placeholder;

/** The list statement's inputs: values for a one-off run (EXPLAIN), placeholders for the prepared one. */
interface ListParams {
  page: Param<number>;
  pageSize: Param<number>;
  today: Param<string>;
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
function artistListSql(includeWithoutUpcoming: boolean, params: ListParams): SQL {
  // A fan's pending artist is on no shared list (ADR 0037); without approved stops it has no upcoming date.
  const listed = includeWithoutUpcoming ? sql`not a.pending` : sql`a.last_event_date >= ${params.today}::date`;
  return sql`
    with summary as (
      select count(*)::int as total from ${artists} a where ${listed}
    ),
    clamped as (
      select total, least(${params.page}::int, greatest(1, ceil(total / ${params.pageSize}::numeric)::int)) as page
      from summary
    ),
    page_ids as (
      select a.id, a.sort_name
      from ${artists} a
      where ${listed}
      order by a.sort_name, a.id
      limit ${params.pageSize}::int
      offset (select (page - 1) * ${params.pageSize}::int from clamped)
    )
    select c.total, c.page, a.name, a.slug, a.tour_count, i.image_url, p.sort_name, p.id,
           coalesce(a.last_event_date >= ${params.today}::date, false) as has_upcoming
    from clamped c
    left join page_ids p on true
    left join ${artists} a on a.id = p.id
    left join ${artistImages} i on i.artist_id = p.id`;
}

/** The statement with concrete values, for EXPLAIN in the benchmark. */
export function artistListPageQuery(filter: ArtistListFilter): SQL {
  return artistListSql(filter.includeWithoutUpcoming, filter);
}

function prepareArtistList(db: Db, includeWithoutUpcoming: boolean) {
  const params = {
    page: sql.placeholder('page'),
    pageSize: sql.placeholder('pageSize'),
    today: sql.placeholder('today'),
  };
  return db
    .select({
      total: sql<number>`list.total`,
      page: sql<number>`list.page`,
      name: sql<string | null>`list.name`,
      slug: sql<string | null>`list.slug`,
      tourCount: sql<number | null>`list.tour_count`,
      hasUpcomingShows: sql<boolean | null>`list.has_upcoming`,
      imageUrl: sql<string | null>`list.image_url`,
    })
    .from(sql`(${artistListSql(includeWithoutUpcoming, params)}) as list`)
    .orderBy(sql`list.sort_name`, sql`list.id`)
    .prepare(includeWithoutUpcoming ? 'artist_list_all' : 'artist_list_upcoming');
}

type PreparedArtistList = ReturnType<typeof prepareArtistList>;

/** A row of the list page, as Drizzle infers it from the select (`page`: clamped to [1, last page]). */
export type ArtistListRow = Awaited<ReturnType<PreparedArtistList['execute']>>[number];

/**
 * Named statements: PostgreSQL parses and plans this multi-join statement once per connection
 * instead of on every request (docs/performance-history.md has the measured effect).
 */
const preparedByDb = new WeakMap<Db, { upcoming: PreparedArtistList; all: PreparedArtistList }>();

export async function selectArtistListPage(db: Db, filter: ArtistListFilter): Promise<ArtistListRow[]> {
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = { upcoming: prepareArtistList(db, false), all: prepareArtistList(db, true) };
    preparedByDb.set(db, prepared);
  }
  const statement = filter.includeWithoutUpcoming ? prepared.all : prepared.upcoming;
  return statement.execute({ page: filter.page, pageSize: filter.pageSize, today: filter.today });
}

/**
 * The one artist-by-slug lookup: the tour page, the artist page, favorites and admin use it. A slug
 * an artist had before an admin merged it away answers with the survivor (`slug` is the
 * survivor's: the client replaces the address).
 */
export async function selectArtistBySlug(db: Db, slug: string) {
  const artist = await selectArtistWhere(db, eq(artists.slug, slug));
  if (artist) return artist;
  const moved = sql`${artists.id} = (select r.artist_id from artist_slug_redirects r where r.slug = ${slug})`;
  return selectArtistWhere(db, moved);
}

async function selectArtistWhere(db: Db, where: SQL) {
  const [artist] = await db
    .select({
      id: artists.id,
      name: artists.name,
      slug: artists.slug,
      mbid: artists.mbid,
      genres: artists.genres,
      imageUrl: artistImages.imageUrl,
      officialUrl: artistImages.officialUrl,
      pending: artists.pending,
      submittedBy: artists.submittedBy,
    })
    .from(artists)
    .leftJoin(artistImages, eq(artistImages.artistId, artists.id))
    .where(where)
    .limit(1);
  return artist;
}

/** How a stop is shown wherever pages list shows: the tour page, the artist page. */
export const stopViewColumns = {
  stopId: tourStops.id,
  status: tourStops.status,
  stopSlug: tourStops.slug,
  date: tourStops.eventDate,
  time: sql<string | null>`to_char(${tourStops.startTime}, 'HH24:MI')`,
  venueName: venues.name,
  venueSlug: venues.slug,
  /** The venue's IANA zone: show times are wall-clock times there. */
  timeZone: venues.timeZone,
  city: tourStops.city,
  region: tourStops.region,
  country: tourStops.country,
  ticketUrl: tourStops.ticketUrl,
};

/** A tour with no stop at all (announced); one whose only stops await review is not shown. */
export const tourWithoutStops = notExists(sql`(select 1 from tour_stops s where s.tour_id = ${tours.id})`);

/**
 * The order every page lists stops in: by date, then start time (unknown times last), then a
 * tie-break that keeps the order stable (the stop's id unless the page has a better one).
 */
export function stopsInDateOrder(tieBreak: AnyColumn = tourStops.id): SQL[] {
  return [asc(tourStops.eventDate), asc(tourStops.startTime), asc(tieBreak)];
}

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
      ...stopViewColumns,
      sources: sql<StopSourceView[] | null>`(
        select json_agg(jsonb_build_object('provider', ss.provider, 'url', ss.url, 'ticketUrl', ss.ticket_url,
                                           'seller', ss.seller)
                        || jsonb_strip_nulls(jsonb_build_object('onSaleAt', ss.on_sale_at, 'presaleAt', ss.presale_at)))
        from stop_sources ss where ss.stop_id = ${tourStops.id} and ss.missing_since is null)`,
    })
    .from(tours)
    .leftJoin(tourStops, and(eq(tourStops.tourId, tours.id), publicStop))
    .leftJoin(venues, eq(venues.id, tourStops.venueId))
    .where(and(eq(tours.artistId, artistId), or(isNotNull(tourStops.id), tourWithoutStops)))
    .orderBy(...stopsInDateOrder());
}

export type TourStopRow = Awaited<ReturnType<typeof selectTourStops>>[number];
