import { sql } from 'drizzle-orm';
import type { historyImportRows } from '#server/db/schema/index.ts';
import { batched, type Executor, recordset, rowsOf } from '#server/db/sql.ts';
import type {
  HistoryImportRowView,
  HistoryImportSource,
  HistoryImportState,
  HistoryRowOutcome,
} from '#shared/setlists.ts';

export interface MatchKey {
  rowNumber: number;
  eventDate: string;
  artist: string;
  mbid: string | null;
  venue: string | null;
  city: string | null;
}

export interface MatchResult {
  rowNumber: number;
  stopId: string;
  confidence: number;
  inHistory: boolean;
  /** Whether this fan submitted the stop (false for approved stops and other fans' submissions). */
  ownSubmission: boolean;
}

/**
 * 'visible': the stops the fan may see (approved, their own submissions, what is in their history).
 * 'written': right after the import's catalog write, which adds a stop only when none exists: the
 * stop it found may be another fan's pending submission of the same show, and the fan gets that one.
 */
export type MatchScope = 'visible' | 'written';

const withoutThe = (expression: ReturnType<typeof sql>) =>
  sql`lower(regexp_replace(${expression}, '^the\\s+', '', 'i'))`;

/**
 * The best stop for each row among those the fan may see on that date by that artist (name, its
 * "The"-less form, or MBID). Confidence: artist 0.5 (0.4 without "The"), venue 0.3 (0.2 when one
 * name contains the other), city 0.2; `inHistory` when the fan already has that stop.
 */
export function matchStops(
  db: Executor,
  userId: string,
  keys: MatchKey[],
  scope: MatchScope = 'visible',
): Promise<MatchResult[]> {
  const seen =
    scope === 'written'
      ? sql`true`
      : sql`(s.review_state = 'approved' or s.submitted_by = ${userId}
             or exists (select 1 from user_shows us where us.user_id = ${userId} and us.stop_id = s.id))`;
  return batched<MatchKey, MatchResult>(
    db,
    keys,
    (batch) => sql`
      select distinct on (x."rowNumber") x."rowNumber", s.id as "stopId",
        ((case when lower(a.name) = lower(x.artist) or a.mbid = x.mbid then 0.5 else 0.4 end)
         + (case when x.venue is null then 0
                 when lower(v.name) = lower(x.venue) then 0.3
                 when strpos(lower(v.name), lower(x.venue)) > 0 or strpos(lower(x.venue), lower(v.name)) > 0 then 0.2
                 else 0 end)
         + (case when x.city is not null and lower(v.city) = lower(x.city) then 0.2 else 0 end))::float8 as confidence,
        exists (select 1 from user_shows us where us.user_id = ${userId} and us.stop_id = s.id) as "inHistory",
        coalesce(s.submitted_by = ${userId}, false) as "ownSubmission"
      from ${recordset(batch, { rowNumber: 'float8', eventDate: 'date', artist: 'text', mbid: 'text', venue: 'text', city: 'text' })}
      join tour_stops s on s.event_date = x."eventDate"
        and s.review_state <> 'rejected' and ${seen}
      join artists a on a.id = s.artist_id
        and (lower(a.name) = lower(x.artist) or a.mbid = x.mbid or ${withoutThe(sql`a.name`)} = ${withoutThe(sql`x.artist`)})
      join venues v on v.id = s.venue_id
      order by x."rowNumber", confidence desc, (s.review_state = 'approved') desc,
        (s.submitted_by = ${userId}) desc nulls last, s.id`,
  ).then((rows) =>
    rows.map((row) => ({ ...row, rowNumber: Number(row.rowNumber), confidence: Number(row.confidence) })),
  );
}

export async function insertImport(
  db: Executor,
  values: { userId: string; source: HistoryImportSource; label: string; totalRows: number },
): Promise<string> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`insert into history_imports (user_id, source, label, state, total_rows)
        values (${values.userId}, ${values.source}, ${values.label}, 'preview', ${values.totalRows}) returning id`,
  );
  return rows[0]!.id;
}

export interface RowInsert {
  rowNumber: number;
  raw: unknown;
  eventDate: string | null;
  artistName: string | null;
  venueName: string | null;
  city: string | null;
  country: string | null;
  outcome: HistoryRowOutcome;
  confidence: number | null;
  stopId: string | null;
  message: string | null;
}

