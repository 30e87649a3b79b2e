import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { SIGNED_IN_PLACES } from '#client/lib/query-client.ts';
import type { NearPlacesResponse, NearResponse } from '#shared/near.ts';

/**
 * What the page asks for: a point and a radius, or the fan's own places (`mine`: each with its own
 * radius; `radiusKm` stands in for a home whose radius is "anywhere"); the days (the venue's
 * calendar), maybe a genre.
 */
export interface NearAsk {
  mine: boolean;
  lat: number;
  lng: number;
  radiusKm: number;
  from: string;
  to: string;
  genre: string | null;
}

export const nearKeys = {
  all: () => ['near'] as const,
  shows: (ask: NearAsk) => ['near', 'shows', ask] as const,
  places: () => ['near', 'places'] as const,
};

/** GET /api/near, page by page (the cursor of the page before). */
export function nearShowsQueryOptions(ask: NearAsk) {
  return infiniteQueryOptions({
    queryKey: nearKeys.shows(ask),
    queryFn: ({ pageParam, signal }) =>
      apiGet<NearResponse>('/api/near', {
        query: {
          ...(ask.mine ? { places: 'mine' } : { lat: ask.lat.toFixed(5), lng: ask.lng.toFixed(5) }),
          radiusKm: ask.radiusKm,
          from: ask.from,
          to: ask.to,
          genre: ask.genre ?? undefined,
          cursor: pageParam ?? undefined,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Around the fan's places, the answer follows them (Settings).
    meta: ask.mine ? SIGNED_IN_PLACES : undefined,
  });
}

export function useNearShows(ask: NearAsk | null) {
  return useInfiniteQuery({
    ...nearShowsQueryOptions(ask ?? { mine: false, lat: 0, lng: 0, radiusKm: 0, from: '', to: '', genre: null }),
    enabled: ask !== null,
  });
}

/** GET /api/near/places: the signed-in fan's home (when it has a point), then their tracked places. */
export function nearPlacesQueryOptions() {
  return queryOptions({
    queryKey: nearKeys.places(),
    queryFn: ({ signal }) => apiGet<NearPlacesResponse>('/api/near/places', { signal }),
    meta: SIGNED_IN_PLACES,
  });
}

export function useNearPlaces(signedIn: boolean) {
  return useQuery({ ...nearPlacesQueryOptions(), enabled: signedIn });
}
