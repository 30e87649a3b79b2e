import { useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { LOOKUP_POLL_MS } from '#shared/search.ts';
import type { ArtistLookupView } from '#shared/search-api.ts';

/** A look-up's progress, asked for again while it runs (each source's answer shows as it comes). */
export function useLookup(started: ArtistLookupView | null) {
  return useQuery({
    queryKey: ['search', 'lookup', started?.id],
    queryFn: ({ signal }) =>
      apiGet<ArtistLookupView>(`/api/search/lookups/${encodeURIComponent(started!.id)}`, { signal }),
    enabled: started !== null,
    initialData: started ?? undefined,
    // The answer at POST time is already old: ask at once.
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? LOOKUP_POLL_MS : false),
  });
}
