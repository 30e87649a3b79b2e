import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { listeningImportArtists, listeningImports } from '#server/db/schema/index.ts';
import { type Executor, rowsOf } from '#server/db/sql.ts';
import type { ListeningImportFile, ListeningImportKind, ListeningImportState } from '#shared/listening-import.ts';

/** The import's row with its text and JSON columns narrowed, its artist count and the starter's email. */
export type ImportRow = Omit<typeof listeningImports.$inferSelect, 'kind' | 'state' | 'phase' | 'files'> & {
  kind: ListeningImportKind;
  state: ListeningImportState;
  phase: 'match' | 'follow' | null;
  files: ListeningImportFile[];
  artists: number;
  startedBy: string | null;
};

const importColumns = sql`
  i.id, i.user_id as "userId", i.kind, i.state, i.phase, i.files, i.bytes::float8 as bytes, i.plays,
  (select count(*)::int from listening_import_artists a where a.import_id = i.id) as artists,
  i.processed, i.total, i.summary, i.error, i.created_at as "createdAt", i.updated_at as "updatedAt",
  (select u.email from users u where u.id = i.user_id) as "startedBy"`;

const dated = (row: ImportRow): ImportRow => ({
  ...row,
  createdAt: new Date(row.createdAt),
  updatedAt: new Date(row.updatedAt),
});

export async function insertImport(db: Executor, userId: string, kind: ListeningImportKind): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into listening_imports (user_id, kind) values (${userId}, ${kind}) returning id`,
  );
  return row!.id;
}

/** Scoped: a fan's own import (kind 'fan'), or any admin import for the admin routes (userId null). */
export async function selectImport(
  db: Executor,
  id: string,
  scope: { kind: ListeningImportKind; userId: string | null },
): Promise<ImportRow | null> {
  const rows = await rowsOf<ImportRow>(
    db,
    sql`select ${importColumns} from listening_imports i
        where i.id = ${id} and i.kind = ${scope.kind}
          and (${scope.userId}::uuid is null or i.user_id = ${scope.userId}::uuid)`,
  );
  return rows[0] ? dated(rows[0]) : null;
}

export async function selectImportById(db: Executor, id: string): Promise<ImportRow | null> {
  const rows = await rowsOf<ImportRow>(db, sql`select ${importColumns} from listening_imports i where i.id = ${id}`);
  return rows[0] ? dated(rows[0]) : null;
}

export async function selectLatestImport(db: Db, userId: string): Promise<ImportRow | null> {
  const rows = await rowsOf<ImportRow>(
    db,
    sql`select ${importColumns} from listening_imports i
        where i.user_id = ${userId} and i.kind = 'fan' order by i.created_at desc limit 1`,
  );
  return rows[0] ? dated(rows[0]) : null;
}

export async function selectAdminImports(db: Db, limit: number): Promise<ImportRow[]> {
  const rows = await rowsOf<ImportRow>(
    db,
    sql`select ${importColumns} from listening_imports i where i.kind = 'admin' order by i.created_at desc limit ${limit}`,
  );
  return rows.map(dated);
}

/** Moves the state when it is one of `from`; false when it was not (someone else moved it). */
export async function moveState(
  db: Executor,
  id: string,
  from: ListeningImportState[],
  to: ListeningImportState,
  set: {
    phase?: 'match' | 'follow';
    processed?: number;
    total?: number;
    error?: string | null;
    summary?: unknown;
  } = {},
): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update listening_imports set state = ${to}, updated_at = now(),
          phase = coalesce(${set.phase ?? null}, phase),
          processed = coalesce(${set.processed ?? null}::int, processed),
          total = coalesce(${set.total ?? null}::int, total),
          error = ${set.error === undefined ? sql`error` : set.error},
          summary = ${set.summary === undefined ? sql`summary` : sql`${JSON.stringify(set.summary)}::jsonb`}
        where id = ${id} and state in ${sql`(${sql.join(
          from.map((state) => sql`${state}`),
          sql`, `,
        )})`}
        returning id`,
  );
  return rows.length > 0;
}

export async function addProgress(db: Executor, id: string, done: number): Promise<void> {
  await db.execute(
    sql`update listening_imports set processed = processed + ${done}, updated_at = now() where id = ${id}`,
  );
}

export async function setTotal(db: Executor, id: string, total: number): Promise<void> {
  await db.execute(sql`update listening_imports set total = ${total} where id = ${id}`);
}

/** The last step's progress: every step counted, whatever the batches added up to. */
export async function completeProgress(db: Executor, id: string): Promise<void> {
  await db.execute(sql`update listening_imports set processed = total where id = ${id}`);
}

