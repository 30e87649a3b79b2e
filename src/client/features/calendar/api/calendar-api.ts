import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { CalendarFeedsResponse, RotateFeedsRequest } from '#shared/calendar.ts';

export const calendarKeys = {
  feeds: () => ['calendar', 'feeds'] as const,
};

/** GET /api/calendar/feeds: the user's three private feed addresses (made on first ask). */
export function calendarFeedsQueryOptions() {
  return queryOptions({
    queryKey: calendarKeys.feeds(),
    queryFn: ({ signal }) => apiGet<CalendarFeedsResponse>('/api/calendar/feeds', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: SIGNED_IN_ONLY,
  });
}

/** POST /api/calendar/feeds/rotate: new addresses; the old ones stop working at once. */
export const rotateCalendarFeeds = (input: RotateFeedsRequest = {}) =>
  apiSend<CalendarFeedsResponse>('POST', '/api/calendar/feeds/rotate', input);

/** GET /api/calendar/stops/:stopId.ics: one show's calendar file (a plain link downloads it). */
export const stopIcsPath = (stopId: string) => `/api/calendar/stops/${encodeURIComponent(stopId)}.ics`;
