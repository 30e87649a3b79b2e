import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAuditKey } from '#client/components/admin/admin-audit.ts';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { AdminArtistDetail, MusicBrainzCandidateView, RestorePointView } from '#shared/admin-artists.ts';

const BASE = '/api/admin/catalog';

export function useAdminArtist(slug: string | null) {
  return useQuery({
    queryKey: ['admin', 'artist', slug],
    queryFn: ({ signal }) => apiGet<AdminArtistDetail>(`${BASE}/artists/${slug}`, { signal }),
    enabled: slug !== null,
    meta: SIGNED_IN_ONLY,
  });
}

export function useRestorePoints() {
  return useQuery({
    queryKey: ['admin', 'restore-points'],
    queryFn: ({ signal }) => apiGet<{ restorePoints: RestorePointView[] }>(`${BASE}/restore-points`, { signal }),
    meta: SIGNED_IN_ONLY,
  });
}

export function useMusicBrainzSearch(q: string) {
  return useQuery({
    queryKey: ['admin', 'musicbrainz', q],
    queryFn: ({ signal }) =>
      apiGet<{ candidates: MusicBrainzCandidateView[] }>(`${BASE}/musicbrainz`, { query: { q }, signal }),
    enabled: q.length >= 2,
    staleTime: 60_000,
    // The server already retries MusicBrainz (rate limit, 5xx); retrying here too multiplied a failing
    // search into several slow rounds behind one spinner. A failure is shown at once; Search tries again.
    retry: false,
    meta: SIGNED_IN_ONLY,
  });
}

/** Every curation action refreshes the table, the artist, the undo list and the audit log. */
function useCuration<Vars, Result>(call: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: adminAuditKey });
    },
  });
}

export const useEditArtist = () =>
  useCuration(({ slug, ...body }: { slug: string; name: string; genres: string[]; mbid: string | null }) =>
    apiSend<AdminArtistDetail>('PATCH', `${BASE}/artists/${slug}`, body),
  );
export const useMergeArtist = () =>
  useCuration(({ slug, into }: { slug: string; into: string }) =>
    apiSend<{ restorePointId: string; message: string }>('POST', `${BASE}/artists/${slug}/merge`, { into }),
  );
export const useDeleteArtist = () =>
  useCuration((slug: string) =>
    apiSend<{ restorePointId: string; message: string }>('DELETE', `${BASE}/artists/${slug}`),
  );
export const useRestore = () =>
  useCuration((id: string) => apiSend<{ message: string }>('POST', `${BASE}/restore-points/${id}/restore`));
export const useAddArtist = () =>
  useCuration((mbid: string) => apiSend<{ slug: string; added: boolean }>('POST', `${BASE}/artists`, { mbid }));
export const useResync = () =>
  useCuration((slug: string) => apiSend<{ queued: boolean }>('POST', `/api/admin/artists/${slug}/resync`));
