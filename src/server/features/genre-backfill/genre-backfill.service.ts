import type { Database } from '#server/db/client.ts';
import { type AuditActor, recordAdminAction } from '#server/features/admin/audit.service.ts';
import {
  insertAdminJob,
  selectAdminJob,
  selectRecentAdminJobs,
  toJobView,
  updateAdminJob,
} from '#server/features/admin/catalog-jobs.repo.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { CatalogChanges } from '#server/lib/catalog-changes.ts';
import type { Queue } from '#server/lib/queue.ts';
import type { MusicBrainzClient } from '#server/providers/musicbrainz/musicbrainz.client.ts';
import type { AdminJobView } from '#shared/admin-jobs.ts';
import {
  GENRES_APPLIED_MAX,
  type GenreApplyReport,
  type GenreBackfillOverview,
  type GenrePreviewReport,
  type GenreProposal,
} from '#shared/genre-backfill.ts';
import { genreBackfillJob } from './genre-backfill.jobs.ts';
import { countMissingGenres, selectArtistsWithoutGenres, setGenresIfEmpty } from './genre-backfill.repo.ts';

export const GENRE_BACKFILL = 'genre-backfill';
/** Progress is written every this many artists (and at the end). */
const PROGRESS_EVERY = 5;

export interface GenreJobInput {
  mode: 'preview' | 'apply' | 'scheduled';
  limit?: number;
  previewJobId?: string;
  artistIds?: string[];
  actor?: AuditActor | null;
}

export async function genreOverview(database: Database): Promise<GenreBackfillOverview> {
  const counts = await countMissingGenres(database.db);
  const jobs = await selectRecentAdminJobs(database.db, GENRE_BACKFILL);
  return { ...counts, jobs: jobs.map((row) => toJobView(row)) };
}

export async function getGenreJob(database: Database, id: string): Promise<AdminJobView> {
  const row = await selectAdminJob(database.db, id, GENRE_BACKFILL);
  if (!row) throw notFound('Job');
  return toJobView(row);
}

async function startJob(
  deps: { database: Database; queue: Pick<Queue, 'send'> },
  label: string,
  total: number,
  input: GenreJobInput,
  createdBy: string | null,
): Promise<AdminJobView> {
  const id = await insertAdminJob(deps.database.db, { kind: GENRE_BACKFILL, label, total, input, createdBy });
  await deps.queue.send(genreBackfillJob, { jobId: id });
  return getGenreJob(deps.database, id);
}

/** Looks the artists up on MusicBrainz in a job (1 request/s, shared): the preview with vote counts. */
export async function startGenrePreview(
  deps: { database: Database; queue: Pick<Queue, 'send'> },
  actor: AuditActor,
  limit: number,
): Promise<AdminJobView> {
  const { withMbid } = await countMissingGenres(deps.database.db);
  const total = Math.min(limit, withMbid);
  if (total === 0) throw new AppError('BAD_REQUEST', 'No artist without genres has a MusicBrainz ID to look up.');
  return startJob(
    deps,
    `Preview of ${total} artist${total === 1 ? '' : 's'}`,
    total,
    { mode: 'preview', limit },
    actor.id,
  );
}

/** Applies a finished preview's genres (all, or the selected artists) in a job. */
export async function startGenreApply(
  deps: { database: Database; queue: Pick<Queue, 'send'> },
  actor: AuditActor,
  previewJobId: string,
  artistIds: string[] | undefined,
): Promise<AdminJobView> {
  const preview = await selectAdminJob(deps.database.db, previewJobId, GENRE_BACKFILL);
  const report = preview?.report as GenrePreviewReport | null | undefined;
  if (preview?.status !== 'done' || !report?.proposals) {
    throw new AppError('BAD_REQUEST', 'Apply a finished preview.');
  }
  const chosen = proposalsToApply(report.proposals, artistIds);
  if (chosen.length === 0) throw new AppError('BAD_REQUEST', 'None of the chosen artists has genres to apply.');
  return startJob(
    deps,
    `Apply genres to ${chosen.length} artist${chosen.length === 1 ? '' : 's'}`,
    chosen.length,
    { mode: 'apply', previewJobId, artistIds: chosen.map((p) => p.artistId), actor },
    actor.id,
  );
}

function proposalsToApply(proposals: GenreProposal[], artistIds?: string[]): GenreProposal[] {
  const wanted = artistIds ? new Set(artistIds) : null;
  return proposals.filter((p) => p.genres.length > 0 && (!wanted || wanted.has(p.artistId)));
}

const chosenGenres = (proposal: GenreProposal) => proposal.genres.slice(0, GENRES_APPLIED_MAX).map((g) => g.name);

