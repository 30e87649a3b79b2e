import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_PLACES } from '#client/lib/query-client.ts';
import type { TrackedPlace, TrackedPlacesResponse } from '#shared/places.ts';

export const trackedPlacesKeys = { list: () => ['tracked-places'] as const };

/** GET /api/tracked-places: home first, then the other places, each with its radius. */
export function trackedPlacesQueryOptions() {
  return queryOptions({
    queryKey: trackedPlacesKeys.list(),
    queryFn: ({ signal }) => apiGet<TrackedPlacesResponse>('/api/tracked-places', { signal }),
    meta: SIGNED_IN_PLACES,
  });
}

export const addTrackedPlace = (placeId: string, radiusKm: number) =>
  apiSend<{ place: TrackedPlace }>('POST', '/api/tracked-places', { placeId, radiusKm });

/** 'home' changes home's radius (My Shows' one; null: anywhere). */
export const changeTrackedRadius = (id: string, radiusKm: number | null) =>
  apiSend<TrackedPlacesResponse>('PATCH', `/api/tracked-places/${encodeURIComponent(id)}`, { radiusKm });

export const removeTrackedPlace = (id: string) =>
  apiSend<TrackedPlacesResponse>('DELETE', `/api/tracked-places/${encodeURIComponent(id)}`);
