import { type SQL, sql } from 'drizzle-orm';
import { distanceKmSql, type Executor, rowsOf } from '#server/db/sql.ts';
import type { CityPlace } from '#shared/place-label.ts';
import type { ArtistCoverage, FirstSeen, SongCount, StatsCount, StatsShowRef } from '#shared/stats.ts';

/**
 * Every figure of /stats in ONE statement (docs/decisions/0024-concert-stats.md): the fan's
 * attended stops are read once (`all_mine`, cancelled stops excluded), narrowed to the year
 * (`mine`), grouped into shows (`shows`: one venue on one date, so a co-bill counts once), and
 * each figure is a subquery over those materialised sets, returned as one JSON object. Separate
 * statements would each join user_shows to tour_stops again; on PGlite they would also queue
 * behind each other on its single connection.
 */
export interface Scope {
  userId: string;
  year: number | null;
}

export interface StatsBundle {
  totals: { shows: number; artists: number; venues: number; cities: number; countries: number };
  home: boolean;
  km: number | null;
  perYear: { year: number; count: number }[];
  perMonth: { month: string; count: number }[];
  topArtists: (StatsCount & { sortName?: string })[];
  topVenues: StatsCount[];
  /** label is the city; the service names the place (shared placeLabel) from city, region and country. */
  topCities: (StatsCount & Pick<CityPlace, 'region' | 'country'>)[];
  firstShow: StatsShowRef | null;
  latestShow: StatsShowRef | null;
  firstTimes: FirstSeen[];
  /** Artists first seen in the period (firstTimes may be capped). */
  firstTimesTotal: number;
  busiestMonth: { month: string; count: number } | null;
  streak: { months: number; fromIndex: number; toIndex: number } | null;
  places: PlaceCount[];
  songsHeard: number;
  setlists: number;
  topSongs: SongCount[];
  /** More artists were seen twice than the coverage cap: the page offers the whole list. */
  coverageMore: boolean;
  coverage: (Omit<ArtistCoverage, 'neverHeard'> & { neverHeard: ArtistCoverage['neverHeard'] | null })[];
}

/** Shows counted: distinct (venue, date) pairs. */
const SHOW_COUNT = sql`count(distinct (m.venue_id, m.event_date))::int`;
const list = (inner: SQL, order: SQL) =>
  sql`coalesce((select json_agg(x order by ${order}) from (${inner}) x), '[]'::json)`;

/** The stop's setlist as stats count it (SETLIST_STATS_RULE): the fan's own, else setlist.fm's. */
function chosen(name: string, stops: string, userId: string): SQL {
  return sql`${sql.raw(name)} as materialized (
    select distinct on (sl.stop_id) sl.id, x.artist_id
    from ${sql.raw(stops)} x join setlists sl on sl.stop_id = x.stop_id
    where sl.owner_id = ${userId} or sl.source = 'setlistfm'
    order by sl.stop_id, (sl.owner_id = ${userId}) desc nulls last)`;
}

/**
 * The fan's stop, looked up by primary key per attended row. A plain join is planned as a hash
 * join over a sequential scan of the whole stop table (60,000 rows in the bench: ~4× slower than
 * 3,000 index probes); `offset 0` keeps the planner from flattening the lateral subquery back into
 * that join. History does the same.
 */
const stopOf = sql`(select * from tour_stops s where s.id = us.stop_id offset 0) s`;

export interface StatsLimits {
  top: number;
  songs: number;
  neverHeard: number;
  /** Rows of "first time seeing" and of coverage in the answer; null: every row (the "Show all" lists). */
  firstTimes: number | null;
  coverage: number | null;
}

/** A figure of the answer. A CTE no figure reads is never run, so a "Show all" list costs only its part. */
export type StatsPart = keyof StatsBundle;