export async function insertRows(db: Executor, importId: string, rows: RowInsert[]): Promise<void> {
  await batched(
    db,
    rows.map((row) => ({ ...row, raw: JSON.stringify(row.raw) })),
    (batch) => sql`
      insert into history_import_rows (import_id, row_number, raw, event_date, artist_name, venue_name, city, country,
                                       outcome, confidence, stop_id, message)
      select ${importId}::uuid, x."rowNumber"::int, x.raw::jsonb, x."eventDate", x."artistName", x."venueName", x.city,
             x.country, x.outcome, x.confidence::real, x."stopId", x.message
      from ${recordset(batch, {
        rowNumber: 'float8',
        raw: 'text',
        eventDate: 'date',
        artistName: 'text',
        venueName: 'text',
        city: 'text',
        country: 'text',
        outcome: 'text',
        confidence: 'float8',
        stopId: 'uuid',
        message: 'text',
      })}`,
  );
}

export interface ImportRowRecord {
  id: string;
  userId: string;
  source: HistoryImportSource;
  label: string;
  state: HistoryImportState;
  totalRows: number;
  processedRows: number;
  addedCount: number;
  createdStopCount: number;
  skippedCount: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  undoneAt: string | null;
  counts: Record<HistoryRowOutcome, number>;
}

const importColumns = sql`i.id, i.user_id as "userId", i.source, i.label, i.state, i.total_rows as "totalRows",
  i.processed_rows as "processedRows", i.added_count as "addedCount", i.created_stop_count as "createdStopCount",
  i.skipped_count as "skippedCount", i.error, i.created_at as "createdAt", i.finished_at as "finishedAt",
  i.undone_at as "undoneAt",
  (select json_build_object(
     'matched', count(*) filter (where r.outcome = 'matched'),
     'create', count(*) filter (where r.outcome = 'create'),
     'duplicate', count(*) filter (where r.outcome = 'duplicate'),
     'unparseable', count(*) filter (where r.outcome = 'unparseable'))
   from history_import_rows r where r.import_id = i.id) as counts`;

/** One import of this user (never another's). */
export async function selectImport(db: Executor, importId: string, userId: string): Promise<ImportRowRecord | null> {
  const rows = await rowsOf<ImportRowRecord>(
    db,
    sql`select ${importColumns} from history_imports i where i.id = ${importId} and i.user_id = ${userId}`,
  );
  return rows[0] ?? null;
}

export function selectImports(db: Executor, userId: string, limit: number): Promise<ImportRowRecord[]> {
  return rowsOf<ImportRowRecord>(
    db,
    sql`select ${importColumns} from history_imports i where i.user_id = ${userId} and i.state <> 'preview'
        order by i.created_at desc limit ${limit}`,
  );
}

export async function selectRowViews(
  db: Executor,
  importId: string,
  outcome: HistoryRowOutcome | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: HistoryImportRowView[]; total: number }> {
  const filter = outcome ? sql`and r.outcome = ${outcome}` : sql``;
  const rows = await rowsOf<HistoryImportRowView & { total: number }>(
    db,
    sql`select r.row_number as "rowNumber", r.event_date::text as "eventDate", r.artist_name as "artistName",
               r.venue_name as "venueName", r.city, r.country, r.outcome, r.confidence, nullif(r.message, 'written') as message,
               case when s.id is null then null else json_build_object('id', s.id, 'artistName', a.name,
                 'venueName', v.name, 'city', v.city, 'eventDate', s.event_date::text) end as stop,
               count(*) over ()::int as total
        from history_import_rows r
        left join tour_stops s on s.id = r.stop_id
        left join artists a on a.id = s.artist_id
        left join venues v on v.id = s.venue_id
        where r.import_id = ${importId} ${filter}
        order by r.row_number
        offset ${offset} limit ${limit}`,
  );
  return {
    rows: rows.map(({ total: _total, ...row }) => ({
      ...row,
      confidence: row.confidence === null ? null : Number(row.confidence),
    })),
    total: rows[0]?.total ?? 0,
  };
}

/** Moves an import between states; false when it was not in `from` (someone else moved it first). */
export async function moveState(
  db: Executor,
  importId: string,
  from: HistoryImportState[],
  to: HistoryImportState,
  extra = sql``,
): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update history_imports set state = ${to} ${extra}
        where id = ${importId} and state in (select unnest(${`{${from.join(',')}}`}::text[])) returning id`,
  );
  return rows.length > 0;
}

/** Renews the running import's heartbeat. */
export async function touchHeartbeat(db: Executor, importId: string): Promise<void> {
  await db.execute(sql`update history_imports set heartbeat_at = now() where id = ${importId} and state = 'running'`);
}

/**
 * Running imports not heard from for `staleMs` (no heartbeat yet: since they were made), claimed by
 * renewing their heartbeat, so of several processes looking at once only one runs each again.
 */
export async function claimStalled(db: Executor, staleMs: number): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update history_imports set heartbeat_at = now()
        where state = 'running'
          and coalesce(heartbeat_at, created_at) < now() - make_interval(secs => ${staleMs / 1000}::float8)
        returning id`,
  );
  return rows.map((row) => row.id);
}

