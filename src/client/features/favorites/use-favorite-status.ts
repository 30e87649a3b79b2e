import { useQuery } from '@tanstack/react-query';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import { favoritesKeys } from './api/favorites-api.ts';
import { loadFavoriteStatus } from './status-batcher.ts';

/** Whether the signed-in fan follows this artist: one query per artist, batched with the page's others. */
export function useFavoriteStatus(artistSlug: string) {
  return useQuery({
    queryKey: favoritesKeys.status(artistSlug),
    queryFn: () => loadFavoriteStatus(artistSlug),
    staleTime: 60_000,
    meta: SIGNED_IN_ONLY,
  });
}
