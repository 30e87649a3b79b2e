import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import {
  adminRestorePoints,
  artistImages,
  artistSlugRedirects,
  artists,
  favoriteArtists,
  setlistSongs,
  setlists,
  showPhotos,
  songs,
  tourStopChanges,
  tourStops,
  tours,
  userNotifications,
  userShows,
} from '#server/db/schema/index.ts';
import { type Executor, rowsOf, type Tx } from '#server/db/sql.ts';

/**
 * Every kind of row that hangs on an artist, in the order they must be put back (parents first:
 * songs and setlists before the setlist_songs that point at both). A setlist's `artist_id` always
 * repeats its stop's, so "the artist's setlists" covers the ones on its stops too.
 */
const SNAPSHOT_TABLES = [
  { key: 'artists', table: artists, where: (id: string) => sql`id = ${id}` },
  { key: 'tours', table: tours, where: (id: string) => sql`artist_id = ${id}` },
  { key: 'tourStops', table: tourStops, where: (id: string) => sql`artist_id = ${id}` },
  {
    key: 'userShows',
    table: userShows,
    where: (id: string) => sql`stop_id in (select s.id from tour_stops s where s.artist_id = ${id})`,
  },
  {
    key: 'showPhotos',
    table: showPhotos,
    where: (id: string) =>
      sql`user_show_id in (select us.id from user_shows us join tour_stops s on s.id = us.stop_id where s.artist_id = ${id})`,
  },
  { key: 'songs', table: songs, where: (id: string) => sql`artist_id = ${id}` },
  { key: 'setlists', table: setlists, where: (id: string) => sql`artist_id = ${id}` },
  {
    key: 'setlistSongs',
    table: setlistSongs,
    where: (id: string) => sql`setlist_id in (select sl.id from setlists sl where sl.artist_id = ${id})`,
  },
  { key: 'favoriteArtists', table: favoriteArtists, where: (id: string) => sql`artist_id = ${id}` },
  { key: 'artistImages', table: artistImages, where: (id: string) => sql`artist_id = ${id}` },
  { key: 'tourStopChanges', table: tourStopChanges, where: (id: string) => sql`artist_id = ${id}` },
  {
    key: 'userNotifications',
    table: userNotifications,
    where: (id: string) => sql`artist_slug = (select a.slug from artists a where a.id = ${id})`,
  },
  { key: 'artistSlugRedirects', table: artistSlugRedirects, where: (id: string) => sql`artist_id = ${id}` },
] as const;

export type ArtistSnapshot = Record<(typeof SNAPSHOT_TABLES)[number]['key'], unknown[]>;

const tableName = (table: PgTable) => getTableConfig(table).name;

/** Every row of every kind that belongs to the artist, as JSON (timestamps as text, arrays as arrays). */
export async function snapshotArtist(tx: Tx, artistId: string): Promise<ArtistSnapshot> {
  const snapshot = {} as ArtistSnapshot;
  for (const { key, table, where } of SNAPSHOT_TABLES) {
    const rows = await rowsOf<{ row: unknown }>(
      tx,
      sql`select to_jsonb(t) as row from ${sql.identifier(tableName(table))} t where ${where(artistId)}`,
    );
    snapshot[key] = rows.map((r) => r.row);
  }
  return snapshot;
}

/**
 * Puts snapshot rows back as they were: missing ones inserted, moved or changed ones (same primary
 * key) set back to their old values. Parents first, so foreign keys hold.
 */
export async function restoreSnapshot(tx: Tx, snapshot: ArtistSnapshot): Promise<void> {
  for (const { key, table } of SNAPSHOT_TABLES) {
    const rows = snapshot[key];
    if (!rows || rows.length === 0) continue;
    const config = getTableConfig(table);
    const columns = config.columns.map((column) => column.name);
    const primary = config.columns.filter((column) => column.primary).map((column) => column.name);
    const name = sql.identifier(config.name);
    const list = sql.join(
      columns.map((column) => sql.identifier(column)),
      sql`, `,
    );
    const updates = sql.join(
      columns
        .filter((column) => !primary.includes(column))
        .map((column) => sql`${sql.identifier(column)} = excluded.${sql.identifier(column)}`),
      sql`, `,
    );
    await tx.execute(sql`
      insert into ${name} (${list})
      select ${list} from jsonb_populate_recordset(null::${name}, ${JSON.stringify(rows)}::jsonb)
      on conflict (${sql.join(
        primary.map((column) => sql.identifier(column)),
        sql`, `,
      )}) do update set ${updates}`);
  }
}

