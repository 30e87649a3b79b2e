import { type SQL, sql } from 'drizzle-orm';
import type { trips } from '#server/db/schema/index.ts';
import { boundingBox, distanceKmSql, EDGE_SLACK_KM, type Executor, rowsOf } from '#server/db/sql.ts';
import type { VenuePlace } from '#shared/place-label.ts';
import type { PastTrip, Trip, TripShow } from '#shared/trips.ts';

/**
 * Trips and the shows on them. Owner queries are scoped by the user id they are given (the
 * actor's); a trip of someone else reads as missing. Deleted trips (deleted_at set, undo window)
 * are invisible to every read but restoreTrip.
 */

/** A trip's own fields, as the fan sets them. */
export type TripValues = Pick<
  Trip,
  'name' | 'placeId' | 'placeLabel' | 'lat' | 'lon' | 'timeZone' | 'radiusKm' | 'arriveOn' | 'departOn'
>;

export type TripRow = TripValues &
  Pick<
    typeof trips.$inferSelect,
    'id' | 'userId' | 'shareToken' | 'searchState' | 'searchedAt' | 'searchError' | 'deletedAt'
  >;

const TRIP_COLUMNS = sql`t.id, t.user_id as "userId", t.name, t.place_id as "placeId", t.place_label as "placeLabel",
  t.lat, t.lon, t.time_zone as "timeZone", t.radius_km as "radiusKm",
  to_char(t.arrive_on, 'YYYY-MM-DD') as "arriveOn", to_char(t.depart_on, 'YYYY-MM-DD') as "departOn",
  t.share_token as "shareToken", t.search_state as "searchState", t.searched_at as "searchedAt",
  t.search_error as "searchError", t.deleted_at as "deletedAt"`;

export async function insertTrip(executor: Executor, userId: string, values: TripValues): Promise<TripRow> {
  const rows = await rowsOf<TripRow>(
    executor,
    sql`insert into trips as t (user_id, name, place_id, place_label, lat, lon, time_zone, radius_km, arrive_on, depart_on)
        values (${userId}, ${values.name}, ${values.placeId}, ${values.placeLabel}, ${values.lat}, ${values.lon},
                ${values.timeZone}, ${values.radiusKm}, ${values.arriveOn}::date, ${values.departOn}::date)
        returning ${TRIP_COLUMNS}`,
  );
  return rows[0]!;
}

/**
 * Replaces a trip's fields. When the area or the dates change, the provider search starts over
 * ('pending') and what is in the catalog now stops being news (watch_from).
 */
export async function updateTrip(
  executor: Executor,
  userId: string,
  id: string,
  values: TripValues,
  areaChanged: boolean,
): Promise<TripRow | undefined> {
  const rows = await rowsOf<TripRow>(
    executor,
    sql`update trips t set name = ${values.name}, place_id = ${values.placeId}, place_label = ${values.placeLabel},
          lat = ${values.lat}, lon = ${values.lon}, time_zone = ${values.timeZone}, radius_km = ${values.radiusKm},
          arrive_on = ${values.arriveOn}::date, depart_on = ${values.departOn}::date, updated_at = now()
          ${areaChanged ? sql`, search_state = 'pending', search_error = null, watch_from = now()` : sql``}
        where t.id = ${id} and t.user_id = ${userId} and t.deleted_at is null
        returning ${TRIP_COLUMNS}`,
  );
  return rows[0];
}

/** Locks the trip row for the rest of the transaction (edit, delete, share). */
export async function lockOwnTrip(executor: Executor, userId: string, id: string): Promise<TripRow | undefined> {
  const rows = await rowsOf<TripRow>(
    executor,
    sql`select ${TRIP_COLUMNS} from trips t
        where t.id = ${id} and t.user_id = ${userId} and t.deleted_at is null for update`,
  );
  return rows[0];
}

export async function selectOwnTrip(executor: Executor, userId: string, id: string): Promise<TripRow | undefined> {
  const rows = await rowsOf<TripRow>(
    executor,
    sql`select ${TRIP_COLUMNS} from trips t where t.id = ${id} and t.user_id = ${userId} and t.deleted_at is null`,
  );
  return rows[0];
}

