import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '#server/db/sql.ts';

/**
 * The fan's stats, one SQL statement per figure. Every statement starts from `mine`: the stops
 * the given user marked I was there, cancelled stops excluded, within the year when one is given.
 * A show is one venue on one date, so figures about shows count distinct (venue_id, event_date).
 */
export interface Scope {
  userId: string;
  year: number | null;
}

export function mine(scope: Scope, withYear = true): SQL {
  const year =
    withYear && scope.year !== null
      ? sql`and s.event_date >= make_date(${scope.year}::int, 1, 1) and s.event_date < make_date(${scope.year}::int + 1, 1, 1)`
      : sql``;
  return sql`mine as (
    select s.id as stop_id, s.artist_id, s.venue_id, s.event_date
    from user_shows us join tour_stops s on s.id = us.stop_id
    where us.user_id = ${scope.userId} and us.state = 'attended' and s.status <> 'cancelled' ${year})`;
}

const one = async <T>(db: Executor, query: SQL): Promise<T | null> => (await rowsOf<T>(db, query))[0] ?? null;

export interface TotalsRow {
  shows: number;
  artists: number;
  venues: number;
  cities: number;
  countries: number;
}

export async function selectTotals(db: Executor, scope: Scope): Promise<TotalsRow> {
  const row = await one<TotalsRow>(
    db,
    sql`with ${mine(scope)}
        select count(distinct (m.venue_id, m.event_date))::int as shows, count(distinct m.artist_id)::int as artists,
               count(distinct m.venue_id)::int as venues, count(distinct (lower(v.city), v.country))::int as cities,
               count(distinct v.country)::int as countries
        from mine m join venues v on v.id = m.venue_id`,
  );
  return row!;
}

/** Great-circle km from home to each show's venue and back, over the shows whose venue has coordinates. */
export async function selectKmFromHome(db: Executor, scope: Scope): Promise<number | null> {
  const row = await one<{ km: number | null; home: boolean }>(
    db,
    sql`with ${mine(scope)},
        home as (select home_lat as lat, home_lon as lon from users where id = ${scope.userId}),
        shows as (
          select distinct m.venue_id, m.event_date, coalesce(v.lat, s.lat) as lat, coalesce(v.lon, s.lon) as lon
          from mine m join venues v on v.id = m.venue_id join tour_stops s on s.id = m.stop_id)
        select (select lat is not null and lon is not null from home) as home,
               -- there and back (2 ×) the haversine distance (2R·asin√h)
               sum(2 * 2 * 6371 * asin(least(1, sqrt(
                 power(sin(radians(shows.lat - home.lat) / 2), 2)
                 + cos(radians(home.lat)) * cos(radians(shows.lat)) * power(sin(radians(shows.lon - home.lon) / 2), 2)
               ))))::float8 as km
        from shows, home where shows.lat is not null and shows.lon is not null and home.lat is not null`,
  );
  if (!row?.home) return null;
  return Math.round(Number(row.km ?? 0));
}

/** Shows per year, all time (the chart and the year filter's choices). */
export function selectPerYear(db: Executor, userId: string): Promise<{ year: number; count: number }[]> {
  return rowsOf(
    db,
    sql`with ${mine({ userId, year: null })}
        select extract(year from event_date)::int as year, count(distinct (venue_id, event_date))::int as count
        from mine group by 1 order by 1`,
  );
}

/** Shows per month ('YYYY-MM') within the scope. */
export function selectPerMonth(db: Executor, scope: Scope): Promise<{ month: string; count: number }[]> {
  return rowsOf(
    db,
    sql`with ${mine(scope)}
        select to_char(event_date, 'YYYY-MM') as month, count(distinct (venue_id, event_date))::int as count
        from mine group by 1 order by 1`,
  );
}

export interface CountRow {
  label: string;
  key: string;
  count: number;
}

export function selectTopArtists(db: Executor, scope: Scope, limit: number): Promise<CountRow[]> {
  return rowsOf(
    db,
    sql`with ${mine(scope)}
        select a.name as label, a.slug as key, count(distinct (m.venue_id, m.event_date))::int as count
        from mine m join artists a on a.id = m.artist_id
        group by a.id order by count desc, a.sort_name limit ${limit}`,
  );
}