/** The catalog artist with this MusicBrainz id (stored in lower case), if any. */
export async function selectArtistIdByMbid(db: Executor, mbid: string): Promise<string | null> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`select id from artists where mbid = ${mbid.toLowerCase()} limit 1`,
  );
  return row?.id ?? null;
}

export async function currentState(db: Executor, id: string): Promise<ListeningImportState | null> {
  const [row] = await rowsOf<{ state: ListeningImportState }>(
    db,
    sql`select state from listening_imports where id = ${id}`,
  );
  return row?.state ?? null;
}

/** Adds one uploaded file's counts: artists already seen get the plays added. */
export async function addFileCounts(
  db: Executor,
  id: string,
  file: ListeningImportFile,
  counts: { key: string; name: string; plays: number; msPlayed: number }[],
): Promise<void> {
  for (let start = 0; start < counts.length; start += 5000) {
    const batch = counts.slice(start, start + 5000);
    await db.execute(sql`
      insert into listening_import_artists (import_id, key, name, plays, ms_played)
      select ${id}::uuid, x.key, x.name, x.plays, x."msPlayed"
      from json_to_recordset(${JSON.stringify(batch)}::json) as x(key text, name text, plays int, "msPlayed" bigint)
      on conflict (import_id, key) do update
        set plays = listening_import_artists.plays + excluded.plays,
            ms_played = listening_import_artists.ms_played + excluded.ms_played`);
  }
  await db.execute(sql`
    update listening_imports
    set files = files || ${JSON.stringify([file])}::jsonb, bytes = bytes + ${file.bytes},
        plays = plays + ${file.plays}, updated_at = now()
    where id = ${id}`);
}

export async function insertListRows(
  db: Executor,
  id: string,
  rows: { key: string; name: string; mbid: string | null; spotifyId: string | null; line: number }[],
): Promise<void> {
  await db.execute(sql`
    insert into listening_import_artists (import_id, key, name, mbid, spotify_id, line)
    select ${id}::uuid, x.key, x.name, x.mbid, x."spotifyId", x.line
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(key text, name text, mbid text, "spotifyId" text, line int)
    on conflict (import_id, key) do nothing`);
  await db.execute(
    sql`update listening_imports set files = ${JSON.stringify([
      { name: 'Artist list', bytes: 0, plays: 0 },
    ])}::jsonb, updated_at = now() where id = ${id}`,
  );
}

export interface PendingArtist {
  key: string;
  name: string;
  mbid: string | null;
  spotifyId: string | null;
}

/**
 * A name without case, a leading "The", spaces and punctuation: "The Amber-Foxes" → "amberfoxes".
 * The same expression as the `artists_name_key_idx` index (schema/catalog.ts): keep them equal, or
 * the fuzzy match reads every artist for every row.
 */
export const normalisedName = (column: SQL) =>
  sql`regexp_replace(lower(${column}), '^the[[:space:]]+|[[:space:][:punct:]]+', '', 'g')`;

/**
 * Matches a batch of unchecked rows (most played first) against the catalog and marks them
 * checked, in one statement: per row the same MusicBrainz id, else the same name ignoring case,
 * else the same name once normalised (a "The", punctuation and spaces dropped: 'fuzzy'), else —
 * only when `trigram` is set (the most played rows) — the most similar name by pg_trgm with
 * similarity ≥ 0.5 ('fuzzy', ADR 0027). Returns how many rows were checked.
 *
 * Why this shape: the batch travels as JSON (a recordset the planner always guesses at 100 rows)
 * and each arm is a LATERAL lookup on an index of `artists` (mbid, lower(name), the normalised
 * name, the trigram GIN), gated on the arms before it, so the plan is the same whatever the
 * statistics say. PGlite has no autovacuum: right after an upload `listening_import_artists` has
 * none, and the earlier set-wise joins, planned for "9 rows", ran as nested loops over the whole
 * import (7 s per batch of 500, minutes for the trigram arm; docs/performance-history.md). The
 * lowest id is taken with min() over an `offset 0` subquery: "order by id limit 1" made the planner
 * walk the primary key and filter every artist, which it guesses cheap without statistics.
 */
