import { sql } from 'drizzle-orm';
import type { setlistFetches, setlistSongs, songs } from '#server/db/schema/index.ts';
import { type Executor, recordset, rowsOf } from '#server/db/sql.ts';
import type { VenuePlace } from '#shared/place-label.ts';
import { type SetlistSongKind, type SetlistView, songNameKey } from '#shared/setlists.ts';

/** A stop the fan may see (public, submitted by them, or in their list), with what setlists need. */
export interface SetlistStopRow extends Pick<VenuePlace, 'venueName' | 'city' | 'country'> {
  stopId: string;
  artistId: string;
  artistName: string;
  artistSlug: string;
  artistMbid: string | null;
  eventDate: string;
  tourName: string;
}

const visibleTo = (userId: string | null) =>
  userId
    ? sql`(s.review_state = 'approved' or s.submitted_by = ${userId}
        or exists (select 1 from user_shows mine where mine.stop_id = s.id and mine.user_id = ${userId}))`
    : sql`s.review_state = 'approved'`;

export async function selectSetlistStop(
  db: Executor,
  stopId: string,
  userId: string | null,
): Promise<SetlistStopRow | null> {
  const rows = await rowsOf<SetlistStopRow>(
    db,
    sql`select s.id as "stopId", a.id as "artistId", a.name as "artistName", a.slug as "artistSlug",
               a.mbid as "artistMbid", s.event_date::text as "eventDate", v.name as "venueName",
               v.city, v.country, t.name as "tourName"
        from tour_stops s
        join artists a on a.id = s.artist_id
        join venues v on v.id = s.venue_id
        join tours t on t.id = s.tour_id
        where s.id = ${stopId} and ${visibleTo(userId)}`,
  );
  return rows[0] ?? null;
}

/** A stored setlist as read: the shared view without the fan-relative parts, plus who owns it. */
export type SetlistRow = Omit<SetlistView, 'mine' | 'songs'> & { ownerId: string | null };

/** A setlist's song row with the song's name. */
export type SetlistSongRow = Pick<
  typeof setlistSongs.$inferSelect,
  'setlistId' | 'songId' | 'position' | 'setIndex' | 'setName' | 'coverArtistName' | 'note'
> &
  Pick<typeof songs.$inferSelect, 'name'> & { kind: SetlistSongKind };

/**
 * Setlists by a condition on `l` (setlists), with the catalog's venue and tour filling in what a
 * setlist.fm copy did not say. Newest first.
 */
function selectSetlistsWhere(db: Executor, where: ReturnType<typeof sql>, limit = 200): Promise<SetlistRow[]> {
  return rowsOf<SetlistRow>(
    db,
    sql`select l.id, l.source, l.owner_id as "ownerId", l.stop_id as "stopId", l.artist_id as "artistId",
               a.name as "artistName", a.slug as "artistSlug", l.event_date::text as "eventDate",
               coalesce(v.name, l.venue_name) as "venueName", coalesce(v.city, l.city) as city,
               coalesce(v.country, l.country) as country, coalesce(l.tour_name, t.name) as "tourName",
               l.info, l.url, l.fetched_at as "fetchedAt", l.song_count as "songCount"
        from setlists l
        join artists a on a.id = l.artist_id
        left join tour_stops s on s.id = l.stop_id
        left join venues v on v.id = s.venue_id
        left join tours t on t.id = s.tour_id
        where ${where}
        order by l.event_date desc, l.created_at desc
        limit ${limit}`,
  );
}

/** The setlist.fm copy and the fan's own of one stop. */
export function selectStopSetlists(db: Executor, stopId: string, userId: string | null): Promise<SetlistRow[]> {
  const own = userId ? sql`or l.owner_id = ${userId}` : sql``;
  return selectSetlistsWhere(db, sql`l.stop_id = ${stopId} and (l.source = 'setlistfm' ${own})`);
}

/**
 * An artist's setlists the viewer may see: every setlist.fm copy and their own. Where both exist
 * for a stop, their own wins (the stats rule, src/shared/setlists.ts).
 */
export function selectArtistSetlists(
  db: Executor,
  artistId: string,
  userId: string | null,
  limit: number,
): Promise<SetlistRow[]> {
  const visible = userId
    ? sql`(l.owner_id = ${userId} or (l.source = 'setlistfm' and not exists (
          select 1 from setlists o where o.stop_id = l.stop_id and o.owner_id = ${userId})))`
    : sql`l.source = 'setlistfm'`;
  return selectSetlistsWhere(db, sql`l.artist_id = ${artistId} and ${visible}`, limit);
}

export function selectSetlistById(db: Executor, id: string): Promise<SetlistRow[]> {
  return selectSetlistsWhere(db, sql`l.id = ${id}`, 1);
}