export interface ArtistImpact {
  tours: number;
  stops: number;
  pendingStops: number;
  followers: number;
  fanShows: number;
  photos: number;
  setlists: number;
  hasImage: boolean;
}

/** What goes with an artist: the confirmation before a delete names it. */
export async function countArtistImpact(executor: Executor, artistId: string): Promise<ArtistImpact> {
  const [row] = await rowsOf<ArtistImpact>(
    executor,
    sql`select
      (select count(*)::int from tours where artist_id = ${artistId}) as tours,
      (select count(*)::int from tour_stops where artist_id = ${artistId} and review_state = 'approved') as stops,
      (select count(*)::int from tour_stops where artist_id = ${artistId} and review_state = 'pending') as "pendingStops",
      (select count(*)::int from favorite_artists where artist_id = ${artistId}) as followers,
      (select count(*)::int from user_shows us join tour_stops s on s.id = us.stop_id where s.artist_id = ${artistId}) as "fanShows",
      (select count(*)::int from show_photos p join user_shows us on us.id = p.user_show_id
         join tour_stops s on s.id = us.stop_id where s.artist_id = ${artistId}) as photos,
      (select count(*)::int from setlists where artist_id = ${artistId}) as setlists,
      exists (select 1 from artist_images where artist_id = ${artistId}) as "hasImage"`,
  );
  return row!;
}

/**
 * Moves everything of `mergedId` onto `survivorId`, then deletes the merged artist. A merged stop
 * on the same date at the same venue as a survivor's stop is a duplicate: fans' shows (and their
 * photos) move to the survivor's stop and the duplicate goes. Same-named tours become one.
 */
