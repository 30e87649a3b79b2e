import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { StatsCoverageResponse, StatsFirstTimesResponse, StatsResponse } from '#shared/stats.ts';

export const statsKeys = {
  all: ['stats'] as const,
  year: (year: number | null) => ['stats', year ?? 'all'] as const,
  list: (year: number | null, list: 'first-times' | 'coverage') => ['stats', year ?? 'all', list] as const,
};

export function statsQueryOptions(year: number | null) {
  return queryOptions({
    queryKey: statsKeys.year(year),
    queryFn: ({ signal }) => apiGet<StatsResponse>('/api/stats', { query: { year: year ?? undefined }, signal }),
    meta: SIGNED_IN_ONLY,
  });
}

/** A long list's every row ("Show all"): the stats answer carries the first rows only. */
export function statsFirstTimesQueryOptions(year: number | null, enabled: boolean) {
  return queryOptions({
    queryKey: statsKeys.list(year, 'first-times'),
    queryFn: ({ signal }) =>
      apiGet<StatsFirstTimesResponse>('/api/stats/first-times', { query: { year: year ?? undefined }, signal }),
    enabled,
    meta: SIGNED_IN_ONLY,
  });
}

export function statsCoverageQueryOptions(year: number | null, enabled: boolean) {
  return queryOptions({
    queryKey: statsKeys.list(year, 'coverage'),
    queryFn: ({ signal }) =>
      apiGet<StatsCoverageResponse>('/api/stats/coverage', { query: { year: year ?? undefined }, signal }),
    enabled,
    meta: SIGNED_IN_ONLY,
  });
}

/** Server-drawn images (same origin: the session cookie goes along). */
export const statsMapUrl = (region: 'world' | 'us', year: number | null) =>
  `/api/stats/map.svg?region=${region}${year ? `&year=${year}` : ''}`;
export const statsSummaryUrl = (year: number) => `/api/stats/summary.png?year=${year}`;
