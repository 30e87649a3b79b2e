import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { ArtistProfile } from '#shared/artist-profile.ts';
import { localIsoDate } from '#shared/dates.ts';

export function artistProfileQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['artist-profile', slug],
    queryFn: ({ signal }) =>
      apiGet<ArtistProfile>(`/api/artist-profile/${encodeURIComponent(slug)}`, {
        query: { today: localIsoDate() },
        signal,
      }),
  });
}

export function useArtistProfile(slug: string) {
  return useQuery(artistProfileQueryOptions(slug));
}