export function statsSql(scope: Scope, limits: StatsLimits, parts?: readonly StatsPart[]): SQL {
  const { userId, year } = scope;
  const cap = (limit: number | null) => (limit === null ? sql`` : sql`limit ${limit}`);
  const inYear =
    year === null
      ? sql`true`
      : sql`event_date >= make_date(${year}::int, 1, 1) and event_date < make_date(${year}::int + 1, 1, 1)`;
  const figures: Record<StatsPart, SQL> = {
    totals: sql`(
      select json_build_object(
        'shows', (select count(*)::int from shows),
        'artists', (select count(*)::int from (select artist_id from mine group by 1) x),
        'venues', count(*)::int, 'cities', count(distinct (lower(v.city), v.country))::int,
        'countries', count(distinct v.country)::int)
      from (select distinct venue_id from shows) sv join venues v on v.id = sv.venue_id)`,
    home: sql`(select lat is not null and lon is not null from home)`,
    // There and back (2 ×) the great-circle distance from home to each show's venue.
    km: sql`(
      select sum(2 * ${distanceKmSql({ lat: sql`h.lat`, lon: sql`h.lon` }, { lat: sql`p.lat`, lon: sql`p.lon` })})::float8
      from home h, (
        select coalesce(v.lat, sh.lat) as lat, coalesce(v.lon, sh.lon) as lon
        from shows sh join venues v on v.id = sh.venue_id) p
      where p.lat is not null and p.lon is not null and h.lat is not null and h.lon is not null)`,
    perYear: list(
      sql`select extract(year from m.event_date)::int as year, ${SHOW_COUNT} as count from all_mine m group by 1`,
      sql`x.year`,
    ),
    perMonth: list(
      sql`select to_char(event_date, 'YYYY-MM') as month, count(*)::int as count from shows group by 1`,
      sql`x.month`,
    ),
    topArtists: list(
      sql`select a.name as label, a.slug as key, t.count, a.sort_name
          from (select artist_id, ${SHOW_COUNT} as count from mine m group by 1) t
          join artists a on a.id = t.artist_id
          order by t.count desc, a.sort_name limit ${limits.top}`,
      sql`x.count desc, x.sort_name`,
    ),
    topVenues: list(
      sql`select v.name as label, v.slug as key, count(*)::int as count
          from shows sh join venues v on v.id = sh.venue_id
          group by v.id order by count desc, v.name limit ${limits.top}`,
      sql`x.count desc, x.label`,
    ),
    topCities: list(
      sql`select min(v.city) as label, min(v.region) as region, v.country, lower(v.city) || '|' || v.country as key,
                 count(*)::int as count
          from shows sh join venues v on v.id = sh.venue_id
          group by lower(v.city), v.country order by count desc, label limit ${limits.top}`,
      sql`x.count desc, x.label`,
    ),
    firstShow: edgeShow('asc'),
    latestShow: edgeShow('desc'),
    firstTimes: list(
      sql`select a.name as "artistName", a.slug as "artistSlug", f.event_date::text as date,
                 v.name as "venueName", f.stop_id as "stopId", a.sort_name
          from first_times f join artists a on a.id = f.artist_id join venues v on v.id = f.venue_id
          order by f.event_date, a.sort_name, a.id ${cap(limits.firstTimes)}`,
      sql`x.date, x.sort_name`,
    ),
    firstTimesTotal: sql`(select count(*)::int from first_times)`,
    busiestMonth: sql`(
      select json_build_object('month', month, 'count', count) from (
        select to_char(event_date, 'YYYY-MM') as month, count(*)::int as count from shows
        group by 1 order by count desc, month asc limit 1) x)`,
    streak: sql`(
      select json_build_object('months', months, 'fromIndex', f, 'toIndex', t) from (
        select count(*)::int as months, min(m) as f, max(m) as t from islands
        group by grp order by count(*) desc, min(m) asc limit 1) x)`,
    places: list(
      sql`select v.country, case when v.country = 'US' then v.region end as region, count(*)::int as count
          from shows sh join venues v on v.id = sh.venue_id group by 1, 2`,
      sql`x.country, x.region`,
    ),
    songsHeard: sql`(select count(*)::int from heard)`,
    setlists: sql`(select count(*)::int from chosen)`,
    // Names are looked up (by primary key) only for the rows that make the list: the first rows by
    // count, ties at the cut included so the order by name among them is unchanged.
    topSongs: list(
      sql`select so.name as title, a.name as "artistName", h.times as count, a.sort_name
          from (select * from heard where times >= coalesce(
                  (select times from heard order by times desc offset ${limits.songs - 1} limit 1), 0) offset 0) h
          cross join lateral (select name from songs where id = h.song_id offset 0) so
          cross join lateral (select name, sort_name from artists where id = h.artist_id offset 0) a
          order by h.times desc, so.name, a.sort_name limit ${limits.songs}`,
      sql`x.count desc, x.title, x.sort_name`,
    ),
    coverageMore: limits.coverage === null ? sql`false` : sql`(select count(*) > ${limits.coverage} from listed)`,
    coverage: list(
      sql`select a.name as "artistName", a.slug as "artistSlug", seen.shows, c.played, c.heard, a.sort_name,
                 n.songs as "neverHeard"
          from coverage c join seen on seen.artist_id = c.artist_id join artists a on a.id = c.artist_id
          left join never n on n.artist_id = c.artist_id`,
      sql`x.shows desc, x.sort_name`,
    ),
  };
  const wanted = parts ?? (Object.keys(figures) as StatsPart[]);
  const answer = sql.join(
    wanted.map((part) => sql`${sql.raw(`'${part}'`)}, ${figures[part]}`),
    sql`, `,
  );
  return sql`
    with all_mine as materialized (
      select s.id as stop_id, s.artist_id, s.venue_id, s.event_date, s.tour_id, s.lat, s.lon
      from user_shows us cross join lateral ${stopOf}
      where us.user_id = ${userId} and us.state = 'attended' and s.status <> 'cancelled'),
    mine as materialized (select * from all_mine where ${inYear}),
    shows as materialized (
      select m.venue_id, m.event_date, min(m.stop_id::text)::uuid as stop_id, min(m.lat) as lat, min(m.lon) as lon
      from mine m group by 1, 2),
    home as (select home_lat as lat, home_lon as lon from users where id = ${userId}),
    months as (
      select distinct (extract(year from event_date) * 12 + extract(month from event_date) - 1)::int as m from shows),
    islands as (select m, m - row_number() over (order by m) as grp from months),
    -- Each artist's first show with the fan over all time, kept when it falls in the year.
    first_times as materialized (
      select * from (
        select distinct on (m.artist_id) m.artist_id, m.event_date, m.venue_id, m.stop_id
        from all_mine m join venues v on v.id = m.venue_id
        order by m.artist_id, m.event_date, v.name) f
      where ${year === null ? sql`true` : sql`f.event_date >= make_date(${year}::int, 1, 1) and f.event_date < make_date(${year}::int + 1, 1, 1)`}),
    ${chosen('chosen', 'mine', userId)},
    seen_all as materialized (
      select artist_id, count(distinct (venue_id, event_date))::int as shows from mine
      group by 1 having count(distinct (venue_id, event_date)) >= 2),
    -- The artists coverage lists, in its order, up to the cap (\`seen\`): those with a song in a setlist (the
    -- same rule) of a stop on the tours where the fan saw them. Found one by one until the cap,
    -- so only the listed artists' tours are read.
    listed as materialized (
      select s.artist_id, s.shows, s.sort_name from (
        select s.artist_id, s.shows, a.sort_name from seen_all s join artists a on a.id = s.artist_id
        order by s.shows desc, a.sort_name, s.artist_id offset 0) s
      where exists (
        select 1 from setlists sl join tour_stops ts on ts.id = sl.stop_id
        where sl.artist_id = s.artist_id and ts.status <> 'cancelled'
          and ts.tour_id in (select tour_id from mine where artist_id = s.artist_id)
          and (sl.owner_id = ${userId} or (sl.source = 'setlistfm' and not exists (
                select 1 from setlists own where own.stop_id = sl.stop_id and own.owner_id = ${userId})))
          and exists (select 1 from setlist_songs ss where ss.setlist_id = sl.id and ss.kind = 'song'))
      -- In the inner order (so no sort above the filter, which would test every artist); one past
      -- the cap: whether there are more to show.
      order by s.shows desc, s.sort_name, s.artist_id
      ${cap(limits.coverage === null ? null : limits.coverage + 1)}),
    seen as (select artist_id, shows from listed order by shows desc, sort_name, artist_id ${cap(limits.coverage)}),
    -- Stops with a setlist on the tours where the fan saw those artists (from setlists, by artist).
    tour_stops_seen as (
      select distinct s.id as stop_id, s.artist_id
      from setlists sl join tour_stops s on s.id = sl.stop_id
      where sl.artist_id in (select artist_id from seen) and s.status <> 'cancelled'
        and s.tour_id in (select tour_id from mine where artist_id in (select artist_id from seen))),
    ${chosen('tour_lists', 'tour_stops_seen', userId)},
    -- The setlists both figures read (the fan's own stops mostly lie on the tours seen), each once.
    lists as (
      select id, artist_id, bool_or(heard) as heard, bool_or(toured) as toured from (
        select id, artist_id, true as heard, false as toured from chosen
        union all select id, artist_id, false, true from tour_lists) u
      group by 1, 2),
    -- One pass over setlist_songs: times heard (rows over the chosen setlists, a reprise in one show
    -- counts twice) and times played on the tours seen. count(*) hashes where count(distinct) would sort.
    tally as materialized (
      select l.artist_id, ss.song_id,
             (count(*) filter (where l.heard))::int as heard_times,
             (count(*) filter (where l.toured))::int as played_times
      from lists l join setlist_songs ss on ss.setlist_id = l.id
      where ss.kind = 'song' group by 1, 2),
    heard as (select artist_id, song_id, heard_times as times from tally where heard_times > 0),
    scored as materialized (
      select artist_id, song_id, played_times as times, heard_times > 0 as was_heard
      from tally where played_times > 0),
    -- Each artist's most-played songs the fan never heard, as one JSON list per artist.
    never as materialized (
      select n.artist_id, json_agg(json_build_object('title', so.name, 'timesPlayed', n.times) order by n.rn) as songs
      from (
        select artist_id, song_id, times, row_number() over (partition by artist_id order by times desc, song_id) as rn
        from scored where not was_heard) n
      join songs so on so.id = n.song_id
      where n.rn <= ${limits.neverHeard}
      group by n.artist_id),
    coverage as (
      select artist_id, count(*)::int as played, (count(*) filter (where was_heard))::int as heard
      from scored group by 1)
    select json_build_object(${answer}) as stats`;
}

