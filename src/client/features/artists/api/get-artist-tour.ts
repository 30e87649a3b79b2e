import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { ArtistTourPage } from '#shared/artists.ts';
import { localIsoDate } from '#shared/dates.ts';

export function getArtistTour(slug: string, signal?: AbortSignal): Promise<ArtistTourPage> {
  return apiGet<ArtistTourPage>(`/api/artists/${encodeURIComponent(slug)}`, {
    query: { today: localIsoDate() },
    signal,
  });
}

export function artistTourQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['artists', 'tour', slug],
    queryFn: ({ signal }) => getArtistTour(slug, signal),
  });
}

export function useArtistTour(slug: string) {
  return useQuery(artistTourQueryOptions(slug));
}
