import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { FollowedVenuesList, VenueFollowChange } from '#shared/favorites.ts';

export const venueFollowKeys = {
  all: ['favorites', 'venues'] as const,
  list: () => ['favorites', 'venues', 'list'] as const,
  status: (slug: string) => ['favorites', 'venues', 'status', slug] as const,
};

const venuePath = (slug: string) => `/api/favorites/venues/${encodeURIComponent(slug)}`;

/** GET /api/favorites/venues: the fan's followed venues, by name. */
export function followedVenuesQueryOptions() {
  return queryOptions({
    queryKey: venueFollowKeys.list(),
    queryFn: ({ signal }) => apiGet<FollowedVenuesList>('/api/favorites/venues', { signal }),
    meta: SIGNED_IN_ONLY,
  });
}

/** GET /api/favorites/venues/:slug: whether the fan follows this venue. */
export function venueFollowStatusQueryOptions(slug: string) {
  return queryOptions({
    queryKey: venueFollowKeys.status(slug),
    queryFn: ({ signal }) => apiGet<VenueFollowChange>(venuePath(slug), { signal }),
    staleTime: 60_000,
    meta: SIGNED_IN_ONLY,
  });
}

export const followVenue = (slug: string) => apiSend<VenueFollowChange>('PUT', venuePath(slug));
export const unfollowVenue = (slug: string) => apiSend<VenueFollowChange>('DELETE', venuePath(slug));
