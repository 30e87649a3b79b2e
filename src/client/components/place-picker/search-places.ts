import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet } from '#client/lib/api-client.ts';
import { PLACE_LIMITS, type PlacesResponse } from '#shared/places.ts';

export function placesQueryOptions(q: string, limit: number = PLACE_LIMITS.limitDefault) {
  return queryOptions({
    queryKey: ['places', q, limit],
    queryFn: ({ signal }) => apiGet<PlacesResponse>('/api/places', { query: { q, limit }, signal }),
    // The gazetteer only changes with a release.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/places?q= while `q` has text; the previous answer stays up while the next one loads. */
export function usePlaceSearch(q: string) {
  const text = q.trim();
  return useQuery({
    ...placesQueryOptions(text),
    enabled: text.length > 0 && text.length <= PLACE_LIMITS.queryMax,
    placeholderData: keepPreviousData,
  });
}

/**
 * The server builds its place index on the first search, not at every start (about a second of
 * CPU and 26 MB it would otherwise spend on each start). A picker on the page is that first
 * need: one small search as it appears, so the index is ready by the time the fan types.
 */
export function useWarmPlaceSearch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(placesQueryOptions('a', 1));
  }, [queryClient]);
}