export async function mergeArtistRows(tx: Tx, mergedId: string, survivorId: string): Promise<void> {
  const survivor = sql`(select a.slug from artists a where a.id = ${survivorId})`;
  // Merged stop → the survivor's stop on the same date at the same venue (approved first).
  const duplicates = sql`(
    select m.id as merged_stop, (
      select s.id from tour_stops s where s.artist_id = ${survivorId} and s.event_date = m.event_date
        and s.venue_id = m.venue_id order by (s.review_state = 'approved') desc, s.id limit 1
    ) as survivor_stop
    from tour_stops m where m.artist_id = ${mergedId})`;
  const dup = sql`(select merged_stop, survivor_stop from ${duplicates} d where survivor_stop is not null)`;
  // A fan who marked both stops keeps the survivor's mark; their photos of the duplicate move to it.
  await tx.execute(sql`
    update show_photos p set user_show_id = keep.id
    from user_shows gone join ${dup} d on d.merged_stop = gone.stop_id
    join user_shows keep on keep.stop_id = d.survivor_stop and keep.user_id = gone.user_id
    where p.user_show_id = gone.id`);
  await tx.execute(sql`
    delete from user_shows gone using ${dup} d
    where gone.stop_id = d.merged_stop
      and exists (select 1 from user_shows keep where keep.stop_id = d.survivor_stop and keep.user_id = gone.user_id)`);
  await tx.execute(sql`
    update user_shows us set stop_id = d.survivor_stop, updated_at = now()
    from ${dup} d where us.stop_id = d.merged_stop`);
  // Before the duplicate goes: its setlists would go with it (stop_id cascades), and fans' history
  // import rows would lose their link (set null): they point at the survivor's stop instead. A
  // "created" link moved there is still safe for the import's undo, which deletes only a pending
  // stop the fan submitted that nobody has in their list.
  await moveDuplicateStopSetlists(tx, dup);
  await tx.execute(
    sql`update history_import_rows r set stop_id = d.survivor_stop from ${dup} d where r.stop_id = d.merged_stop`,
  );
  await tx.execute(sql`
    update history_import_rows r set created_stop_id = d.survivor_stop
    from ${dup} d where r.created_stop_id = d.merged_stop`);
  // Pending setlist.fm retries: the merged artist's own goes (a queued retry of it finds no artist
  // and ends; the survivor's page fetches its own), and so do the duplicate stops'. Moved stops keep
  // their ids, so their retries stay valid and now fetch under the survivor's MBID.
  await tx.execute(sql`
    delete from setlist_fetches where key = ${`artist:${mergedId}`}
      or key in (select 'stop:' || merged_stop::text from ${dup} d)`);
  await tx.execute(sql`delete from tour_stops where id in (select merged_stop from ${dup} d)`);
  // Remaining stops: into the survivor's tour of the same name when there is one; a slug the
  // survivor already uses gets the stop id's start appended.
  await tx.execute(sql`
    update tour_stops m set
      tour_id = coalesce((select st.id from tours st join tours mt on mt.name = st.name
                          where mt.id = m.tour_id and st.artist_id = ${survivorId}), m.tour_id),
      artist_id = ${survivorId},
      slug = case when exists (select 1 from tour_stops s where s.artist_id = ${survivorId} and s.slug = m.slug)
                  then m.slug || '-' || left(m.id::text, 8) else m.slug end,
      updated_at = now()
    where m.artist_id = ${mergedId}`);
  await tx.execute(sql`
    delete from tours mt where mt.artist_id = ${mergedId}
      and exists (select 1 from tours st where st.artist_id = ${survivorId} and st.name = mt.name)`);
  await tx.execute(sql`update tours set artist_id = ${survivorId} where artist_id = ${mergedId}`);
  await moveSetlists(tx, mergedId, survivorId);
  // Followers of both keep one follow; the others follow the survivor under its name.
  await tx.execute(sql`
    delete from favorite_artists f where f.artist_id = ${mergedId}
      and exists (select 1 from favorite_artists k where k.artist_id = ${survivorId} and k.user_id = f.user_id)`);
  await tx.execute(sql`
    update favorite_artists f set artist_id = a.id, artist_name = a.name, artist_slug = a.slug
    from artists a where a.id = ${survivorId} and f.artist_id = ${mergedId}`);
  // The survivor keeps its own image; without one it takes the merged artist's.
  await tx.execute(sql`
    update artist_images i set artist_id = a.id, artist_name = a.name from artists a
    where a.id = ${survivorId} and i.artist_id = ${mergedId}
      and not exists (select 1 from artist_images k where k.artist_id = ${survivorId})`);
  await tx.execute(sql`update tour_stop_changes set artist_id = ${survivorId} where artist_id = ${mergedId}`);
  await tx.execute(sql`
    update user_notifications set artist_slug = ${survivor}
    where artist_slug = (select a.slug from artists a where a.id = ${mergedId})`);
  await tx.execute(sql`update artist_slug_redirects set artist_id = ${survivorId} where artist_id = ${mergedId}`);
  const [merged] = await rowsOf<{ slug: string }>(tx, sql`delete from artists where id = ${mergedId} returning slug`);
  await tx.execute(sql`insert into artist_slug_redirects (slug, artist_id) values (${merged!.slug}, ${survivorId})`);
}

/** The same owner on a stop: a fan's own setlist (same owner_id) or the stop's one setlist.fm copy. */
const sameOwner = (a: string, b: string) =>
  sql.raw(`(${a}.owner_id = ${b}.owner_id or (${a}.source = 'setlistfm' and ${b}.source = 'setlistfm'))`);

/**
 * Setlists of a duplicate stop move to the survivor's stop. A stop holds one setlist per owner
 * (one per fan, one setlist.fm copy: the unique indexes), so where both stops have one for the
 * same owner the SURVIVOR's is kept and the duplicate's goes (the undo snapshot still holds it):
 * the survivor's stop is the catalog's record, and its setlist.fm copy is the one linked to it.
 * Two duplicates of one survivor stop: the first by id is kept.
 */