export async function selectTripById(executor: Executor, id: string): Promise<TripRow | undefined> {
  const rows = await rowsOf<TripRow>(
    executor,
    sql`select ${TRIP_COLUMNS} from trips t where t.id = ${id} and t.deleted_at is null`,
  );
  return rows[0];
}

export async function selectTripByShareToken(executor: Executor, token: string): Promise<TripRow | undefined> {
  const rows = await rowsOf<TripRow>(
    executor,
    sql`select ${TRIP_COLUMNS} from trips t where t.share_token = ${token} and t.deleted_at is null`,
  );
  return rows[0];
}

export function selectOwnTrips(executor: Executor, userId: string): Promise<TripRow[]> {
  return rowsOf<TripRow>(
    executor,
    sql`select ${TRIP_COLUMNS} from trips t where t.user_id = ${userId} and t.deleted_at is null
        order by t.arrive_on, t.depart_on, t.created_at`,
  );
}

/** Trips not yet over where they happen: the "50 upcoming trips" rule counts these. */
export async function countUpcomingTrips(executor: Executor, userId: string, exceptId?: string): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    executor,
    sql`select count(*)::int as n from trips t
        where t.user_id = ${userId} and t.deleted_at is null
          and t.depart_on >= (now() at time zone t.time_zone)::date
          ${exceptId ? sql`and t.id <> ${exceptId}` : sql``}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Serialises a user's trip writes, so two saves at once cannot both pass the 50-trip rule. */
export async function lockUserTrips(executor: Executor, userId: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext('trips:' || ${userId}))`);
}

export async function softDeleteTrip(executor: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    executor,
    sql`update trips set deleted_at = now(), updated_at = now()
        where id = ${id} and user_id = ${userId} and deleted_at is null returning id`,
  );
  return rows.length > 0;
}

/** Undoes a delete made within `windowHours`. */
export async function restoreTrip(
  executor: Executor,
  userId: string,
  id: string,
  windowHours: number,
): Promise<TripRow | undefined> {
  const rows = await rowsOf<TripRow>(
    executor,
    sql`update trips t set deleted_at = null, updated_at = now()
        where t.id = ${id} and t.user_id = ${userId} and t.deleted_at is not null
          and t.deleted_at > now() - ${windowHours}::int * interval '1 hour'
        returning ${TRIP_COLUMNS}`,
  );
  return rows[0];
}

export async function purgeDeletedTrips(executor: Executor, windowHours: number): Promise<void> {
  await executor.execute(
    sql`delete from trips where deleted_at is not null and deleted_at < now() - ${windowHours}::int * interval '1 hour'`,
  );
}

export async function setShareToken(
  executor: Executor,
  userId: string,
  id: string,
  token: string | null,
): Promise<TripRow | undefined> {
  const rows = await rowsOf<TripRow>(
    executor,
    sql`update trips t set share_token = ${token}, updated_at = now()
        where t.id = ${id} and t.user_id = ${userId} and t.deleted_at is null
        returning ${TRIP_COLUMNS}`,
  );
  return rows[0];
}

// --- provider search ------------------------------------------------------------------------------

export async function markSearchDone(executor: Executor, id: string, baseline: boolean): Promise<void> {
  await executor.execute(
    sql`update trips set search_state = 'done', searched_at = now(), search_error = null
        ${baseline ? sql`, watch_from = now()` : sql``}
        where id = ${id}`,
  );
}

export async function markSearchFailed(executor: Executor, id: string, error: string): Promise<void> {
  await executor.execute(
    sql`update trips set search_state = 'failed', searched_at = now(), search_error = ${error} where id = ${id}`,
  );
}

/** Trips whose arrival is still ahead where they happen: the daily search re-runs for these. */
export function selectTripsNotStarted(executor: Executor): Promise<{ id: string }[]> {
  return rowsOf<{ id: string }>(
    executor,
    sql`select t.id from trips t
        where t.deleted_at is null and t.arrive_on > (now() at time zone t.time_zone)::date
        order by t.arrive_on, t.id`,
  );
}

// --- the shows of a trip ------------------------------------------------------------------------