export interface GenreJobDeps {
  database: Database;
  catalogChanges: Pick<CatalogChanges, 'changed'>;
  musicBrainz: Pick<MusicBrainzClient, 'lookupGenres'>;
}

async function lookUp(
  deps: GenreJobDeps,
  jobId: string,
  artists: { id: string; name: string; slug: string; mbid: string }[],
): Promise<GenreProposal[]> {
  const proposals: GenreProposal[] = [];
  for (const [index, artist] of artists.entries()) {
    const base = { artistId: artist.id, name: artist.name, slug: artist.slug, mbid: artist.mbid };
    try {
      const found = await deps.musicBrainz.lookupGenres(artist.mbid);
      proposals.push({ ...base, genres: found.genres, tags: found.tags, error: null });
    } catch (error) {
      proposals.push({ ...base, genres: [], tags: [], error: (error as Error).message });
    }
    if ((index + 1) % PROGRESS_EVERY === 0) {
      await updateAdminJob(deps.database.db, jobId, { done: index + 1, report: { proposals } });
    }
  }
  return proposals;
}

async function apply(
  deps: GenreJobDeps,
  jobId: string,
  proposals: GenreProposal[],
  actor: AuditActor | null,
): Promise<GenreApplyReport> {
  const report: GenreApplyReport = { applied: [], skipped: 0 };
  for (const [index, proposal] of proposals.entries()) {
    const genres = chosenGenres(proposal);
    const written = await deps.database.db.transaction(async (tx) => {
      const ok = await setGenresIfEmpty(tx, proposal.artistId, genres);
      if (ok && actor) {
        await recordAdminAction(tx, {
          actor,
          action: 'artist.genres-backfill',
          targetType: 'artist',
          targetId: proposal.artistId,
          targetLabel: proposal.name,
          before: { genres: [] },
          after: { genres, votes: proposal.genres.slice(0, GENRES_APPLIED_MAX) },
        });
      }
      return ok;
    });
    if (written) report.applied.push({ slug: proposal.slug, name: proposal.name, genres });
    else report.skipped += 1;
    if ((index + 1) % PROGRESS_EVERY === 0) await updateAdminJob(deps.database.db, jobId, { done: index + 1 });
  }
  await deps.catalogChanges.changed();
  return report;
}

/** New artists (added in the last two days) get their genres without a preview: the scheduled run. */
const SCHEDULED_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;
const SCHEDULED_MAX = 100;

export async function runGenreJob(deps: GenreJobDeps, jobId: string): Promise<void> {
  const row = await selectAdminJob(deps.database.db, jobId, GENRE_BACKFILL);
  if (!row || row.status === 'done') return;
  const input = row.input as GenreJobInput;
  await updateAdminJob(deps.database.db, jobId, { status: 'running', done: 0 });
  try {
    if (input.mode === 'apply') {
      const preview = await selectAdminJob(deps.database.db, input.previewJobId!, GENRE_BACKFILL);
      const previewReport = preview?.report as GenrePreviewReport | undefined;
      const proposals = proposalsToApply(previewReport?.proposals ?? [], input.artistIds);
      const applied = await apply(deps, jobId, proposals, input.actor ?? null);
      await updateAdminJob(deps.database.db, jobId, { status: 'done', done: proposals.length, report: applied });
      return;
    }
    const since = input.mode === 'scheduled' ? new Date(Date.now() - SCHEDULED_WINDOW_MS) : undefined;
    const artists = await selectArtistsWithoutGenres(deps.database.db, input.limit ?? SCHEDULED_MAX, since);
    await updateAdminJob(deps.database.db, jobId, { total: artists.length });
    const proposals = await lookUp(deps, jobId, artists);
    if (input.mode === 'preview') {
      await updateAdminJob(deps.database.db, jobId, { status: 'done', done: artists.length, report: { proposals } });
      return;
    }
    const report = await apply(deps, jobId, proposalsToApply(proposals), null);
    await updateAdminJob(deps.database.db, jobId, {
      status: 'done',
      done: artists.length,
      report: { ...report, proposals },
    });
  } catch (error) {
    await updateAdminJob(deps.database.db, jobId, { status: 'failed', error: (error as Error).message });
    throw error;
  }
}

/** The daily scheduled run: a job row like an admin's, labelled as scheduled. */
export async function startScheduledGenreRun(deps: GenreJobDeps): Promise<void> {
  const id = await insertAdminJob(deps.database.db, {
    kind: GENRE_BACKFILL,
    label: `Scheduled run for new artists · ${new Date().toISOString().slice(0, 10)}`,
    total: 0,
    input: { mode: 'scheduled', limit: SCHEDULED_MAX },
    createdBy: null,
  });
  await runGenreJob(deps, id);
}
