import { type SQL, sql } from 'drizzle-orm';
import { boundingBox, distanceKmSql, EDGE_SLACK_KM, type Executor, rowsOf } from '#server/db/sql.ts';
import { publicStopSql, visibleToSql } from '#server/features/catalog/stop-visibility.ts';
import type { NearCursor, NearShow } from '#shared/near.ts';

/** One place and its radius. */
export interface NearCircle {
  lat: number;
  lon: number;
  radiusKm: number;
}

/**
 * The circles and the days asked for; dates are the venue's own calendar days. One circle for a
 * place picked on the page; a fan's own places (home and tracked places) are several, each with
 * its radius, and a show in any of them counts, measured from the nearest.
 */
export interface NearArea {
  circles: NearCircle[];
  from: string;
  to: string;
  genre?: string;
}

export interface NearShowsQuery {
  area: NearArea;
  /** The signed-in fan (their follows are marked), or null. Their pending stops are not listed. */
  viewerId: string | null;
  /** Shows after this sort key (the previous page's last). */
  after?: NearCursor;
  limit: number;
  /** Bench only: false leaves out the bounding box, to measure what it saves. */
  boundingBox?: boolean;
}

export interface NearShowRow extends Omit<NearShow, 'followed'> {
  followed: boolean;
  /** The sort key's parts, for the next page's cursor. */
  sortTime: string;
  sortName: string;
}

const LAT = sql`coalesce(s.lat, v.lat)`;
const LON = sql`coalesce(s.lon, v.lon)`;
/** A show without a time sorts after the day's timed ones (24:00 is a valid time in PostgreSQL). */
const SORT_TIME = sql`coalesce(s.start_time, time '24:00')`;

const anyOf = (parts: SQL[]): SQL => (parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`);

/** From the stop (its own point, else its venue's) to the nearest circle's centre. */
function nearestDistance(area: NearArea): SQL {
  const distances = area.circles.map((circle) =>
    distanceKmSql({ lat: circle.lat, lon: circle.lon }, { lat: LAT, lon: LON }),
  );
  return distances.length === 1 ? distances[0]! : sql`least(${sql.join(distances, sql`, `)})`;
}

/** The venues whose box meets a circle's (venues_lat_lon_idx); venues without coordinates go the long way. */
function nearVenues(area: NearArea, useBox: boolean): SQL {
  const boxes = anyOf(area.circles.map((circle) => sql`(${boundingBox(circle, sql`v.lat`, sql`v.lon`)})`));
  const box = useBox ? sql`${boxes} or v.lat is null` : sql`true`;
  return sql`(${box}) and ${visibleToSql('v', null)}`;
}

/**
 * The stops (alias s, artist a, venue v) every Near read shows: public and not cancelled (pending
 * and rejected ones never; cancelled ones are hidden, ADR 0042), of public artists, in the days
 * and in a circle (a stop's own point, else its venue's).
 */
function nearStops(area: NearArea, useBox: boolean, withGenre: boolean): SQL {
  const inCircles = anyOf(
    area.circles.map((circle) => {
      const distance = distanceKmSql({ lat: circle.lat, lon: circle.lon }, { lat: LAT, lon: LON });
      const box = useBox ? sql`${boundingBox(circle, LAT, LON)} and ` : sql``;
      return sql`(${box}${distance} <= ${circle.radiusKm + EDGE_SLACK_KM}::float8)`;
    }),
  );
  const genre =
    withGenre && area.genre
      ? sql`and exists (select 1 from unnest(a.genres) g where lower(g) = lower(${area.genre}))`
      : sql``;
  return sql`s.event_date between ${area.from}::date and ${area.to}::date
      and ${publicStopSql('s')} and s.status <> 'cancelled'
      and ${visibleToSql('a', null)}
      and ${LAT} is not null
      and ${inCircles}
      ${genre}`;
}

/**
 * One page of shows in date order (then time, then artist), apart so the benchmark can EXPLAIN it.
 * Each venue near the place gives at most a page of its own first shows (read in date order off
 * tour_stops (venue_id, event_date)), and the page is the first of those: the work grows with the
 * venues near the place and the page size, not with every show there in a year.
 */
export function nearShowsSql({ area, viewerId, after, limit, boundingBox: useBox = true }: NearShowsQuery): SQL {
  const distance = nearestDistance(area);
  const followed = viewerId
    ? sql`exists (select 1 from favorite_artists f where f.user_id = ${viewerId}::uuid and f.artist_id = x."artistId")`
    : sql`false`;
  const keyset = after
    ? sql`and (s.event_date, ${SORT_TIME}, a.sort_name, s.id)
            > (${after.date}::date, ${after.time}::time, ${after.sortName}, ${after.stopId}::uuid)`
    : sql``;
  return sql`
    select x.*, ${followed} as followed
    from venues v
    cross join lateral (
      select s.id as "stopId", s.slug as "stopSlug", a.id as "artistId", a.name as "artistName",
             a.slug as "artistSlug", a.genres, v.name as "venueName", v.slug as "venueSlug", s.city, s.region,
             s.country, to_char(s.event_date, 'YYYY-MM-DD') as date, to_char(s.start_time, 'HH24:MI') as time,
             v.time_zone as "timeZone", s.status, s.ticket_url as "ticketUrl",
             round((${distance})::numeric, 1)::float8 as "distanceKm",
             s.event_date as "sortDate", ${SORT_TIME} as "sortTimeValue", to_char(${SORT_TIME}, 'HH24:MI:SS') as "sortTime",
             a.sort_name as "sortName"
      from tour_stops s
      join artists a on a.id = s.artist_id
      where s.venue_id = v.id and ${nearStops(area, useBox, true)}
      ${keyset}
      order by s.event_date, ${SORT_TIME}, a.sort_name, s.id
      limit ${limit}
    ) x
    where ${nearVenues(area, useBox)}
    order by x."sortDate", x."sortTimeValue", x."sortName", x."stopId"
    limit ${limit}`;
}

export async function selectNearShows(executor: Executor, query: NearShowsQuery): Promise<NearShowRow[]> {
  const rows = await rowsOf<NearShowRow & { artistId?: string; sortDate?: unknown; sortTimeValue?: unknown }>(
    executor,
    nearShowsSql(query),
  );
  return rows.map(({ artistId: _id, sortDate: _date, sortTimeValue: _time, ...row }) => row);
}

/** The genres of every show in the circle and the days (the genre filter left out), for the filter's choices. */
export async function selectNearGenres(executor: Executor, area: NearArea): Promise<string[]> {
  const rows = await rowsOf<{ genre: string }>(
    executor,
    sql`select distinct lower(g) as genre
        from artists a, unnest(a.genres) g
        where a.id in (
          select s.artist_id from venues v
          join tour_stops s on s.venue_id = v.id
          join artists a on a.id = s.artist_id
          where ${nearVenues(area, true)} and ${nearStops(area, true, false)})
        order by 1`,
  );
  return rows.map((row) => row.genre);
}

export interface HomePlaceRow {
  city: string;
  region: string | null;
  country: string | null;
  lat: number;
  lon: number;
  radiusKm: number | null;
}

/** The fan's home (Settings) when it has coordinates. */
export async function selectHomePlace(executor: Executor, userId: string): Promise<HomePlaceRow | undefined> {
  const rows = await rowsOf<HomePlaceRow>(
    executor,
    sql`select home_city as city, home_region as region, home_country as country, home_lat as lat, home_lon as lon,
               shows_radius_km as "radiusKm"
        from users where id = ${userId} and home_city is not null and home_lat is not null and home_lon is not null`,
  );
  return rows[0];
}
