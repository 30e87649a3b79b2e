import { type SQL, sql } from 'drizzle-orm';
import type { tourStops, userShows } from '#server/db/schema/index.ts';
import { distanceKmSql, type Executor, rowsOf } from '#server/db/sql.ts';
import type { VenuePlace } from '#shared/place-label.ts';

/** Every query here is scoped by the user id it is given: callers pass the actor's own id. */

const idList = (ids: string[]) => sql`(select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)`;

/** A stop is visible to a user when approved, or when they submitted it (Add Show, pending review). */
const visibleTo = (userId: string) => sql`(s.review_state = 'approved' or s.submitted_by = ${userId})`;

export interface StopForState {
  id: string;
  date: string;
  status: string;
  revision: number;
}

export async function selectVisibleStop(executor: Executor, userId: string, stopId: string) {
  const rows = await rowsOf<StopForState>(
    executor,
    sql`select s.id, to_char(s.event_date, 'YYYY-MM-DD') as date, s.status, s.revision
        from tour_stops s where s.id = ${stopId} and ${visibleTo(userId)}`,
  );
  return rows[0];
}

/** The fan's row and the stop's status and revision it was marked at. */
export type UserShowRow = Pick<
  typeof userShows.$inferSelect,
  'stopId' | 'state' | 'hasTickets' | 'seat' | 'seenRevision'
> &
  Pick<typeof tourStops.$inferSelect, 'status' | 'revision'>;

/** Marking a stop again replaces the state; it also counts as having seen the stop's latest change. */
export async function upsertUserShow(
  executor: Executor,
  row: { userId: string; stopId: string; state: string; hasTickets: boolean; seat: string | null; revision: number },
): Promise<void> {
  await executor.execute(sql`
    insert into user_shows (user_id, stop_id, state, has_tickets, seat, seen_revision)
    values (${row.userId}, ${row.stopId}, ${row.state}, ${row.hasTickets}, ${row.seat}, ${row.revision})
    on conflict (user_id, stop_id) do update set
      state = excluded.state, has_tickets = excluded.has_tickets, seat = excluded.seat,
      seen_revision = excluded.seen_revision, updated_at = now()`);
}

export async function deleteUserShow(executor: Executor, userId: string, stopId: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    executor,
    sql`delete from user_shows where user_id = ${userId} and stop_id = ${stopId} returning id`,
  );
  return rows.length > 0;
}

/** The fan has seen the stop as it is now: its "Moved" marker goes. */
export async function markUserShowSeen(executor: Executor, userId: string, stopId: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    executor,
    sql`update user_shows us set seen_revision = s.revision, updated_at = now()
        from tour_stops s
        where s.id = us.stop_id and us.user_id = ${userId} and us.stop_id = ${stopId}
        returning us.id`,
  );
  return rows.length > 0;
}

export function selectUserShows(executor: Executor, userId: string, stopIds: string[]): Promise<UserShowRow[]> {
  if (stopIds.length === 0) return Promise.resolve([]);
  return rowsOf<UserShowRow>(
    executor,
    sql`select us.stop_id as "stopId", us.state, us.has_tickets as "hasTickets", us.seat, s.status,
               s.revision, us.seen_revision as "seenRevision"
        from user_shows us join tour_stops s on s.id = us.stop_id
        where us.user_id = ${userId} and us.stop_id in ${idList(stopIds)}`,
  );
}

export interface HomeRow {
  city: string | null;
  lat: number | null;
  lon: number | null;
  radiusKm: number | null;
  followingCount: number;
}

/** Home, radius and how many artists the fan follows: one round trip before My Shows' query. */
export async function selectHomeAndRadius(executor: Executor, userId: string): Promise<HomeRow | undefined> {
  const rows = await rowsOf<HomeRow>(
    executor,
    sql`select home_city as city, home_lat as lat, home_lon as lon, shows_radius_km as "radiusKm",
               (select count(*)::int from favorite_artists f where f.user_id = u.id) as "followingCount"
        from users u where u.id = ${userId}`,
  );
  return rows[0];
}

export async function updateRadius(executor: Executor, userId: string, radiusKm: number | null): Promise<void> {
  await executor.execute(sql`update users set shows_radius_km = ${radiusKm}, updated_at = now() where id = ${userId}`);
}

/** A circle around home, with the box that contains it (cheap comparisons before the haversine). */
export interface Area {
  lat: number;
  lon: number;
  radiusKm: number;
  minLat: number;
  maxLat: number;
  /** Null when the box crosses a pole or the antimeridian: then only latitude narrows it. */
  minLon: number | null;
  maxLon: number | null;
}

const KM_PER_DEGREE = 111.045;

