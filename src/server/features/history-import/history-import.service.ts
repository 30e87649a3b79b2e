import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/sql.ts';
import { normaliseCatalog, writeCatalogEntries } from '#server/features/catalog/catalog.service.ts';
import { appendUserEvents } from '#server/features/realtime/user-events.repo.ts';
import { storeSetlistForStop } from '#server/features/setlists/setlists.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { Queue } from '#server/lib/queue.ts';
import { ProviderError } from '#server/providers/http.ts';
import { defaultTourName } from '#server/providers/jambase/jambase.mapping.ts';
import { isOverQuota, readPages, type SetlistFmClient } from '#server/providers/setlistfm/setlistfm.client.ts';
import type { FetchedSetlist } from '#server/providers/setlistfm/setlistfm.mapping.ts';
import {
  HISTORY_IMPORT_LIMITS,
  HISTORY_IMPORT_MESSAGES,
  type HistoryCsvMapping,
  type HistoryImportRowView,
  type HistoryImportSource,
  type HistoryImportView,
  type HistoryRowOutcome,
  SETLIST_MESSAGES,
} from '#shared/setlists.ts';
import { titleCase } from '#shared/text.ts';
import { isStorableText, TEXT_MESSAGES } from '#shared/text-schema.ts';
import { countryCode, type ImportRow, parseAppExport, parseCsvRows, rowsFromSetlists } from './history-import.parse.ts';
import * as repo from './history-import.repo.ts';

export interface HistoryImportDeps extends CatalogWriterDeps {
  setlistFm: SetlistFmClient | null;
  queue: Pick<Queue, 'send'>;
  logger: Logger;
}

export interface HistoryImportJobPayload {
  importId: string;
}

/** Set by the jobs module (it owns the job type); the service only sends it. */
export type SendImportJob = (importId: string) => Promise<void>;

/** How often a running import says it is alive, and how long a silent one waits before it is run again. */
export const HISTORY_IMPORT_HEARTBEAT_MS = 10_000;
export const HISTORY_IMPORT_STALLED_AFTER_MS = 40_000;

/** Rows written per transaction: one progress step. */
export const IMPORT_CHUNK = 200;

/** A file's cells are stored as they are: the shared text rule, for the whole file at once. */
function requireStorableText(text: string): void {
  if (!isStorableText(text)) throw new AppError('BAD_REQUEST', TEXT_MESSAGES.unstorable);
}

const notFound = () => new AppError('NOT_FOUND', HISTORY_IMPORT_MESSAGES.importNotFound);

export function toView(record: repo.ImportRowRecord): HistoryImportView {
  const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);
  return {
    id: record.id,
    source: record.source,
    label: record.label,
    state: record.state,
    totalRows: record.totalRows,
    processedRows: record.processedRows,
    addedCount: record.addedCount,
    createdStopCount: record.createdStopCount,
    skippedCount: record.skippedCount,
    counts: {
      matched: Number(record.counts?.matched ?? 0),
      create: Number(record.counts?.create ?? 0),
      duplicate: Number(record.counts?.duplicate ?? 0),
      unparseable: Number(record.counts?.unparseable ?? 0),
    },
    error: record.error,
    createdAt: new Date(record.createdAt).toISOString(),
    finishedAt: iso(record.finishedAt),
    undoneAt: iso(record.undoneAt),
  };
}

// ---------------------------------------------------------------------------------------------
// Preview

const createKey = (row: ImportRow, country: string) =>
  [row.artistName, row.venueName, row.city, country, row.eventDate].join('|').toLowerCase();