export async function selectSetlistSongs(db: Executor, setlistIds: string[]): Promise<SetlistSongRow[]> {
  if (setlistIds.length === 0) return [];
  return rowsOf<SetlistSongRow>(
    db,
    sql`select ss.setlist_id as "setlistId", ss.song_id as "songId", so.name, ss.position, ss.set_index as "setIndex",
               ss.set_name as "setName", ss.kind, ss.cover_artist_name as "coverArtistName", ss.note
        from setlist_songs ss
        join songs so on so.id = ss.song_id
        where ss.setlist_id in (select x.id from ${recordset(
          setlistIds.map((id) => ({ id })),
          { id: 'uuid' },
        )})
        order by ss.setlist_id, ss.position`,
  );
}

/** Song ids of an artist by name, created when new (one per artist and name key). */
export async function upsertSongs(
  tx: Executor,
  artistId: string,
  names: { name: string; mbid?: string | null }[],
): Promise<Map<string, string>> {
  const byKey = new Map<string, { name: string; nameKey: string; mbid: string | null }>();
  for (const { name, mbid } of names) {
    const nameKey = songNameKey(name);
    if (!byKey.has(nameKey)) byKey.set(nameKey, { name: name.trim(), nameKey, mbid: mbid ?? null });
  }
  if (byKey.size === 0) return new Map();
  const rows = [...byKey.values()];
  await tx.execute(
    sql`insert into songs (artist_id, name, name_key, mbid)
        select ${artistId}::uuid, x.name, x."nameKey", x.mbid from ${recordset(rows, { name: 'text', nameKey: 'text', mbid: 'text' })}
        on conflict (artist_id, name_key) do nothing`,
  );
  const found = await rowsOf<{ id: string; nameKey: string }>(
    tx,
    sql`select so.id, so.name_key as "nameKey" from songs so
        where so.artist_id = ${artistId}
          and so.name_key in (select x."nameKey" from ${recordset(rows, { nameKey: 'text' })})`,
  );
  return new Map(found.map((row) => [row.nameKey, row.id]));
}

export interface SongLine {
  name: string;
  setIndex: number;
  setName?: string | null;
  kind: SetlistSongKind;
  coverArtistName: string | null;
  coverArtistMbid?: string | null;
  note: string | null;
}

/** Replaces a setlist's songs (and its song count) with `lines`, in order. */
export async function replaceSetlistSongs(
  tx: Executor,
  setlistId: string,
  artistId: string,
  lines: SongLine[],
): Promise<void> {
  const ids = await upsertSongs(tx, artistId, lines);
  await tx.execute(sql`delete from setlist_songs where setlist_id = ${setlistId}`);
  const rows = lines.map((line, position) => ({
    songId: ids.get(songNameKey(line.name))!,
    position,
    setIndex: line.setIndex,
    setName: line.setName ?? null,
    kind: line.kind,
    coverArtistName: line.coverArtistName,
    coverArtistMbid: line.coverArtistMbid ?? null,
    note: line.note,
  }));
  if (rows.length > 0) {
    await tx.execute(
      sql`insert into setlist_songs (setlist_id, song_id, position, set_index, set_name, kind, cover_artist_name, cover_artist_mbid, note)
          select ${setlistId}::uuid, x."songId", x.position::smallint, x."setIndex"::smallint, x."setName", x.kind,
                 x."coverArtistName", x."coverArtistMbid", x.note
          from ${recordset(rows, {
            songId: 'uuid',
            position: 'float8',
            setIndex: 'float8',
            setName: 'text',
            kind: 'text',
            coverArtistName: 'text',
            coverArtistMbid: 'text',
            note: 'text',
          })}`,
    );
  }
  const songCount = lines.filter((line) => line.kind === 'song').length;
  await tx.execute(sql`update setlists set song_count = ${songCount}, updated_at = now() where id = ${setlistId}`);
}

/** The fan's own setlist of a stop: created or its header updated; returns its id. */
export async function upsertOwnSetlist(
  tx: Executor,
  stop: SetlistStopRow,
  ownerId: string,
  info: string | null,
): Promise<string> {
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`insert into setlists (stop_id, artist_id, event_date, source, owner_id, info)
        values (${stop.stopId}, ${stop.artistId}, ${stop.eventDate}::date, 'user', ${ownerId}, ${info})
        on conflict (stop_id, owner_id) where owner_id is not null
        do update set info = excluded.info, updated_at = now()
        returning id`,
  );
  return rows[0]!.id;
}

export async function deleteOwnSetlist(tx: Executor, stopId: string, ownerId: string): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`delete from setlists where stop_id = ${stopId} and owner_id = ${ownerId} returning id`,
  );
  return rows.length;
}

export interface SetlistFmHeader {
  setlistfmId: string;
  versionId: string | null;
  stopId: string | null;
  artistId: string;
  eventDate: string;
  venueName: string | null;
  city: string | null;
  country: string | null;
  tourName: string | null;
  info: string | null;
  url: string | null;
}