export function selectTopVenues(db: Executor, scope: Scope, limit: number): Promise<CountRow[]> {
  return rowsOf(
    db,
    sql`with ${mine(scope)}
        select v.name as label, v.slug as key, count(distinct m.event_date)::int as count
        from mine m join venues v on v.id = m.venue_id
        group by v.id order by count desc, v.name limit ${limit}`,
  );
}

export function selectTopCities(db: Executor, scope: Scope, limit: number): Promise<CountRow[]> {
  return rowsOf(
    db,
    sql`with ${mine(scope)}
        select min(v.city) || ', ' || v.country as label, lower(v.city) || '|' || v.country as key,
               count(distinct (m.venue_id, m.event_date))::int as count
        from mine m join venues v on v.id = m.venue_id
        group by lower(v.city), v.country order by count desc, label limit ${limit}`,
  );
}

export interface ShowRefRow {
  stopId: string;
  date: string;
  artists: string[];
  venueName: string;
  city: string;
}

/** The first (or latest) show in the scope, with the artists the fan saw there. */
export function selectEdgeShow(db: Executor, scope: Scope, which: 'first' | 'latest'): Promise<ShowRefRow | null> {
  const order = which === 'first' ? sql`m.event_date asc, v.name asc` : sql`m.event_date desc, v.name desc`;
  return one<ShowRefRow>(
    db,
    sql`with ${mine(scope)}
        select min(m.stop_id::text) as "stopId", m.event_date::text as date,
               array_agg(a.name order by a.sort_name) as artists, v.name as "venueName", v.city
        from mine m join venues v on v.id = m.venue_id join artists a on a.id = m.artist_id
        group by m.event_date, m.venue_id, v.name, v.city
        order by ${order} limit 1`,
  );
}

export interface FirstSeenRow {
  artistName: string;
  artistSlug: string;
  date: string;
  venueName: string;
  stopId: string;
}

/** Each artist's first show with the fan (all time), kept when it falls within the scope's year. */
export function selectFirstTimes(db: Executor, scope: Scope): Promise<FirstSeenRow[]> {
  const year = scope.year === null ? sql`` : sql`where extract(year from f.event_date) = ${scope.year}`;
  return rowsOf(
    db,
    sql`with ${mine(scope, false)},
        firsts as (
          select distinct on (m.artist_id) m.artist_id, m.event_date, m.venue_id, m.stop_id
          from mine m join venues v on v.id = m.venue_id
          order by m.artist_id, m.event_date, v.name)
        select a.name as "artistName", a.slug as "artistSlug", f.event_date::text as date, v.name as "venueName",
               f.stop_id as "stopId"
        from firsts f join artists a on a.id = f.artist_id join venues v on v.id = f.venue_id
        ${year}
        order by f.event_date, a.sort_name`,
  );
}

/** The month with the most shows (the earliest of equals). */
export function selectBusiestMonth(db: Executor, scope: Scope): Promise<{ month: string; count: number } | null> {
  return one(
    db,
    sql`with ${mine(scope)}
        select to_char(event_date, 'YYYY-MM') as month, count(distinct (venue_id, event_date))::int as count
        from mine group by 1 order by count desc, month asc limit 1`,
  );
}

/** The longest run of consecutive calendar months with at least one show (gaps and islands). */
export function selectLongestStreak(
  db: Executor,
  scope: Scope,
): Promise<{ months: number; fromIndex: number; toIndex: number } | null> {
  return one(
    db,
    sql`with ${mine(scope)},
        months as (select distinct (extract(year from event_date) * 12 + extract(month from event_date) - 1)::int as m
                   from mine),
        islands as (select m, m - row_number() over (order by m) as grp from months)
        select count(*)::int as months, min(m) as "fromIndex", max(m) as "toIndex"
        from islands group by grp order by count(*) desc, min(m) asc limit 1`,
  );
}

/** Shows per country code, and per region of the United States. */
export function selectPlaces(
  db: Executor,
  scope: Scope,
): Promise<{ country: string; region: string | null; count: number }[]> {
  return rowsOf(
    db,
    sql`with ${mine(scope)}
        select v.country, case when v.country = 'US' then v.region end as region,
               count(distinct (m.venue_id, m.event_date))::int as count
        from mine m join venues v on v.id = m.venue_id
        group by 1, 2`,
  );
}