/** The first (or latest) show, with the artists the fan saw there. */
function edgeShow(direction: 'asc' | 'desc'): SQL {
  const order = direction === 'asc' ? sql`m.event_date asc, v.name asc` : sql`m.event_date desc, v.name desc`;
  return sql`(
    select json_build_object('stopId', "stopId", 'date', date, 'artists', artists, 'venueName', "venueName",
                             'city', city, 'region', region, 'country', country)
    from (
      select min(m.stop_id::text) as "stopId", m.event_date::text as date,
             json_agg(a.name order by a.sort_name) as artists, v.name as "venueName", v.city, v.region, v.country
      from mine m join venues v on v.id = m.venue_id join artists a on a.id = m.artist_id
      group by m.event_date, m.venue_id, v.name, v.city, v.region, v.country
      order by ${order} limit 1) x)`;
}

export async function selectStats<P extends StatsPart = StatsPart>(
  db: Executor,
  scope: Scope,
  limits: StatsLimits,
  parts?: readonly P[],
): Promise<Pick<StatsBundle, P>> {
  const rows = await rowsOf<{ stats: StatsBundle | string }>(db, statsSql(scope, limits, parts));
  const stats = rows[0]!.stats;
  // node-postgres parses json; PGlite too, but a driver that hands text back still works.
  return typeof stats === 'string' ? (JSON.parse(stats) as StatsBundle) : stats;
}

/** Shows in one country code (and US region). */
export type PlaceCount = Pick<CityPlace, 'country' | 'region'> & { count: number };

/** Shows per country code and per US region (the map only needs these). */
export function selectPlaces(db: Executor, scope: Scope): Promise<PlaceCount[]> {
  const inYear =
    scope.year === null
      ? sql``
      : sql`and s.event_date >= make_date(${scope.year}::int, 1, 1) and s.event_date < make_date(${scope.year}::int + 1, 1, 1)`;
  return rowsOf(
    db,
    sql`select v.country, case when v.country = 'US' then v.region end as region,
               count(distinct (s.venue_id, s.event_date))::int as count
        from user_shows us cross join lateral ${stopOf} join venues v on v.id = s.venue_id
        where us.user_id = ${scope.userId} and us.state = 'attended' and s.status <> 'cancelled' ${inYear}
        group by 1, 2`,
  );
}