/** The trip's circle and the days it covers at the destination. */
export interface TripArea {
  lat: number;
  lon: number;
  radiusKm: number;
  timeZone: string;
  arriveOn: string;
  departOn: string;
}

/**
 * True for a stop (alias s, venue v) taking place during the trip: it starts on one of the trip's
 * days at the destination's clock. A stop's date and time are its venue's clock, so a show across
 * a zone border — or across the date line, where the calendar day differs by one — is placed by
 * the instant it starts; a show without a time counts as starting at noon. The plain date range
 * (one day wider each side) keeps tour_stops_date_idx in use.
 */
function duringTrip(area: Pick<TripArea, 'timeZone' | 'arriveOn' | 'departOn'>): SQL {
  return sql`s.event_date between ${area.arriveOn}::date - 1 and ${area.departOn}::date + 1
    and (((s.event_date + coalesce(s.start_time, time '12:00')) at time zone coalesce(v.time_zone, ${area.timeZone}))
          at time zone ${area.timeZone})::date between ${area.arriveOn}::date and ${area.departOn}::date`;
}

/** A show as the trip query reads it: what the fan sees (less the ranking) and what ranking needs. */
export interface TripShowRow extends Omit<TripShow, 'rank' | 'reason' | 'state'> {
  artistId: string;
  genres: string[];
  state: string | null;
  hasTickets: boolean | null;
  seat: string | null;
  revision: number;
  seenRevision: number | null;
}

export interface TripShowsQuery {
  area: TripArea;
  /** The owner: their pending Add Show stops and show states come along. Null on shared links. */
  userId: string | null;
  /** Bench only: false leaves out the bounding box, to measure what it saves. */
  boundingBox?: boolean;
}

/** The query itself, apart so the benchmark can EXPLAIN it. */
export function tripShowsSql({ area, userId, boundingBox: useBox = true }: TripShowsQuery): SQL {
  const lat = sql`coalesce(s.lat, v.lat)`;
  const lon = sql`coalesce(s.lon, v.lon)`;
  const distance = distanceKmSql({ lat: area.lat, lon: area.lon }, { lat, lon });
  const visible = userId
    ? sql`(s.review_state = 'approved' or s.submitted_by = ${userId})`
    : sql`s.review_state = 'approved'`;
  // The box picks the venues first (venues_lat_lon_idx), then their stops on the trip's days come
  // through tour_stops (venue_id, event_date): the work grows with the venues near the destination,
  // not with every show in the world on those days. Venues without coordinates go the long way.
  const nearVenues = useBox ? sql`(${boundingBox(area, sql`v.lat`, sql`v.lon`)}) or v.lat is null` : sql`true`;
  return sql`
    select s.id as "stopId", a.id as "artistId", a.name as "artistName", a.slug as "artistSlug", a.genres,
           s.slug as "stopSlug", v.name as "venueName", v.slug as "venueSlug", s.city, s.region, s.country,
           to_char(s.event_date, 'YYYY-MM-DD') as date, to_char(s.start_time, 'HH24:MI') as time,
           v.time_zone as "timeZone", ${lat} as lat, ${lon} as lon, s.ticket_url as "ticketUrl", s.status,
           ${distance} as "distanceKm", us.state, us.has_tickets as "hasTickets", us.seat,
           s.revision, us.seen_revision as "seenRevision"
    from venues v
    join tour_stops s on s.venue_id = v.id
    join artists a on a.id = s.artist_id
    -- No user on a shared link: a null id joins no state.
    left join user_shows us on us.stop_id = s.id and us.user_id = ${userId}::uuid
    where (${nearVenues})
      and ${duringTrip(area)}
      and ${visible}
      and (s.status <> 'cancelled' or us.id is not null)
      and ${lat} is not null
      ${useBox ? sql`and ${boundingBox(area, lat, lon)}` : sql``}
      and ${distance} <= ${area.radiusKm + EDGE_SLACK_KM}::float8
    order by s.event_date, s.start_time nulls last, a.sort_name, s.id`;
}

export function selectTripShows(executor: Executor, query: TripShowsQuery): Promise<TripShowRow[]> {
  return rowsOf<TripShowRow>(executor, tripShowsSql(query));
}

