import type { Database } from '#server/db/client.ts';
import { type AuditActor, recordAdminAction } from '#server/features/admin/audit.service.ts';
import {
  insertAdminJob,
  selectAdminJob,
  selectRecentAdminJobs,
  toJobView,
  updateAdminJob,
} from '#server/features/admin/catalog-jobs.repo.ts';
import { normaliseCatalog, writeCatalogEntries } from '#server/features/catalog/catalog.service.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import type { Queue } from '#server/lib/queue.ts';
import type { AdminJobView } from '#shared/admin-jobs.ts';
import {
  type DryRunReport,
  historicalImportMessages,
  type ImportRowReport,
  REPORT_ROWS_KEPT,
  type RunReport,
} from '#shared/historical-import.ts';
import type { HistoricalImportBody } from '#shared/historical-import-api.ts';
import { historicalImportJob } from './historical-import.jobs.ts';
import { findArtists, findStopKeys, findVenueKeys } from './historical-import.repo.ts';
import { type CheckedRow, checkRows, contentHash, keyOf, rowFile } from './historical-import.rows.ts';

export const HISTORICAL_IMPORT = 'historical-import';
/** Rows written per transaction: progress moves, and a failure keeps what was written (it is idempotent). */
const CHUNK_ROWS = 250;

interface Evaluated {
  checked: CheckedRow[];
  reports: ImportRowReport[];
}

/** Each row against the catalog as it is now: would be added, is there already, or is rejected. */
async function evaluate(database: Database, body: HistoricalImportBody): Promise<Evaluated> {
  const checked = checkRows(body);
  const keyed = checked.map((row) => ({ row, key: row.valid ? keyOf(row) : null }));
  const keys = keyed.flatMap((item) => (item.key ? [item.key] : []));
  const artists = await findArtists(
    database.db,
    [...new Set(keys.map((key) => key.slug))],
    [...new Set(keys.flatMap((key) => (key.mbid ? [key.mbid] : [])))],
  );
  const byMbid = new Map(artists.filter((a) => a.mbid).map((a) => [a.mbid!, a.id]));
  const bySlug = new Map(artists.map((a) => [a.slug, a.id]));
  const stopKeys = await findStopKeys(database.db, [...new Set(artists.map((a) => a.id))]);
  const venueKeys = await findVenueKeys(database.db, [...new Set(keys.map((key) => key.venueKey))]);
  const seen = new Map<string, number>();
  const reports = keyed.map(({ row, key }): ImportRowReport => {
    const base = { row: row.row, artist: row.artist, date: row.date, venue: row.venue, city: row.city };
    if (!key) return { ...base, outcome: 'reject', note: row.problem };
    const artistId = (key.mbid && byMbid.get(key.mbid)) || bySlug.get(key.slug);
    const identity = `${key.slug}|${key.tour}|${key.date}|${key.venueKey}`;
    const earlier = seen.get(identity);
    if (earlier) return { ...base, outcome: 'match', note: `same as row ${earlier}` };
    seen.set(identity, row.row);
    if (artistId && stopKeys.has(`${artistId}|${key.tour}|${key.date}|${key.venueKey}`)) {
      return { ...base, outcome: 'match', note: 'already in the catalog' };
    }
    const notes = [!artistId && 'new artist', !venueKeys.has(key.venueKey) && 'new venue'].filter(Boolean);
    return { ...base, outcome: 'add', note: notes.length ? notes.join(', ') : null };
  });
  return { checked, reports };
}

function toReport(hash: string, reports: ImportRowReport[]): DryRunReport {
  const count = (outcome: ImportRowReport['outcome']) => reports.filter((r) => r.outcome === outcome).length;
  return {
    hash,
    summary: { rows: reports.length, add: count('add'), match: count('match'), reject: count('reject') },
    // Rejected rows first: they are what the admin must look at.
    rows: [...reports.filter((r) => r.outcome === 'reject'), ...reports.filter((r) => r.outcome !== 'reject')].slice(
      0,
      REPORT_ROWS_KEPT,
    ),
    truncated: reports.length > REPORT_ROWS_KEPT,
  };
}

