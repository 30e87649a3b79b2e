import type { Database } from '#server/db/client.ts';
import { selectArtistBySlug } from '#server/features/artists/artists.repo.ts';
import { artistResyncJob } from '#server/features/sync/sync.jobs.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import type { Queue } from '#server/lib/queue.ts';
import { ADMIN_ARTISTS_PAGE_SIZE, type AdminArtistsPage, type AdminArtistsQuery } from '#shared/auth.ts';
import { NO_TOUR_SOURCE_MESSAGE } from '#shared/search.ts';
import { countArtists, findArtistPage, pageWindow } from './admin.repo.ts';
import { type AuditActor, recordAdminAction } from './audit.service.ts';

/** POST /api/admin/artists/:slug/resync → 202 */
export interface AdminResyncResponse {
  artistSlug: string;
  queued: boolean;
}

/** The whole catalog's count, kept briefly per database: counting 100,000 rows is most of a page's cost. */
const TOTAL_KEPT_MS = 5_000;
const keptTotals = new WeakMap<Database, { total: number; version: number; at: number }>();

/**
 * The artist count without a search: kept for 5 s while no catalog change is made or heard of
 * (lib/catalog-changes.ts; a change by a process without the event bus shows within those seconds).
 */
async function catalogTotal({ database, catalogChanges }: CatalogWriterDeps): Promise<number> {
  const kept = keptTotals.get(database);
  const now = performance.now();
  if (kept && kept.version === catalogChanges.version() && now - kept.at < TOTAL_KEPT_MS) return kept.total;
  const version = catalogChanges.version();
  const total = await countArtists(database, '');
  keptTotals.set(database, { total, version, at: now });
  return total;
}

/** The /admin/artists table: 25 per page, name contains `q` (case-insensitive). Callers are admins. */
export async function listArtistsForAdmin(
  catalog: CatalogWriterDeps,
  query: AdminArtistsQuery,
): Promise<AdminArtistsPage> {
  const { database } = catalog;
  const pageSize = ADMIN_ARTISTS_PAGE_SIZE;
  const total = query.q === '' ? await catalogTotal(catalog) : await countArtists(database, query.q);
  const offset = (query.page - 1) * pageSize;
  const rows =
    offset < total ? await findArtistPage(database, query.q, pageWindow(total, pageSize, offset), query.sort) : [];
  return {
    artists: rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      tourCount: Number(row.tour_count),
      stopCount: Number(row.stop_count),
    })),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
    pageSize,
  };
}

/**
 * Queues the artist's re-sync now (the daily job's own job, so it notifies followers the same
 * way). `queued` is false when one is already waiting: that one will do. Audited either way.
 */
export async function queueArtistResync(
  deps: { database: Database; queue: Pick<Queue, 'send'>; hasTourSource: boolean },
  actor: AuditActor,
  slug: string,
): Promise<AdminResyncResponse> {
  // Without JamBase the job would run and do nothing: say so instead of a 202 that means nothing.
  if (!deps.hasTourSource) throw new AppError('UNAVAILABLE', NO_TOUR_SOURCE_MESSAGE);
  const artist = await selectArtistBySlug(deps.database.db, slug);
  if (!artist) throw notFound('Artist');
  const { queue } = deps;
  const jobId = await queue.send(artistResyncJob, { artistId: artist.id }, { singletonKey: artist.id });
  const queued = jobId !== null;
  await recordAdminAction(deps.database.db, {
    actor,
    action: 'artist.resync',
    targetType: 'artist',
    targetId: artist.id,
    targetLabel: artist.name,
    after: { queued },
  });
  return { artistSlug: artist.slug, queued };
}