export async function matchBatch(tx: Executor, id: string, limit: number, trigram: boolean): Promise<number> {
  const picked = await rowsOf<{ key: string; name: string; mbid: string | null }>(
    tx,
    sql`select key, name, mbid from listening_import_artists where import_id = ${id} and not checked
        order by plays desc, line, key limit ${limit}`,
  );
  if (picked.length === 0) return 0;
  if (trigram) {
    // `%` uses this threshold; and without statistics (PGlite) the planner reads all of `artists` per
    // name rather than the trigram GIN index, twice as slow already at 7,750 artists. Both for this
    // transaction only.
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', '0.5', true)`);
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
  }
  const batch = JSON.stringify(picked);
  await tx.execute(sql`
    with b as materialized (
      select x.key, x.name, x.mbid, ${normalisedName(sql`x.name`)} as norm
      from json_to_recordset(${batch}::json) as x(key text, name text, mbid text)
    ), m as materialized (
      select b.key,
        coalesce(by_mbid.id, by_name.id, by_norm.id, by_trgm.id) as artist_id,
        case when by_mbid.id is not null then 'mbid' when by_name.id is not null then 'name'
             when by_norm.id is not null or by_trgm.id is not null then 'fuzzy' end as confidence
      from b
      left join lateral (
        select a.id from artists a where b.mbid is not null and a.mbid = b.mbid limit 1
      ) by_mbid on true
      left join lateral (
        select min(s.id::text)::uuid as id from (
          select a.id from artists a where by_mbid.id is null and lower(a.name) = lower(b.name) offset 0
        ) s
      ) by_name on true
      left join lateral (
        select min(s.id::text)::uuid as id from (
          select a.id from artists a
          where by_mbid.id is null and by_name.id is null and length(b.norm) >= 3
            and ${normalisedName(sql`a.name`)} = b.norm
          offset 0
        ) s
      ) by_norm on true
      left join lateral (
        select a.id from artists a
        where ${trigram} and by_mbid.id is null and by_name.id is null and by_norm.id is null and a.name % b.name
        order by similarity(a.name, b.name) desc, a.id limit 1
      ) by_trgm on true
    )
    update listening_import_artists r
    set checked = true, artist_id = coalesce(m.artist_id, r.artist_id), confidence = coalesce(m.confidence, r.confidence)
    from m where r.import_id = ${id} and r.key = m.key`);
  return picked.length;
}