/** A row to write: its date and artist are known ('matched' and 'create' rows always have them). */
export type PendingRow = Pick<
  typeof historyImportRows.$inferSelect,
  'id' | 'rowNumber' | 'stopId' | 'venueName' | 'city' | 'country'
> & {
  outcome: 'matched' | 'create';
  raw: Record<string, unknown>;
  eventDate: string;
  artistName: string;
};

/** Rows the job has still to write (a re-run after a crash skips what was written). */
export function selectPendingRows(db: Executor, importId: string, limit: number): Promise<PendingRow[]> {
  return rowsOf<PendingRow>(
    db,
    sql`select r.id, r.row_number as "rowNumber", r.outcome, r.stop_id as "stopId", r.raw, r.event_date::text as "eventDate",
               r.artist_name as "artistName", r.venue_name as "venueName", r.city, r.country
        from history_import_rows r
        where r.import_id = ${importId} and r.outcome in ('matched', 'create') and r.message is distinct from 'written'
        order by r.row_number limit ${limit}`,
  );
}

export interface RowWrite {
  id: string;
  stopId: string | null;
  userShowId: string | null;
  createdStopId: string | null;
  setlistId: string | null;
}

/** Inserts the attended shows of a chunk; returns each row's new user_shows id (null: already there). */
export async function insertAttended(
  db: Executor,
  userId: string,
  rows: { id: string; stopId: string }[],
): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const inserted = await rowsOf<{ id: string; stopId: string }>(
    db,
    sql`insert into user_shows (user_id, stop_id, state, seen_revision)
        select ${userId}::uuid, s.id, 'attended', s.revision
        from tour_stops s where s.id in (select x."stopId" from ${recordset(rows, { stopId: 'uuid' })})
        on conflict (user_id, stop_id) do nothing
        returning id, stop_id as "stopId"`,
  );
  const byStop = new Map(inserted.map((row) => [row.stopId, row.id]));
  const result = new Map<string, string>();
  for (const row of rows) {
    const id = byStop.get(row.stopId);
    if (id) {
      result.set(row.id, id);
      byStop.delete(row.stopId);
    }
  }
  return result;
}

/** Marks rows written ('written' in message), with what this import itself added. */
export async function markRowsWritten(db: Executor, writes: RowWrite[]): Promise<void> {
  if (writes.length === 0) return;
  await db.execute(sql`
    update history_import_rows r set message = 'written', stop_id = coalesce(x."stopId", r.stop_id),
      user_show_id = x."userShowId", created_stop_id = x."createdStopId", setlist_id = x."setlistId",
      outcome = case when x."userShowId" is null then 'duplicate' else r.outcome end
    from ${recordset(writes, { id: 'uuid', stopId: 'uuid', userShowId: 'uuid', createdStopId: 'uuid', setlistId: 'uuid' })}
    where r.id = x.id`);
}

export async function addProgress(
  db: Executor,
  importId: string,
  processed: number,
  added: number,
  created: number,
  skipped: number,
): Promise<{ processedRows: number; totalRows: number }> {
  const rows = await rowsOf<{ processedRows: number; totalRows: number }>(
    db,
    sql`update history_imports set processed_rows = processed_rows + ${processed}, added_count = added_count + ${added},
          created_stop_count = created_stop_count + ${created}, skipped_count = skipped_count + ${skipped}
        where id = ${importId} returning processed_rows as "processedRows", total_rows as "totalRows"`,
  );
  return rows[0]!;
}

/**
 * Undo: the fan's shows this import added, then the stops it created that nobody else has in
 * their list (pending submissions of this fan). Shows that were there before are untouched.
 */
export async function undoWrites(db: Executor, importId: string, userId: string): Promise<void> {
  await db.execute(sql`
    delete from user_shows us using history_import_rows r
    where r.import_id = ${importId} and us.id = r.user_show_id and us.user_id = ${userId}`);
  await db.execute(sql`
    delete from tour_stops s using history_import_rows r
    where r.import_id = ${importId} and s.id = r.created_stop_id and s.submitted_by = ${userId}
      and s.review_state = 'pending'
      and not exists (select 1 from user_shows us where us.stop_id = s.id)`);
}