export async function dryRun(database: Database, body: HistoricalImportBody): Promise<DryRunReport> {
  const { reports } = await evaluate(database, body);
  return toReport(contentHash(body), reports);
}

/**
 * Starts the import as a job. Any invalid row refuses the run unless the admin chose "valid rows
 * only": rows are never skipped silently. The same content already running is refused.
 */
export async function startImport(
  deps: { database: Database; queue: Pick<Queue, 'send'> },
  actor: AuditActor,
  body: HistoricalImportBody & { validOnly: boolean },
): Promise<AdminJobView> {
  const { reports } = await evaluate(deps.database, body);
  const rejected = reports.filter((r) => r.outcome === 'reject').length;
  if (rejected > 0 && !body.validOnly) {
    throw new AppError('BAD_REQUEST', historicalImportMessages.invalidRows(rejected));
  }
  if (rejected === reports.length) throw new AppError('BAD_REQUEST', historicalImportMessages.nothingValid);
  const hash = contentHash(body);
  const valid = reports.length - rejected;
  let id: string;
  try {
    id = await insertAdminJob(deps.database.db, {
      kind: HISTORICAL_IMPORT,
      label: `${body.fileName} · ${hash.slice(0, 8)}`,
      total: valid,
      input: { ...body, actor },
      createdBy: actor.id,
    });
  } catch {
    // The partial unique index: this content is queued or running already.
    throw new AppError('CONFLICT', historicalImportMessages.alreadyRunning);
  }
  await deps.queue.send(historicalImportJob, { jobId: id });
  return getImportJob(deps.database, id);
}

export async function runImportJob(writer: CatalogWriterDeps, jobId: string): Promise<void> {
  const { database } = writer;
  const job = await selectAdminJob(database.db, jobId, HISTORICAL_IMPORT);
  if (!job || job.status === 'done') return;
  const input = job.input as HistoricalImportBody & { validOnly: boolean; actor: AuditActor };
  await updateAdminJob(database.db, jobId, { status: 'running', done: 0 });
  try {
    // Checked again against the catalog as it is now: the report says what this run did.
    const { checked, reports } = await evaluate(database, input);
    const valid = checked.filter((row) => row.valid);
    const written = { artistsAdded: 0, toursAdded: 0, stopsAdded: 0, venuesAdded: 0 };
    for (let start = 0; start < valid.length; start += CHUNK_ROWS) {
      const chunk = valid.slice(start, start + CHUNK_ROWS);
      // Each chunk commits (and is announced by the writer) on its own: a run that fails later still
      // told every process what it wrote.
      const summary = await writeCatalogEntries(writer, normaliseCatalog(rowFile(chunk), 'import'));
      written.artistsAdded += summary.artistsAdded;
      written.toursAdded += summary.toursAdded;
      written.stopsAdded += summary.stopsAdded;
      written.venuesAdded += summary.venuesAdded;
      await updateAdminJob(database.db, jobId, { done: start + chunk.length });
    }
    const report: RunReport = { ...toReport(contentHash(input), reports), written, validOnly: input.validOnly };
    await database.db.transaction(async (tx) => {
      await updateAdminJob(tx, jobId, { status: 'done', done: valid.length, report });
      await recordAdminAction(tx, {
        actor: input.actor,
        action: 'historical-import.run',
        targetType: HISTORICAL_IMPORT,
        targetId: jobId,
        targetLabel: job.label,
        before: { summary: report.summary, validOnly: input.validOnly },
        after: written,
      });
    });
  } catch (error) {
    await updateAdminJob(database.db, jobId, { status: 'failed', error: (error as Error).message });
    throw error;
  }
}

export async function getImportJob(database: Database, id: string): Promise<AdminJobView> {
  const row = await selectAdminJob(database.db, id, HISTORICAL_IMPORT);
  if (!row) throw notFound('Import');
  return toJobView(row);
}

export async function listImports(database: Database): Promise<AdminJobView[]> {
  return (await selectRecentAdminJobs(database.db, HISTORICAL_IMPORT)).map((row) => toJobView(row));
}
