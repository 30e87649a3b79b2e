import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { SharedTripResponse, TripDetailResponse, TripInput, TripResponse, TripsResponse } from '#shared/trips.ts';

export const tripsKeys = {
  all: ['trips'] as const,
  list: () => ['trips', 'list'] as const,
  detail: (id: string) => ['trips', 'detail', id] as const,
  shared: (token: string) => ['trips', 'shared', token] as const,
};

/** While the provider search of a trip has not answered, its page asks again this often. */
const SEARCH_POLL_MS = 3_000;

export function tripsQueryOptions() {
  return queryOptions({
    queryKey: tripsKeys.list(),
    queryFn: ({ signal }) => apiGet<TripsResponse>('/api/trips', { signal }),
    meta: SIGNED_IN_ONLY,
  });
}

export function tripQueryOptions(id: string) {
  return queryOptions({
    queryKey: tripsKeys.detail(id),
    queryFn: ({ signal }) => apiGet<TripDetailResponse>(`/api/trips/${encodeURIComponent(id)}`, { signal }),
    meta: SIGNED_IN_ONLY,
    refetchInterval: (query) => (query.state.data?.trip.search.state === 'pending' ? SEARCH_POLL_MS : false),
  });
}

export function sharedTripQueryOptions(token: string) {
  return queryOptions({
    queryKey: tripsKeys.shared(token),
    queryFn: ({ signal }) => apiGet<SharedTripResponse>(`/api/trips/shared/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
}

export const createTrip = (input: TripInput) => apiSend<TripResponse>('POST', '/api/trips', input);

export const updateTrip = (id: string, input: TripInput) =>
  apiSend<TripResponse>('PATCH', `/api/trips/${encodeURIComponent(id)}`, input);

export async function deleteTrip(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/trips/${encodeURIComponent(id)}`);
}

export const restoreTrip = (id: string) =>
  apiSend<TripResponse>('POST', `/api/trips/${encodeURIComponent(id)}/restore`);

export const shareTrip = (id: string) => apiSend<TripResponse>('POST', `/api/trips/${encodeURIComponent(id)}/share`);

export const revokeTripShare = (id: string) =>
  apiSend<TripResponse>('DELETE', `/api/trips/${encodeURIComponent(id)}/share`);
