import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { ArtistListPage } from '#shared/artists.ts';
import { localIsoDate } from '#shared/dates.ts';

export interface ArtistListFilters {
  page: number;
  /** Include artists without upcoming tour dates. */
  includeAll: boolean;
}

export function getArtists({ page, includeAll }: ArtistListFilters, signal?: AbortSignal): Promise<ArtistListPage> {
  return apiGet<ArtistListPage>('/api/artists', {
    query: { page, today: localIsoDate(), all: includeAll ? 1 : 0 },
    signal,
  });
}

export function artistsQueryOptions(filters: ArtistListFilters) {
  return queryOptions({
    queryKey: ['artists', 'list', filters],
    queryFn: ({ signal }) => getArtists(filters, signal),
  });
}

/** Keeps the previous page on screen while the next one loads, so the grid does not jump. */
export function useArtists(filters: ArtistListFilters) {
  return useQuery({ ...artistsQueryOptions(filters), placeholderData: keepPreviousData });
}
