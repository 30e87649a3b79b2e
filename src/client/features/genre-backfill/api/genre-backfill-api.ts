import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAuditKey } from '#client/components/admin/admin-audit.ts';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { AdminJobView } from '#shared/admin-jobs.ts';
import type { GenreBackfillOverview } from '#shared/genre-backfill.ts';

export const GENRE_BASE = '/api/admin/genre-backfill';
const key = ['admin', 'genre-backfill'] as const;

export function useGenreOverview() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<GenreBackfillOverview>(GENRE_BASE, { signal }),
    meta: SIGNED_IN_ONLY,
  });
}

function useJobStart<Vars>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Vars) => apiSend<AdminJobView>('POST', `${GENRE_BASE}/${path}`, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: adminAuditKey });
    },
  });
}

export const useStartPreview = () => useJobStart<{ limit: number }>('preview');
export const useStartApply = () => useJobStart<{ previewJobId: string; artistIds?: string[] }>('apply');