async function moveDuplicateStopSetlists(tx: Tx, dup: SQL): Promise<void> {
  await tx.execute(sql`
    delete from setlists gone using ${dup} d
    where gone.stop_id = d.merged_stop
      and exists (select 1 from setlists keep where keep.stop_id = d.survivor_stop and ${sameOwner('keep', 'gone')})`);
  await tx.execute(sql`
    delete from setlists gone using ${dup} d
    where gone.stop_id = d.merged_stop
      and exists (select 1 from setlists keep join ${dup} kd on kd.merged_stop = keep.stop_id
                  where kd.survivor_stop = d.survivor_stop and keep.id < gone.id and ${sameOwner('keep', 'gone')})`);
  await tx.execute(sql`
    update setlists s set stop_id = d.survivor_stop, updated_at = now()
    from ${dup} d where s.stop_id = d.merged_stop`);
}

/**
 * The merged artist's songs and setlists become the survivor's. Songs are one per artist and name
 * key: a song the survivor already has is folded into the survivor's (its setlist lines re-pointed,
 * the duplicate song deleted); the others change artist. Covers keep the original artist by name
 * and MBID only (no artist id), so nothing to re-point there.
 */
async function moveSetlists(tx: Tx, mergedId: string, survivorId: string): Promise<void> {
  const same = sql`(select gone.id as gone_id, keep.id as keep_id from songs gone
    join songs keep on keep.artist_id = ${survivorId} and keep.name_key = gone.name_key
    where gone.artist_id = ${mergedId})`;
  await tx.execute(sql`update setlist_songs ss set song_id = f.keep_id from ${same} f where ss.song_id = f.gone_id`);
  await tx.execute(sql`delete from songs where id in (select gone_id from ${same} f)`);
  await tx.execute(sql`update songs set artist_id = ${survivorId} where artist_id = ${mergedId}`);
  await tx.execute(
    sql`update setlists set artist_id = ${survivorId}, updated_at = now() where artist_id = ${mergedId}`,
  );
}

/**
 * A deleted artist's setlist.fm fetches waiting to be retried (its own and its stops'): their keys
 * would name nothing any more (a queued retry finds nothing and ends). Call before the delete.
 */
export async function dropSetlistFetches(tx: Tx, artistId: string): Promise<void> {
  await tx.execute(sql`
    delete from setlist_fetches where key = ${`artist:${artistId}`}
      or (key like 'stop:%' and substr(key, 6) in (select id::text from tour_stops where artist_id = ${artistId}))`);
}

/** Undoing a merge: the redirect the merge made goes, then the snapshot puts everything back. */
export async function dropRedirect(tx: Tx, slug: string): Promise<void> {
  await tx.execute(sql`delete from artist_slug_redirects where slug = ${slug}`);
}

export async function deleteArtistRow(tx: Tx, artistId: string): Promise<void> {
  await tx.execute(sql`delete from artists where id = ${artistId}`);
}

export async function slugTaken(executor: Executor, slug: string): Promise<boolean> {
  const [row] = await rowsOf<{ taken: boolean }>(
    executor,
    sql`select exists (select 1 from artists where slug = ${slug}) as taken`,
  );
  return row?.taken ?? false;
}

/** An unused, unexpired restore point, locked for the rest of the transaction (its restore). */
export async function lockRestorePoint(tx: Tx, id: string) {
  const [point] = await tx
    .select({
      kind: adminRestorePoints.kind,
      artistId: adminRestorePoints.artistId,
      artistName: adminRestorePoints.artistName,
      survivorId: adminRestorePoints.survivorId,
      snapshot: adminRestorePoints.snapshot,
    })
    .from(adminRestorePoints)
    .where(
      and(
        eq(adminRestorePoints.id, id),
        isNull(adminRestorePoints.restoredAt),
        gt(adminRestorePoints.expiresAt, sql`now()`),
      ),
    )
    .for('update');
  return point;
}