/** Each row's verdict: matched (with confidence), create, duplicate or unparseable. */
export async function classifyRows(database: Database, userId: string, rows: ImportRow[]): Promise<repo.RowInsert[]> {
  const parseable = rows.filter((row) => !row.problem);
  const matches = new Map(
    (
      await repo.matchStops(
        database.db,
        userId,
        parseable.map((row) => ({
          rowNumber: row.rowNumber,
          eventDate: row.eventDate!,
          artist: row.artistName!,
          mbid: row.artistMbid,
          venue: row.venueName,
          city: row.city,
        })),
      )
    ).map((match) => [match.rowNumber, match]),
  );
  const firstRowOf = new Map<string, number>();
  return rows.map((row) => {
    const base = {
      rowNumber: row.rowNumber,
      raw: row.setlist ? { ...row.raw, setlist: row.setlist } : row.raw,
      eventDate: row.eventDate,
      artistName: row.artistName,
      venueName: row.venueName,
      city: row.city,
      country: row.country,
      confidence: null,
      stopId: null,
      message: null,
    };
    const verdict = (outcome: HistoryRowOutcome, extra: Partial<repo.RowInsert> = {}): repo.RowInsert => ({
      ...base,
      outcome,
      ...extra,
    });
    if (row.problem) return verdict('unparseable', { message: row.problem });
    const match = matches.get(row.rowNumber);
    if (match) {
      const earlier = firstRowOf.get(match.stopId);
      if (match.inHistory) return verdict('duplicate', { stopId: match.stopId, message: 'Already in your history.' });
      if (earlier !== undefined) {
        return verdict('duplicate', { stopId: match.stopId, message: `The same show as row ${earlier}.` });
      }
      firstRowOf.set(match.stopId, row.rowNumber);
      return verdict('matched', { stopId: match.stopId, confidence: Math.round(match.confidence * 100) / 100 });
    }
    const country = countryCode(row.country);
    if (!row.venueName || !row.city || !row.country) {
      return verdict('unparseable', {
        message: 'Not in the catalog: a venue, city and country are needed to add it.',
      });
    }
    if (!country) {
      return verdict('unparseable', { message: 'The country is not known: use its name or 2-letter code.' });
    }
    const key = createKey(row, country);
    const earlier = firstRowOf.get(key);
    if (earlier !== undefined) return verdict('duplicate', { message: `The same show as row ${earlier}.` });
    firstRowOf.set(key, row.rowNumber);
    return verdict('create', { country });
  });
}

async function createPreview(
  deps: HistoryImportDeps,
  userId: string,
  source: HistoryImportSource,
  label: string,
  rows: ImportRow[],
): Promise<HistoryImportView> {
  const verdicts = await classifyRows(deps.database, userId, rows);
  const importId = await deps.database.db.transaction(async (tx) => {
    const id = await repo.insertImport(tx, { userId, source, label, totalRows: rows.length });
    await repo.insertRows(tx, id, verdicts);
    return id;
  });
  return getImport(deps, userId, importId);
}

export function previewCsv(
  deps: HistoryImportDeps,
  userId: string,
  fileName: string,
  text: string,
  mapping: HistoryCsvMapping,
): Promise<HistoryImportView> {
  if (!mapping.date || !mapping.artist) throw new AppError('BAD_REQUEST', HISTORY_IMPORT_MESSAGES.mappingRequired);
  requireStorableText(text);
  return createPreview(deps, userId, 'csv', fileName, parseCsvRows(text, mapping));
}

export function previewAppExport(
  deps: HistoryImportDeps,
  userId: string,
  fileName: string,
  text: string,
): Promise<HistoryImportView> {
  requireStorableText(text);
  return createPreview(deps, userId, 'app', fileName, parseAppExport(text));
}

function providerRefusal(error: unknown): never {
  if (isOverQuota(error)) throw new AppError('UNAVAILABLE', SETLIST_MESSAGES.providerOverQuota);
  if (error instanceof ProviderError) throw new AppError('UNAVAILABLE', SETLIST_MESSAGES.providerUnavailable);
  throw error;
}

/** A setlist.fm user's attended list, page by page (20 a page, paced by the client). */
export async function previewSetlistfm(
  deps: HistoryImportDeps,
  userId: string,
  username: string,
): Promise<HistoryImportView> {
  const client = deps.setlistFm;
  if (!client) throw new AppError('UNAVAILABLE', SETLIST_MESSAGES.providerUnavailable);
  let setlists: FetchedSetlist[] = [];
  try {
    if (!(await client.userExists(username))) {
      throw new AppError('BAD_REQUEST', HISTORY_IMPORT_MESSAGES.unknownSetlistfmUser);
    }
    ({ setlists } = await readPages(
      (page) => client.attended(username, page),
      HISTORY_IMPORT_LIMITS.setlistfmMaxPages,
    ));
  } catch (error) {
    if (error instanceof AppError) throw error;
    providerRefusal(error);
  }
  if (setlists.length === 0) throw new AppError('BAD_REQUEST', HISTORY_IMPORT_MESSAGES.csvEmpty);
  return createPreview(deps, userId, 'setlistfm', username, rowsFromSetlists(setlists));
}

// ---------------------------------------------------------------------------------------------
// Reads, start, discard, undo

export async function getImport(deps: HistoryImportDeps, userId: string, importId: string): Promise<HistoryImportView> {
  const record = await repo.selectImport(deps.database.db, importId, userId);
  if (!record) throw notFound();
  return toView(record);
}

export async function listImports(deps: HistoryImportDeps, userId: string) {
  return { imports: (await repo.selectImports(deps.database.db, userId, 20)).map(toView) };
}