/**
 * Stores a setlist.fm copy by its id; returns its row id and whether its songs must be written
 * (new, or a new setlist.fm version). Refreshing an unchanged version only moves fetched_at.
 */
export async function upsertSetlistFmCopy(
  tx: Executor,
  header: SetlistFmHeader,
): Promise<{ id: string; changed: boolean }> {
  const existing = await rowsOf<{ id: string; version: string | null }>(
    tx,
    sql`select id, setlistfm_version as version from setlists where setlistfm_id = ${header.setlistfmId}`,
  );
  const row = existing[0];
  if (row) {
    await tx.execute(
      sql`update setlists set fetched_at = now(), setlistfm_version = ${header.versionId},
            stop_id = coalesce(stop_id, ${header.stopId}::uuid), tour_name = ${header.tourName},
            venue_name = ${header.venueName}, city = ${header.city}, country = ${header.country},
            info = ${header.info}, url = ${header.url}, updated_at = now()
          where id = ${row.id}`,
    );
    return { id: row.id, changed: row.version !== header.versionId || header.versionId === null };
  }
  // A stop keeps one setlist.fm copy: a second one on the same date (a matinee) stays unlinked.
  const inserted = await rowsOf<{ id: string }>(
    tx,
    sql`insert into setlists (stop_id, artist_id, event_date, source, setlistfm_id, setlistfm_version, url,
                              fetched_at, tour_name, venue_name, city, country, info)
        values ((select ${header.stopId}::uuid where not exists (
                  select 1 from setlists d where d.stop_id = ${header.stopId}::uuid and d.source = 'setlistfm')),
                ${header.artistId}, ${header.eventDate}::date, 'setlistfm', ${header.setlistfmId}, ${header.versionId},
                ${header.url}, now(), ${header.tourName}, ${header.venueName}, ${header.city}, ${header.country},
                ${header.info})
        returning id`,
  );
  return { id: inserted[0]!.id, changed: true };
}

/** The artist's catalog stop on a date (the first by start time), for linking a setlist.fm copy. */
export async function selectStopIdsByDate(
  db: Executor,
  artistId: string,
  dates: string[],
): Promise<Map<string, string>> {
  if (dates.length === 0) return new Map();
  const rows = await rowsOf<{ date: string; id: string }>(
    db,
    sql`select distinct on (s.event_date) s.event_date::text as date, s.id
        from tour_stops s
        where s.artist_id = ${artistId} and s.review_state = 'approved'
          and s.event_date in (select x.date from ${recordset(
            dates.map((date) => ({ date })),
            { date: 'date' },
          )})
        order by s.event_date, s.start_time nulls last, s.id`,
  );
  return new Map(rows.map((row) => [row.date, row.id]));
}

export type FetchStateRow = typeof setlistFetches.$inferSelect;

export async function selectFetchState(db: Executor, key: string): Promise<FetchStateRow | null> {
  const rows = await rowsOf<FetchStateRow>(
    db,
    sql`select key, state, attempts, last_error as "lastError", next_attempt_at as "nextAttemptAt", updated_at as "updatedAt"
        from setlist_fetches where key = ${key}`,
  );
  return rows[0] ?? null;
}

/** Records a fetch's outcome: 'ok' / 'empty' reset attempts; a failure counts one more. */
export async function saveFetchState(
  db: Executor,
  key: string,
  state: string,
  nextAttemptInSeconds: number,
  error: string | null,
): Promise<void> {
  const failed = state !== 'ok' && state !== 'empty';
  await db.execute(
    sql`insert into setlist_fetches (key, state, attempts, last_error, next_attempt_at, updated_at)
        values (${key}, ${state}, ${failed ? 1 : 0}, ${error}, now() + ${nextAttemptInSeconds} * interval '1 second', now())
        on conflict (key) do update set state = excluded.state,
          attempts = case when ${failed} then setlist_fetches.attempts + 1 else 0 end,
          last_error = excluded.last_error, next_attempt_at = excluded.next_attempt_at, updated_at = now()`,
  );
}

export type SongSuggestionRow = Pick<typeof songs.$inferSelect, 'id' | 'name'> & { played: number };

/** An artist's known songs matching a prefix (or any, when empty), most played first. */
export function selectSongSuggestions(
  db: Executor,
  artistId: string,
  text: string,
  limit: number,
): Promise<SongSuggestionRow[]> {
  const key = songNameKey(text).replace(/[\\%_]/g, (c) => `\\${c}`);
  return rowsOf<SongSuggestionRow>(
    db,
    sql`select so.id, so.name, (select count(*)::int from setlist_songs ss where ss.song_id = so.id) as played
        from songs so
        where so.artist_id = ${artistId} and so.name_key like ${`%${key}%`}
        order by (so.name_key like ${`${key}%`}) desc, played desc, so.name
        limit ${limit}`,
  );
}