export function areaAround(home: { lat: number; lon: number }, radiusKm: number): Area {
  const dLat = radiusKm / KM_PER_DEGREE;
  const cosLat = Math.cos((home.lat * Math.PI) / 180);
  const dLon = cosLat > 1e-6 ? radiusKm / (KM_PER_DEGREE * cosLat) : 360;
  const wraps = home.lat + dLat >= 90 || home.lat - dLat <= -90 || home.lon - dLon < -180 || home.lon + dLon > 180;
  return {
    ...home,
    radiusKm,
    minLat: home.lat - dLat,
    maxLat: home.lat + dLat,
    minLon: wraps ? null : home.lon - dLon,
    maxLon: wraps ? null : home.lon + dLon,
  };
}

/** True for a stop (alias s, its venue v) inside any of the areas (the fan's places). */
function insideAny(areas: Area[]): SQL {
  if (areas.length === 0) return sql`false`;
  return sql`(${sql.join(areas.map(inside), sql` or `)})`;
}

/** True for a stop (alias s, its venue v) inside the area: the box first, then the great circle. */
function inside(area: Area): SQL {
  const lat = sql`coalesce(s.lat, v.lat)`;
  const lon = sql`coalesce(s.lon, v.lon)`;
  const lonBox = area.minLon === null ? sql`true` : sql`${lon} between ${area.minLon} and ${area.maxLon}`;
  return sql`(${lat} between ${area.minLat} and ${area.maxLat} and ${lonBox}
    and ${distanceKmSql(area, { lat, lon })} <= ${area.radiusKm})`;
}

export interface UpcomingQuery {
  userId: string;
  today: string;
  /** Which of the fan's marked stops count: all states, or one. */
  markedStates: string[] | null;
  /** Followed artists' shows: within any of these areas (home and tracked places), anywhere (true), or not at all (false). */
  followed: Area[] | true | false;
  /** Marked stops only inside these areas (Near me), or wherever they are (null). */
  markedArea: Area[] | null;
  /** Shows (venue and date pairs) to find. */
  limit: number;
  /** Only shows after this one, in (date, venue id) order: the next page. */
  after?: { date: string; venueId: string };
}

export interface UpcomingRow extends VenuePlace {
  venueId: string;
  stopId: string;
  date: string;
  time: string | null;
  status: string;
  revision: number;
  artistName: string;
  artistSlug: string;
  artistSortName: string;
  stopSlug: string;
  timeZone: string | null;
  lat: number | null;
  lon: number | null;
  followed: boolean;
  state: string | null;
  hasTickets: boolean | null;
  seat: string | null;
  seenRevision: number | null;
}

/**
 * My Shows in one round trip. The fan's marked stops come through user_shows (user_id, state);
 * followed artists' stops through tour_stops (artist_id, event_date), one artist at a time (a
 * lateral join: each artist's index range is read from the page's first date, narrowed by the boxes
 * around home and the tracked places before the haversine, and stops after a page's worth; "anywhere" needs no venue). The (venue, date) pairs found,
 * soonest first and capped at the page size, are then widened to every stop of that bill through
 * tour_stops (venue_id, event_date). Cancelled stops come back only when the fan marked them.
 */
export function selectUpcoming(executor: Executor, query: UpcomingQuery): Promise<UpcomingRow[]> {
  return rowsOf<UpcomingRow>(executor, upcomingSql(query));
}