export async function getRows(
  deps: HistoryImportDeps,
  userId: string,
  importId: string,
  page: number,
  outcome: HistoryRowOutcome | undefined,
): Promise<{ rows: HistoryImportRowView[]; total: number; page: number; pageSize: number }> {
  await getImport(deps, userId, importId);
  const size = HISTORY_IMPORT_LIMITS.previewPageSize;
  const { rows, total } = await repo.selectRowViews(deps.database.db, importId, outcome, (page - 1) * size, size);
  return {
    rows: rows.map((row) => ({
      ...row,
      stop: row.stop ? { ...row.stop, artistName: titleCase(row.stop.artistName) } : null,
    })),
    total,
    page,
    pageSize: size,
  };
}

export async function startImport(
  deps: HistoryImportDeps,
  userId: string,
  importId: string,
  send: SendImportJob,
): Promise<HistoryImportView> {
  const view = await getImport(deps, userId, importId);
  if (view.state !== 'preview') throw new AppError('CONFLICT', HISTORY_IMPORT_MESSAGES.notPreview);
  if (view.counts.matched + view.counts.create === 0) {
    throw new AppError('BAD_REQUEST', HISTORY_IMPORT_MESSAGES.nothingToImport);
  }
  if (!(await repo.moveState(deps.database.db, importId, ['preview'], 'queued'))) {
    throw new AppError('CONFLICT', HISTORY_IMPORT_MESSAGES.notPreview);
  }
  await send(importId);
  return getImport(deps, userId, importId);
}

export async function discardPreview(deps: HistoryImportDeps, userId: string, importId: string): Promise<void> {
  const view = await getImport(deps, userId, importId);
  if (view.state !== 'preview') throw new AppError('CONFLICT', HISTORY_IMPORT_MESSAGES.notPreview);
  await deps.database.query(`delete from history_imports where id = $1 and user_id = $2 and state = 'preview'`, [
    importId,
    userId,
  ]);
}

/** Removes everything the import added, in one transaction; what was there before stays. */
export async function undoImport(
  deps: HistoryImportDeps,
  userId: string,
  importId: string,
): Promise<HistoryImportView> {
  const view = await getImport(deps, userId, importId);
  if (view.state !== 'done' && view.state !== 'failed') {
    throw new AppError('CONFLICT', HISTORY_IMPORT_MESSAGES.notUndoable);
  }
  await deps.database.db.transaction(async (tx) => {
    if (!(await repo.moveState(tx, importId, ['done', 'failed'], 'undone', sqlUndoneAt))) {
      throw new AppError('CONFLICT', HISTORY_IMPORT_MESSAGES.notUndoable);
    }
    await repo.undoWrites(tx, importId, userId);
  });
  return getImport(deps, userId, importId);
}

const sqlUndoneAt = sql`, undone_at = now()`;

// ---------------------------------------------------------------------------------------------
// The job

async function progressEvent(tx: Parameters<typeof appendUserEvents>[0], userId: string, importId: string) {
  const record = await repo.selectImport(tx, importId, userId);
  if (!record) return;
  await appendUserEvents(tx, [
    {
      userId,
      event: {
        type: 'history-import-progress',
        importId,
        state: record.state,
        processedRows: record.processedRows,
        totalRows: record.totalRows,
      },
    },
  ]);
}

interface CreatedStop {
  stopId: string;
  /** False when the show was already in the catalog as another fan's submission: the fan gets it, it is not theirs. */
  createdByImport: boolean;
}

/**
 * Creates the pending stops of a chunk's 'create' rows through the catalog writer; returns row id →
 * the stop (created now, or the same show another fan submitted before).
 */
async function createStops(
  writer: CatalogWriterDeps,
  userId: string,
  rows: repo.PendingRow[],
): Promise<Map<string, CreatedStop>> {
  if (rows.length === 0) return new Map();
  const byArtist = new Map<string, repo.PendingRow[]>();
  for (const row of rows) byArtist.set(row.artistName, [...(byArtist.get(row.artistName) ?? []), row]);
  const entries = normaliseCatalog(
    {
      artists: [...byArtist].map(([artist, list]) => ({
        name: artist,
        ...(list[0]!.raw.setlist && (list[0]!.raw.setlist as FetchedSetlist).artistMbid
          ? { mbid: (list[0]!.raw.setlist as FetchedSetlist).artistMbid! }
          : {}),
        tours: [
          {
            name: defaultTourName(titleCase(artist)),
            stops: list.map((row) => ({
              date: row.eventDate,
              venue: row.venueName!,
              city: row.city!,
              // The code ('JP'), as every catalog venue has it: the raw 'Japan' became 'JAPAN' and lost its name.
              country: countryCode(row.country) ?? row.country!,
            })),
          },
        ],
      })),
    },
    'user',
  );
  for (const entry of entries) for (const tour of entry.tours) for (const stop of tour.stops) stop.submittedBy = userId;
  await writeCatalogEntries(writer, entries);
  const found = await repo.matchStops(
    writer.database.db,
    userId,
    rows.map((row) => ({
      rowNumber: row.rowNumber,
      eventDate: row.eventDate,
      artist: row.artistName,
      mbid: null,
      venue: row.venueName,
      city: row.city,
    })),
    'written',
  );
  const byNumber = new Map(found.map((match) => [match.rowNumber, match]));
  return new Map(
    rows.flatMap((row) => {
      const match = byNumber.get(row.rowNumber);
      return match ? [[row.id, { stopId: match.stopId, createdByImport: match.ownSubmission }]] : [];
    }),
  );
}

