import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '#server/db/sql.ts';

/**
 * A fingerprint of everything a fan's /stats answer is computed from, read from the rows
 * themselves (docs/decisions/0024-concert-stats.md, the addendum on kept answers): equal
 * fingerprints, equal answers, so a kept answer can be sent again. Nothing on the write paths has to remember to bump
 * a version; a write that changes an input changes the fingerprint whoever made it.
 *
 * What the statement in stats.repo.ts reads, and how each input is covered:
 * - the fan's attended user_shows and their stops (status, artist, venue, date, tour, point):
 *   the values themselves;
 * - the home point (km): the values;
 * - the names, slugs and sort names of those stops' artists, and the names, places and points of
 *   their venues: the values (venues have no updated_at; a merged artist moves the stops, which
 *   the stop values catch);
 * - the setlists that can count (the fan's own and setlist.fm copies) of the fan's artists on the
 *   tours the fan saw them on, which covers the stops attended (heard) and the tours' other stops
 *   (coverage): the setlist's id, owner, stop, artist and `updated_at`, and its stop's status and
 *   tour. A setlist's songs are not in its row: every writer of `setlist_songs` (replaceSetlistSongs,
 *   the artist merge) sets the setlist's `updated_at` in the same transaction. A setlist's
 *   `artist_id` always repeats its stop's (schema/setlists.ts), so "the fan's artists" finds the
 *   setlists of the fan's stops.
 * - songs' names: never changed once written (upsertSongs inserts or keeps).
 * Rows that go (an unmarked show, an undone import, a deleted setlist) change the counts.
 *
 * Each part is `count:xor of row hashes`. A row's hash mixes its columns' typed hashes (each with
 * its own seed) through one more hash, so two rows swapping values (one stop cancelled, another
 * listed again) still changes the part. Typed hashes cost a tenth of hashing the row as text.
 * The service reads it and computes the answer in one snapshot (concertStatsJson), so an answer
 * is always kept under the fingerprint of the very data it was computed from.
 */

type Kind = 'uuid' | 'text' | 'float8' | 'date' | 'timestamptz';

const HASH: Record<Kind, (column: string, seed: number) => string> = {
  uuid: (column, seed) => `uuid_hash_extended(${column}, ${seed})`,
  text: (column, seed) => `hashtextextended(${column}, ${seed})`,
  float8: (column, seed) => `hashfloat8extended(${column}, ${seed})`,
  date: (column, seed) => `hashint4extended(${column} - date '2000-01-01', ${seed})`,
  // date_part (not extract, which is numeric) is a float8 with sub-microsecond resolution today.
  timestamptz: (column, seed) => `hashfloat8extended(date_part('epoch', ${column}), ${seed})`,
};

/** `count:xor` over the rows in scope, of each row's hash of `columns` (code constants, never input). */
function digest(columns: [column: string, kind: Kind][]): SQL {
  const mixed = columns.map(([column, kind], seed) => `coalesce(${HASH[kind](column, seed)}, 0)`).join(' # ');
  return sql.raw(`count(*) || ':' || coalesce(bit_xor(hashint8extended(${mixed}, 0)), 0)`);
}

export function statsFingerprintSql(userId: string): SQL {
  return sql`
    with att as materialized (
      select s.id, s.status, s.artist_id, s.venue_id, s.event_date, s.tour_id, s.lat, s.lon
      from user_shows us
      cross join lateral (select * from tour_stops s where s.id = us.stop_id offset 0) s
      where us.user_id = ${userId} and us.state = 'attended'),
    artist_ids as materialized (select distinct artist_id from att),
    tour_ids as materialized (select distinct tour_id from att),
    -- Setlists on the fan's own stops take their stop from att; only the others (coverage's other
    -- stops of a tour) look theirs up, by primary key.
    lists as (
      select sl.id, sl.updated_at, sl.stop_id, sl.owner_id, sl.source, sl.artist_id,
             coalesce(sl.att_status, ts.status) as status, coalesce(sl.att_tour, ts.tour_id) as tour_id
      from (
        select sl.*, a.id as att_id, a.status as att_status, a.tour_id as att_tour
        from setlists sl left join att a on a.id = sl.stop_id
        where sl.artist_id in (select artist_id from artist_ids)
          and (sl.owner_id = ${userId} or sl.source = 'setlistfm')
        offset 0) sl
      left join lateral (
        select status, tour_id from tour_stops ts where sl.att_id is null and ts.id = sl.stop_id offset 0) ts on true
      where coalesce(sl.att_tour, ts.tour_id) in (select tour_id from tour_ids))
    select concat_ws(' ',
      (select concat_ws(',', home_lat, home_lon) from users where id = ${userId}),
      (select ${digest([
        ['id', 'uuid'],
        ['status', 'text'],
        ['artist_id', 'uuid'],
        ['venue_id', 'uuid'],
        ['event_date', 'date'],
        ['tour_id', 'uuid'],
        ['lat', 'float8'],
        ['lon', 'float8'],
      ])} from att),
      (select ${digest([
        ['id', 'uuid'],
        ['name', 'text'],
        ['slug', 'text'],
        ['sort_name', 'text'],
      ])} from artists where id in (select artist_id from artist_ids)),
      (select ${digest([
        ['id', 'uuid'],
        ['name', 'text'],
        ['slug', 'text'],
        ['city', 'text'],
        ['region', 'text'],
        ['country', 'text'],
        ['lat', 'float8'],
        ['lon', 'float8'],
      ])} from venues where id in (select venue_id from att)),
      (select ${digest([
        ['id', 'uuid'],
        ['updated_at', 'timestamptz'],
        ['stop_id', 'uuid'],
        ['owner_id', 'uuid'],
        ['source', 'text'],
        ['artist_id', 'uuid'],
        ['status', 'text'],
        ['tour_id', 'uuid'],
      ])} from lists)) as fingerprint`;
}

export async function selectStatsFingerprint(db: Executor, userId: string): Promise<string> {
  const rows = await rowsOf<{ fingerprint: string }>(db, statsFingerprintSql(userId));
  return rows[0]!.fingerprint;
}
