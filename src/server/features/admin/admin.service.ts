import type { Database } from '#server/db/client.ts';
import { selectArtistBySlug } from '#server/features/artists/artists.repo.ts';
import { artistResyncJob } from '#server/features/sync/sync.jobs.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { Queue } from '#server/lib/queue.ts';
import { ADMIN_ARTISTS_PAGE_SIZE, type AdminArtistsPage, type AdminArtistsQuery } from '#shared/auth.ts';
import { NO_TOUR_SOURCE_MESSAGE } from '#shared/search.ts';
import { countArtists, findArtistPage } from './admin.repo.ts';

/** POST /api/admin/artists/:slug/resync → 202 */
export interface AdminResyncResponse {
  artistSlug: string;
  queued: boolean;
}

/** The /admin/artists table: 25 per page, name contains `q` (case-insensitive). Callers are admins. */
export async function listArtistsForAdmin(database: Database, query: AdminArtistsQuery): Promise<AdminArtistsPage> {
  const pageSize = ADMIN_ARTISTS_PAGE_SIZE;
  const rows = await findArtistPage(database, query.q, pageSize, (query.page - 1) * pageSize, query.sort);
  const total = rows[0] ? Number(rows[0].total) : await countArtists(database, query.q);
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
 * way). `queued` is false when one is already waiting: that one will do.
 */
export async function queueArtistResync(
  deps: { database: Database; queue: Pick<Queue, 'send'>; hasTourSource: boolean },
  slug: string,
): Promise<AdminResyncResponse> {
  // Without JamBase the job would run and do nothing: say so instead of a 202 that means nothing.
  if (!deps.hasTourSource) throw new AppError('UNAVAILABLE', NO_TOUR_SOURCE_MESSAGE);
  const artist = await selectArtistBySlug(deps.database.db, slug);
  if (!artist) throw notFound('Artist');
  const { queue } = deps;
  const jobId = await queue.send(artistResyncJob, { artistId: artist.id }, { singletonKey: artist.id });
  return { artistSlug: artist.slug, queued: jobId !== null };
}
