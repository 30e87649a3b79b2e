import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '#server/db/sql.ts';
import type { VenuePlace } from '#shared/place-label.ts';

/** Every query here is scoped by the user id it is given: callers pass the actor's own id. */

export interface HistoryFilter {
  userId: string;
  q?: string;
  artist?: string;
  venue?: string;
  /** 'city|country' */
  city?: string;
  year?: number;
}

/** The fan's attended stops (cancelled ones never count), narrowed by the filters. */
function attendedWhere(filter: HistoryFilter): SQL {
  const parts: SQL[] = [sql`us.user_id = ${filter.userId}`, sql`us.state = 'attended'`, sql`s.status <> 'cancelled'`];
  if (filter.year !== undefined) {
    parts.push(sql`s.event_date >= make_date(${filter.year}::int, 1, 1)`);
    parts.push(sql`s.event_date < make_date(${filter.year}::int + 1, 1, 1)`);
  }
  if (filter.artist) parts.push(sql`a.slug = ${filter.artist}`);
  if (filter.venue) parts.push(sql`v.slug = ${filter.venue}`);
  if (filter.city) {
    const [city = '', country = ''] = filter.city.split('|');
    parts.push(sql`lower(v.city) = lower(${city}) and v.country = ${country}`);
  }
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(a.name ilike ${like} or v.name ilike ${like} or v.city ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * The fan's stops are looked up by primary key per attended row: a plain join is planned as a hash
 * join over a sequential scan of the whole stop table, ~4× slower for 3,000 shows in a
 * 60,000-stop catalog; `offset 0` keeps the planner from flattening the lateral subquery into it.
 */
const attendedFrom = sql`user_shows us
  cross join lateral (select * from tour_stops s where s.id = us.stop_id offset 0) s
  join artists a on a.id = s.artist_id
  join venues v on v.id = s.venue_id`;

export interface ShowKeyRow {
  venueId: string;
  date: string;
}

/** One page of shows (venue + date), newest first, after the cursor. */
export function selectShowPage(
  db: Executor,
  filter: HistoryFilter,
  cursor: { date: string; venueId: string } | undefined,
  limit: number,
): Promise<ShowKeyRow[]> {
  const after = cursor ? sql`and (s.event_date, s.venue_id) < (${cursor.date}::date, ${cursor.venueId}::uuid)` : sql``;
  return rowsOf<ShowKeyRow>(
    db,
    sql`select s.venue_id as "venueId", s.event_date::text as date
        from ${attendedFrom}
        where ${attendedWhere(filter)} ${after}
        group by s.event_date, s.venue_id
        order by s.event_date desc, s.venue_id desc
        limit ${limit}`,
  );
}

export async function countShows(db: Executor, filter: HistoryFilter): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select 1 from ${attendedFrom} where ${attendedWhere(filter)} group by s.event_date, s.venue_id) x`,
  );
  return rows[0]?.n ?? 0;
}

export interface BillStopRow extends VenuePlace {
  venueId: string;
  date: string;
  stopId: string;
  artistName: string;
  artistSlug: string;
  state: string | null;
  rating: number | null;
  setlistSongs: number;
}

/**
 * Every stop the fan may see at the page's shows (the bill), with the fan's own state and rating.
 */
export function selectBills(db: Executor, userId: string, shows: ShowKeyRow[]): Promise<BillStopRow[]> {
  if (shows.length === 0) return Promise.resolve([]);
  return rowsOf<BillStopRow>(
    db,
    sql`select s.venue_id as "venueId", s.event_date::text as date, s.id as "stopId", a.name as "artistName",
               a.slug as "artistSlug", v.name as "venueName", v.slug as "venueSlug", v.city, v.region, v.country,
               us.state, us.rating, ${setlistSongsOf(userId)} as "setlistSongs"
        from json_to_recordset(${JSON.stringify(shows)}::json) as k("venueId" uuid, date date)
        join tour_stops s on s.venue_id = k."venueId" and s.event_date = k.date
        join artists a on a.id = s.artist_id
        join venues v on v.id = s.venue_id
        left join user_shows us on us.stop_id = s.id and us.user_id = ${userId}
        where s.status <> 'cancelled'
          and (s.review_state = 'approved' or s.submitted_by = ${userId} or us.id is not null)
        order by s.event_date desc, s.venue_id desc, s.start_time nulls last, a.sort_name`,
  );
}

/** Songs in the stop's setlist as stats count it: the fan's own, else setlist.fm's (SETLIST_STATS_RULE). */
function setlistSongsOf(userId: string): SQL {
  return sql`coalesce((
    select sl.song_count from setlists sl
    where sl.stop_id = s.id and (sl.owner_id = ${userId} or sl.source = 'setlistfm')
    order by (sl.owner_id = ${userId}) desc nulls last limit 1), 0)`;
}

export interface FilterOptionRow {
  kind: 'year' | 'artist' | 'venue' | 'city';
  value: string;
  /** A city's label is the city alone: the service names the place (shared placeLabel) with region and country. */
  label: string;
  region: string | null;
  country: string | null;
  count: number;
}

/** The values the fan's attended shows take, with the number of shows for each. */
export function selectFilterOptions(db: Executor, userId: string): Promise<FilterOptionRow[]> {
  const where = attendedWhere({ userId });
  return rowsOf<FilterOptionRow>(
    db,
    sql`with mine as (
          select s.event_date, s.venue_id, a.slug as artist_slug, a.name as artist_name, v.slug as venue_slug,
                 v.name as venue_name, v.city, v.region, v.country
          from ${attendedFrom} where ${where})
        select 'year' as kind, extract(year from event_date)::int::text as value,
               extract(year from event_date)::int::text as label, null::text as region, null::text as country,
               count(distinct (event_date, venue_id))::int as count
          from mine group by 2
        union all
        select 'artist', artist_slug, min(artist_name), null, null, count(distinct (event_date, venue_id))::int
          from mine group by 2
        union all
        select 'venue', venue_slug, min(venue_name), null, null, count(distinct (event_date, venue_id))::int
          from mine group by 2
        union all
        select 'city', lower(city) || '|' || country, min(city), min(region), country,
               count(distinct (event_date, venue_id))::int from mine group by lower(city), country`,
  );
}

export interface PromptRow extends Omit<VenuePlace, 'venueSlug'> {
  stopId: string;
  date: string;
  artistName: string;
  venueName: string;
}

/** Going shows whose date passed (not cancelled): the fan is asked whether they went. */
export function selectDidYouGo(db: Executor, userId: string, today: string, limit: number): Promise<PromptRow[]> {
  return rowsOf<PromptRow>(
    db,
    sql`select s.id as "stopId", s.event_date::text as date, a.name as "artistName", v.name as "venueName", v.city,
               v.region, v.country
        from user_shows us
        join tour_stops s on s.id = us.stop_id
        join artists a on a.id = s.artist_id
        join venues v on v.id = s.venue_id
        where us.user_id = ${userId} and us.state = 'going' and s.event_date < ${today}::date
          and s.status <> 'cancelled'
        order by s.event_date desc, a.sort_name
        limit ${limit}`,
  );
}
