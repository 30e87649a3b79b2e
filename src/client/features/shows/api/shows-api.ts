import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiGet, apiGetSaved, apiRequest, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_PLACES } from '#client/lib/query-client.ts';
import { localIsoDate } from '#shared/dates.ts';
import type {
  PutShowStateBody,
  ShowStateResponse,
  ShowStatesResponse,
  ShowsSettingsResponse,
  UpcomingFilter,
  UpcomingShowsResponse,
} from '#shared/shows-api.ts';

export const showsKeys = {
  all: ['shows'] as const,
  state: (stopId: string) => ['shows', 'state', stopId] as const,
  upcomingAll: () => ['shows', 'upcoming'] as const,
  upcoming: (filter: UpcomingFilter) => ['shows', 'upcoming', filter] as const,
};

export function getShowStates(stopIds: string[]): Promise<ShowStatesResponse> {
  return apiGet<ShowStatesResponse>('/api/shows/states', { query: { stopIds: stopIds.join(',') } });
}

export function putShowState(stopId: string, body: Omit<PutShowStateBody, 'today'>): Promise<ShowStateResponse> {
  return apiSend<ShowStateResponse>('PUT', `/api/shows/stops/${encodeURIComponent(stopId)}`, {
    ...body,
    today: localIsoDate(),
  });
}

export async function deleteShowState(stopId: string): Promise<void> {
  await apiRequest('DELETE', `/api/shows/stops/${encodeURIComponent(stopId)}`);
}

export function markShowSeen(stopId: string): Promise<ShowStateResponse> {
  return apiSend<ShowStateResponse>('POST', `/api/shows/stops/${encodeURIComponent(stopId)}/seen`);
}

export function saveShowsRadius(radius: string): Promise<ShowsSettingsResponse> {
  return apiSend<ShowsSettingsResponse>('PATCH', '/api/shows/settings', { radiusKm: radius });
}

/**
 * My Shows, a page at a time ("Show more" asks for the next). Asked even when the browser says it is
 * offline: the service worker answers with the fan's saved copy, which carries its age.
 */
export function upcomingShowsQueryOptions(filter: UpcomingFilter) {
  return infiniteQueryOptions({
    queryKey: showsKeys.upcoming(filter),
    queryFn: ({ signal, pageParam }) =>
      apiGetSaved<UpcomingShowsResponse>('/api/shows/upcoming', {
        query: { today: localIsoDate(), filter, after: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    networkMode: 'offlineFirst',
    meta: SIGNED_IN_PLACES,
  });
}
