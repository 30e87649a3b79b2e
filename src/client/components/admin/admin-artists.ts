import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { AdminArtistsPage } from '#shared/auth.ts';

export interface AdminArtistsFilters {
  q: string;
  page: number;
  sort?: string;
}

/** GET /api/admin/artists?q=&page= (admins only; the server answers 403 to anyone else). */
export function useAdminArtists(filters: AdminArtistsFilters) {
  return useQuery({
    queryKey: ['admin', 'artists', filters],
    queryFn: ({ signal }) => apiGet<AdminArtistsPage>('/api/admin/artists', { query: { ...filters }, signal }),
    // The table keeps the previous page while the next one (or the next search) loads.
    placeholderData: keepPreviousData,
    meta: SIGNED_IN_ONLY,
  });
}
