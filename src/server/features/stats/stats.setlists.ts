import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '#server/db/sql.ts';
import { type ArtistCoverage, type SongCount, STATS_NEVER_HEARD_LIMIT, STATS_SONGS_LIMIT } from '#shared/stats.ts';
import { titleCase } from '#shared/text.ts';
import { mine, type Scope } from './stats.repo.ts';

export interface SetlistStats {
  songsHeard: number;
  topSongs: SongCount[];
  coverage: ArtistCoverage[];
  hasSetlists: boolean;
}

/**
 * A stop's setlist as stats count it (SETLIST_STATS_RULE in src/shared/setlists.ts): the fan's own
 * when they entered one, else the setlist.fm copy. `stops` is a CTE with `stop_id` and `artist_id`.
 */
function chosenSetlists(name: string, stops: string, userId: string): SQL {
  return sql`${sql.raw(name)} as (
    select distinct on (sl.stop_id) sl.id, x.artist_id
    from ${sql.raw(stops)} x join setlists sl on sl.stop_id = x.stop_id
    where sl.owner_id = ${userId} or sl.source = 'setlistfm'
    order by sl.stop_id, (sl.owner_id = ${userId}) desc nulls last)`;
}

/** Songs of kind 'song' (tapes never count) in the chosen setlists. */
const heardSongs = sql`heard as (
  select c.artist_id, ss.song_id, count(distinct c.id)::int as times
  from chosen c join setlist_songs ss on ss.setlist_id = c.id
  where ss.kind = 'song' group by 1, 2)`;

export async function setlistStats(db: Executor, scope: Scope): Promise<SetlistStats> {
  const [summary, topSongs, coverage] = await Promise.all([
    rowsOf<{ songs: number; setlists: number }>(
      db,
      sql`with ${mine(scope)}, ${chosenSetlists('chosen', 'mine', scope.userId)}, ${heardSongs}
          select (select count(*)::int from heard) as songs, (select count(*)::int from chosen) as setlists`,
    ),
    selectTopSongs(db, scope),
    selectCoverage(db, scope),
  ]);
  return {
    songsHeard: summary[0]?.songs ?? 0,
    hasSetlists: (summary[0]?.setlists ?? 0) > 0,
    topSongs,
    coverage,
  };
}

/** The songs heard live most often (in the most attended performances). */
function selectTopSongs(db: Executor, scope: Scope): Promise<SongCount[]> {
  return rowsOf<SongCount>(
    db,
    sql`with ${mine(scope)}, ${chosenSetlists('chosen', 'mine', scope.userId)}, ${heardSongs}
        select so.name as title, a.name as "artistName", h.times as count
        from heard h join songs so on so.id = h.song_id join artists a on a.id = h.artist_id
        order by h.times desc, so.name, a.sort_name limit ${STATS_SONGS_LIMIT}`,
  ).then((rows) => rows.map((row) => ({ ...row, artistName: titleCase(row.artistName) })));
}

interface CoverageRow {
  artistName: string;
  artistSlug: string;
  shows: number;
  played: number;
  heard: number;
  neverHeard: { title: string; timesPlayed: number }[] | null;
}

/**
 * For each artist seen at least twice: the songs they played on the tours the fan saw them on
 * (over every setlist of those tours' stops), how many of those the fan heard, and the most-played
 * ones the fan never heard live.
 */
async function selectCoverage(db: Executor, scope: Scope): Promise<ArtistCoverage[]> {
  const rows = await rowsOf<CoverageRow>(
    db,
    sql`with ${mine(scope)},
        seen as (
          select artist_id, count(distinct (venue_id, event_date))::int as shows from mine
          group by 1 having count(distinct (venue_id, event_date)) >= 2),
        tour_stops_seen as (
          select s.id as stop_id, s.artist_id from tour_stops s
          where s.status <> 'cancelled' and s.tour_id in (
            select t.tour_id from mine m join tour_stops t on t.id = m.stop_id
            where m.artist_id in (select artist_id from seen))),
        ${chosenSetlists('tour_lists', 'tour_stops_seen', scope.userId)},
        played as (
          select tl.artist_id, ss.song_id, count(distinct tl.id)::int as times
          from tour_lists tl join setlist_songs ss on ss.setlist_id = tl.id
          where ss.kind = 'song' group by 1, 2),
        ${chosenSetlists('chosen', 'mine', scope.userId)}, ${heardSongs},
        scored as (
          select p.artist_id, p.song_id, p.times, so.name, h.song_id is not null as was_heard
          from played p join songs so on so.id = p.song_id
          left join heard h on h.artist_id = p.artist_id and h.song_id = p.song_id),
        never as (
          select artist_id, name, times,
                 row_number() over (partition by artist_id order by times desc, name) as rn
          from scored where not was_heard),
        agg as (
          select artist_id, count(*)::int as played, (count(*) filter (where was_heard))::int as heard
          from scored group by 1)
        select a.name as "artistName", a.slug as "artistSlug", seen.shows, agg.played, agg.heard,
               (select json_agg(json_build_object('title', n.name, 'timesPlayed', n.times) order by n.rn)
                from never n where n.artist_id = agg.artist_id and n.rn <= ${STATS_NEVER_HEARD_LIMIT}) as "neverHeard"
        from agg join seen on seen.artist_id = agg.artist_id join artists a on a.id = agg.artist_id
        order by seen.shows desc, a.sort_name`,
  );
  return rows.map((row) => ({ ...row, artistName: titleCase(row.artistName), neverHeard: row.neverHeard ?? [] }));
}