/** The query itself, apart so benchmarks can EXPLAIN it. */
export function upcomingSql(query: UpcomingQuery): SQL {
  const { userId, today, after } = query;
  const markedWhere = query.markedArea ? insideAny(query.markedArea) : sql`true`;
  const states = query.markedStates ?? ['interested', 'going', 'attended', 'missed'];
  const upcomingStates = states.filter((state) => state === 'interested' || state === 'going');
  const pastStates = states.filter((state) => state === 'attended' || state === 'missed');
  // The page's first date bounds every index range; the exact (date, venue) order decides ties.
  const from = after && after.date > today ? after.date : today;
  const afterCursor = after
    ? sql`(s.event_date, s.venue_id) > (${after.date}::date, ${after.venueId}::uuid)`
    : sql`true`;
  // Upcoming states through user_shows (user_id, state): a fan's many attended shows are never read.
  const markedUpcoming = upcomingStates.length
    ? sql`select s.venue_id, s.event_date
        from user_shows us
        join tour_stops s on s.id = us.stop_id and s.event_date >= ${from}::date
        join venues v on v.id = s.venue_id
        where us.user_id = ${userId} and us.state = any(${textArray(upcomingStates)}::text[])
          and ${afterCursor} and ${markedWhere} and ${visibleTo(userId)}`
    : null;
  // "I was there" on today's show: through tour_stops (event_date), one day's stops.
  const markedToday =
    pastStates.length && from === today
      ? sql`select s.venue_id, s.event_date
        from tour_stops s
        join user_shows us on us.stop_id = s.id and us.user_id = ${userId}
        join venues v on v.id = s.venue_id
        where s.event_date = ${today}::date and us.state = any(${textArray(pastStates)}::text[])
          and ${afterCursor} and ${markedWhere} and ${visibleTo(userId)}`
      : null;
  const followedPart =
    query.followed === false
      ? null
      : sql`select found.venue_id, found.event_date
        from favorite_artists f
        cross join lateral (
          select s.venue_id, s.event_date
          from tour_stops s
          ${query.followed === true ? sql`` : sql`join venues v on v.id = s.venue_id`}
          where s.artist_id = f.artist_id and s.event_date >= ${from}::date and ${afterCursor}
            and s.status <> 'cancelled' and ${visibleTo(userId)}
            and ${query.followed === true ? sql`true` : insideAny(query.followed)}
          order by s.event_date, s.venue_id
          limit ${query.limit}
        ) found
        where f.user_id = ${userId}`;
  const parts = [markedUpcoming, markedToday, followedPart].filter((part): part is SQL => part !== null);
  if (parts.length === 0) parts.push(sql`select null::uuid as venue_id, null::date as event_date where false`);
  return sql`
    with places as (
      select venue_id, event_date from (
        ${sql.join(parts, sql` union `)}
      ) found
      order by event_date, venue_id
      limit ${query.limit}
    )
    select s.venue_id as "venueId", s.id as "stopId", to_char(s.event_date, 'YYYY-MM-DD') as date,
           to_char(s.start_time, 'HH24:MI') as time, s.status, s.revision,
           a.name as "artistName", a.slug as "artistSlug", a.sort_name as "artistSortName", s.slug as "stopSlug",
           v.name as "venueName", v.slug as "venueSlug", s.city, s.region, s.country, v.time_zone as "timeZone",
           coalesce(s.lat, v.lat) as lat, coalesce(s.lon, v.lon) as lon,
           exists (select 1 from favorite_artists f where f.user_id = ${userId} and f.artist_id = s.artist_id)
             as followed,
           us.state, us.has_tickets as "hasTickets", us.seat, us.seen_revision as "seenRevision"
    from places p
    join tour_stops s on s.venue_id = p.venue_id and s.event_date = p.event_date
    join venues v on v.id = s.venue_id
    join artists a on a.id = s.artist_id
    left join user_shows us on us.stop_id = s.id and us.user_id = ${userId}
    where ${visibleTo(userId)} and (s.status <> 'cancelled' or us.id is not null)
    order by s.event_date, s.start_time nulls last, s.venue_id, a.sort_name, s.id`;
}

/** A PostgreSQL array literal of plain words (state names). */
function textArray(values: string[]): string {
  return `{${values.join(',')}}`;
}

// --- reminders ----------------------------------------------------------------------------------

export interface ReminderRow extends Pick<VenuePlace, 'venueName' | 'city' | 'region'> {
  userId: string;
  stopId: string;
  artistName: string;
  artistSlug: string;
  date: string;
  time: string | null;
  timeZone: string | null;
  hasTickets: boolean;
}

/**
 * Going shows that are tomorrow where they take place (the venue's zone, UTC when unknown).
 * Uses tour_stops_date_idx for the two candidate dates, then user_shows_stop_idx.
 */
export function selectGoingTomorrow(executor: Executor, now: Date): Promise<ReminderRow[]> {
  const instant = now.toISOString();
  return rowsOf<ReminderRow>(
    executor,
    sql`select us.user_id as "userId", s.id as "stopId", a.name as "artistName", a.slug as "artistSlug",
               to_char(s.event_date, 'YYYY-MM-DD') as date, to_char(s.start_time, 'HH24:MI') as time,
               v.name as "venueName", s.city, s.region, v.time_zone as "timeZone", us.has_tickets as "hasTickets"
        from tour_stops s
        join venues v on v.id = s.venue_id
        join artists a on a.id = s.artist_id
        join user_shows us on us.stop_id = s.id and us.state = 'going'
        where s.event_date between (${instant}::timestamptz at time zone 'UTC')::date
                               and (${instant}::timestamptz at time zone 'UTC')::date + 2
          and s.status <> 'cancelled'
          and s.event_date = (${instant}::timestamptz at time zone coalesce(v.time_zone, 'UTC'))::date + 1
        order by us.user_id, s.event_date, s.id`,
  );
}