export async function countRows(db: Executor, id: string, where: 'all' | 'unchecked' | 'chosen' | 'to-look-up') {
  const condition =
    where === 'all'
      ? sql`true`
      : where === 'unchecked'
        ? sql`not checked`
        : where === 'chosen'
          ? sql`chosen`
          : sql`chosen and artist_id is null and not looked_up`;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from listening_import_artists where import_id = ${id} and ${condition}`,
  );
  return row?.n ?? 0;
}

/** An import artist's row with its rank, its catalog match's slug and name, and the fan's follow and exclude. */
export type PreviewRow = Pick<
  typeof listeningImportArtists.$inferSelect,
  'key' | 'name' | 'plays' | 'msPlayed' | 'artistId' | 'confidence' | 'chosen' | 'outcome' | 'reason'
> & {
  rank: number;
  artistSlug: string | null;
  artistName: string | null;
  followed: boolean;
  excluded: boolean;
};

/** One page of the preview, most played first (an admin list in line order), with the fan's follows and excludes. */
export async function selectPreviewPage(
  db: Executor,
  id: string,
  userId: string,
  page: { offset: number; limit: number },
): Promise<PreviewRow[]> {
  return rowsOf<PreviewRow>(
    db,
    sql`
    select a.key, (row_number() over (order by a.plays desc, a.line, a.key))::int as rank,
      a.name, a.plays, a.ms_played::float8 as "msPlayed", a.artist_id as "artistId",
      c.slug as "artistSlug", c.name as "artistName", a.confidence, a.chosen, a.outcome, a.reason,
      exists (select 1 from favorite_artists f where f.user_id = ${userId} and f.artist_id = a.artist_id) as followed,
      exists (select 1 from music_excludes e where e.user_id = ${userId} and e.artist_id = a.artist_id) as excluded
    from listening_import_artists a left join artists c on c.id = a.artist_id
    where a.import_id = ${id}
    order by a.plays desc, a.line, a.key
    offset ${page.offset} limit ${page.limit}`,
  );
}

/** Marks the chosen rows: every row, the top N by plays, or the given keys. */
export async function chooseRows(
  db: Executor,
  id: string,
  pick: { all: true } | { top: number } | { keys: string[] },
): Promise<number> {
  await db.execute(sql`update listening_import_artists set chosen = false where import_id = ${id}`);
  const condition =
    'all' in pick
      ? sql`true`
      : 'top' in pick
        ? sql`key in (select key from listening_import_artists where import_id = ${id}
                      order by plays desc, line, key limit ${pick.top})`
        : sql`key in (select json_array_elements_text(${JSON.stringify(pick.keys)}::json))`;
  const rows = await rowsOf<{ key: string }>(
    db,
    sql`update listening_import_artists set chosen = true where import_id = ${id} and ${condition} returning key`,
  );
  return rows.length;
}

/** The chosen rows MusicBrainz still has to be asked about, most played first. */
export async function selectToLookUp(db: Executor, id: string, limit: number): Promise<PendingArtist[]> {
  return rowsOf<PendingArtist>(
    db,
    sql`select key, name, mbid, spotify_id as "spotifyId" from listening_import_artists
        where import_id = ${id} and chosen and artist_id is null and not looked_up
        order by plays desc, line limit ${limit}`,
  );
}

export async function markLookedUp(
  db: Executor,
  id: string,
  key: string,
  result: { artistId: string | null; added: boolean; reason: string | null },
): Promise<void> {
  await db.execute(sql`
    update listening_import_artists
    set looked_up = true, artist_id = ${result.artistId}, added = ${result.added},
        confidence = case when ${result.artistId}::uuid is null then confidence else 'musicbrainz' end,
        reason = ${result.reason}
    where import_id = ${id} and key = ${key}`);
}

/**
 * The end of a fan's follow phase, inside its transaction: follows every chosen, matched artist
 * that is neither followed nor excluded (source 'spotify-export'), and writes each row's outcome.
 */
export async function finishFanFollow(db: Executor, id: string, userId: string): Promise<void> {
  await db.execute(sql`
    update listening_import_artists a set outcome = case
        when a.artist_id is null then 'not-matched'
        when exists (select 1 from music_excludes e where e.user_id = ${userId} and e.artist_id = a.artist_id) then 'excluded'
        when exists (select 1 from favorite_artists f where f.user_id = ${userId} and f.artist_id = a.artist_id) then 'already'
        else 'followed' end,
      reason = case when a.artist_id is null then coalesce(a.reason, 'Not matched') else null end
    where a.import_id = ${id} and a.chosen`);
  // Two rows can match one catalog artist: the first (most played) row follows, the other is "already".
  // Numbered in one pass (a self-join planned without statistics ran as a nested loop over all rows).
  await db.execute(sql`
    update listening_import_artists a set outcome = 'already'
    from (
      select key, row_number() over (partition by artist_id order by plays desc, key) as n
      from listening_import_artists where import_id = ${id} and chosen and outcome = 'followed'
    ) d
    where a.import_id = ${id} and a.key = d.key and d.n > 1`);
  await db.execute(sql`
    insert into favorite_artists (user_id, artist_id, artist_name, artist_slug, source)
    select ${userId}::uuid, c.id, c.name, c.slug, 'spotify-export'
    from listening_import_artists a join artists c on c.id = a.artist_id
    where a.import_id = ${id} and a.chosen and a.outcome = 'followed'
    on conflict (user_id, artist_id) do nothing`);
}

/** The end of an admin's phase: each chosen row is added, already in the catalog, or not matched. */
export async function finishAdminAdd(db: Executor, id: string): Promise<void> {
  await db.execute(sql`
    update listening_import_artists a set outcome = case
        when a.artist_id is null then 'not-matched'
        when a.added then 'added'
        else 'in-catalog' end,
      reason = case when a.artist_id is null then coalesce(a.reason, 'Not matched') else null end
    where a.import_id = ${id} and a.chosen`);
}

export async function outcomeCounts(db: Executor, id: string) {
  return rowsOf<{ outcome: string; reason: string | null; n: number }>(
    db,
    sql`select outcome, reason, count(*)::int as n from listening_import_artists
        where import_id = ${id} and chosen group by outcome, reason order by n desc`,
  );
}

export async function selectAddedArtistIds(db: Executor, id: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select distinct artist_id as id from listening_import_artists
        where import_id = ${id} and chosen and added and artist_id is not null`,
  );
  return rows.map((row) => row.id);
}

/** An admin's Spotify playlist: one row per credited artist (key spotify:<id>), tracks as plays. */
export async function insertPlaylistRows(
  db: Executor,
  id: string,
  file: ListeningImportFile,
  rows: { key: string; name: string; spotifyId: string; plays: number; line: number }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 5000) {
    await db.execute(sql`
      insert into listening_import_artists (import_id, key, name, spotify_id, plays, line)
      select ${id}::uuid, x.key, x.name, x."spotifyId", x.plays, x.line
      from json_to_recordset(${JSON.stringify(rows.slice(start, start + 5000))}::json)
        as x(key text, name text, "spotifyId" text, plays int, line int)
      on conflict (import_id, key) do nothing`);
  }
  await db.execute(sql`
    update listening_imports set files = ${JSON.stringify([file])}::jsonb, plays = ${file.plays}, updated_at = now()
    where id = ${id}`);
}