/** The fan's followed artists with their genres: the ranking's first two tiers. */
export function selectFollowedGenres(
  executor: Executor,
  userId: string,
): Promise<{ artistId: string; name: string; genres: string[] }[]> {
  return rowsOf(
    executor,
    sql`select a.id as "artistId", a.name, a.genres from favorite_artists f join artists a on a.id = f.artist_id
        where f.user_id = ${userId} order by f.created_at, a.sort_name`,
  );
}

// --- news for trips -----------------------------------------------------------------------------

export interface NewTripShowRow extends Pick<VenuePlace, 'venueName' | 'city'> {
  tripId: string;
  userId: string;
  tripName: string | null;
  placeLabel: string;
  stopId: string;
  artistName: string;
  artistSlug: string;
  date: string;
  time: string | null;
  timeZone: string | null;
}

/**
 * Approved, not cancelled stops added to the catalog since each trip's watch_from that fall in a
 * trip not yet started (at its destination): what "Trip shows" notifications announce. Narrowed
 * to one trip or one artist's stops when given.
 */
export function selectNewTripShows(
  executor: Executor,
  scope: { tripId?: string; artistId?: string },
): Promise<NewTripShowRow[]> {
  const lat = sql`coalesce(s.lat, v.lat)`;
  const lon = sql`coalesce(s.lon, v.lon)`;
  const distance = distanceKmSql({ lat: sql`t.lat`, lon: sql`t.lon` }, { lat, lon });
  return rowsOf<NewTripShowRow>(
    executor,
    sql`select t.id as "tripId", t.user_id as "userId", t.name as "tripName", t.place_label as "placeLabel",
               s.id as "stopId", a.name as "artistName", a.slug as "artistSlug", v.name as "venueName", s.city,
               to_char(s.event_date, 'YYYY-MM-DD') as date, to_char(s.start_time, 'HH24:MI') as time,
               v.time_zone as "timeZone"
        from trips t
        join tour_stops s on s.event_date between t.arrive_on - 1 and t.depart_on + 1
          and s.created_at > t.watch_from
        join venues v on v.id = s.venue_id
        join artists a on a.id = s.artist_id
        where t.deleted_at is null
          and t.arrive_on > (now() at time zone t.time_zone)::date
          ${scope.tripId ? sql`and t.id = ${scope.tripId}` : sql``}
          ${scope.artistId ? sql`and s.artist_id = ${scope.artistId}` : sql``}
          and s.review_state = 'approved' and s.status <> 'cancelled'
          and ${lat} is not null
          and (((s.event_date + coalesce(s.start_time, time '12:00')) at time zone coalesce(v.time_zone, t.time_zone))
                at time zone t.time_zone)::date between t.arrive_on and t.depart_on
          and ${distance} <= t.radius_km + ${sql.raw(String(EDGE_SLACK_KM))}
        order by t.user_id, s.event_date, s.id`,
  );
}

// --- past trips ---------------------------------------------------------------------------------

/** A show the fan went to on a past trip, as the trip list shows it. */
export type AttendedRow = PastTrip['attended'][number];

/** The shows the fan went to (I was there, or Going on a date now past) during one past trip. */
export async function selectAttendedDuring(executor: Executor, userId: string, area: TripArea): Promise<AttendedRow[]> {
  const lat = sql`coalesce(s.lat, v.lat)`;
  const lon = sql`coalesce(s.lon, v.lon)`;
  return rowsOf<AttendedRow>(
    executor,
    sql`select s.id as "stopId", a.name as "artistName", a.slug as "artistSlug", s.slug as "stopSlug",
               v.name as "venueName", to_char(s.event_date, 'YYYY-MM-DD') as date
        from user_shows us
        join tour_stops s on s.id = us.stop_id
        join venues v on v.id = s.venue_id
        join artists a on a.id = s.artist_id
        where us.user_id = ${userId} and us.state in ('attended', 'going')
          and ${duringTrip(area)}
          and ${lat} is not null
          and ${distanceKmSql({ lat: area.lat, lon: area.lon }, { lat, lon })} <= ${area.radiusKm + EDGE_SLACK_KM}::float8
        order by s.event_date, s.start_time nulls last, s.id`,
  );
}