async function writeChunk(deps: HistoryImportDeps, userId: string, importId: string, rows: repo.PendingRow[]) {
  const created = await createStops(
    deps,
    userId,
    rows.filter((row) => row.outcome === 'create'),
  );
  await deps.database.db.transaction(async (tx) => {
    const targets = rows.flatMap((row) => {
      const stopId = row.outcome === 'create' ? created.get(row.id)?.stopId : row.stopId;
      return stopId ? [{ id: row.id, stopId }] : [];
    });
    const added = await repo.insertAttended(tx, userId, targets);
    const stopOf = new Map(targets.map((target) => [target.id, target.stopId]));
    const writes: repo.RowWrite[] = [];
    for (const row of rows) {
      const stopId = stopOf.get(row.id) ?? null;
      const setlist = row.raw.setlist as FetchedSetlist | undefined;
      let setlistId: string | null = null;
      if (stopId && setlist) {
        const stop = await rowsOf<{ artistId: string }>(
          tx,
          sql`select artist_id as "artistId" from tour_stops where id = ${stopId}`,
        );
        if (stop[0]) setlistId = await storeSetlistForStop(tx, stop[0].artistId, stopId, setlist);
      }
      writes.push({
        id: row.id,
        stopId,
        userShowId: added.get(row.id) ?? null,
        createdStopId: row.outcome === 'create' && created.get(row.id)?.createdByImport ? stopId : null,
        setlistId,
      });
    }
    await repo.markRowsWritten(tx, writes);
    const addedCount = writes.filter((write) => write.userShowId).length;
    const createdCount = writes.filter((write) => write.createdStopId && write.userShowId).length;
    await repo.addProgress(tx, importId, rows.length, addedCount, createdCount, rows.length - addedCount);
    await progressEvent(tx, userId, importId);
  });
}

/**
 * Writes a confirmed import chunk by chunk, each in its own transaction with a progress event, so
 * the bar moves and a crash resumes where it stopped (written rows are skipped on the re-run).
 * Rows that were duplicates or unparseable in the preview count as processed at the start.
 */
export async function runImport(deps: HistoryImportDeps, importId: string): Promise<void> {
  const { rows: owners } = await deps.database.query<{ user_id: string; state: string }>(
    'select user_id, state from history_imports where id = $1',
    [importId],
  );
  const owner = owners[0];
  if (!owner || !['queued', 'running'].includes(owner.state)) return;
  const userId = owner.user_id;
  await deps.database.db.transaction(async (tx) => {
    await repo.moveState(tx, importId, ['queued'], 'running');
    await repo.touchHeartbeat(tx, importId);
    await tx.execute(sql`
      update history_imports i set processed_rows = (select count(*) from history_import_rows r
        where r.import_id = i.id and (r.outcome in ('duplicate', 'unparseable') or r.message = 'written')),
        skipped_count = (select count(*) from history_import_rows r
        where r.import_id = i.id and r.outcome in ('duplicate', 'unparseable'))
      where i.id = ${importId}`);
    await progressEvent(tx, userId, importId);
  });
  // A chunk can take a while: the heartbeat runs beside it, so only a dead process goes silent.
  const heartbeat = setInterval(() => {
    repo.touchHeartbeat(deps.database.db, importId).catch((error: unknown) => {
      deps.logger.warn({ err: error, importId }, 'history import heartbeat failed');
    });
  }, HISTORY_IMPORT_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    for (;;) {
      const chunk = await repo.selectPendingRows(deps.database.db, importId, IMPORT_CHUNK);
      if (chunk.length === 0) break;
      await writeChunk(deps, userId, importId, chunk);
    }
    await deps.database.db.transaction(async (tx) => {
      await repo.moveState(tx, importId, ['running'], 'done', sql`, finished_at = now()`);
      await progressEvent(tx, userId, importId);
    });
  } catch (error) {
    deps.logger.error({ err: error, importId }, 'history import failed');
    await deps.database.db.transaction(async (tx) => {
      await repo.moveState(
        tx,
        importId,
        ['running'],
        'failed',
        sql`, finished_at = now(), error = ${'The import stopped on an error; what was written can be undone.'}`,
      );
      await progressEvent(tx, userId, importId);
    });
  } finally {
    clearInterval(heartbeat);
  }
}
