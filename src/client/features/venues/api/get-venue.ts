import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { localIsoDate } from '#shared/dates.ts';
import type { VenuePage } from '#shared/venues.ts';

export function venueQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['venues', slug],
    queryFn: ({ signal }) =>
      apiGet<VenuePage>(`/api/venues/${encodeURIComponent(slug)}`, { query: { today: localIsoDate() }, signal }),
  });
}

export function useVenue(slug: string) {
  return useQuery(venueQueryOptions(slug));
}
