import type { Database } from '#server/db/client.ts';
import { ADMIN_ARTISTS_PAGE_SIZE, type AdminArtistsPage, type AdminArtistsQuery } from '#shared/auth.ts';
import { countArtists, findArtistPage } from './admin.repo.ts';

/** The /admin/artists table: 25 per page, name contains `q` (case-insensitive). Callers are admins. */
export async function listArtistsForAdmin(database: Database, query: AdminArtistsQuery): Promise<AdminArtistsPage> {
  const pageSize = ADMIN_ARTISTS_PAGE_SIZE;
  const rows = await findArtistPage(database, query.q, pageSize, (query.page - 1) * pageSize);
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
