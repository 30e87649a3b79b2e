import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import { localIsoDate } from '#shared/dates.ts';
import type { DidYouGoResponse, HistoryFilters, HistoryPage } from '#shared/history.ts';

export interface HistoryParams {
  q?: string;
  artist?: string;
  venue?: string;
  city?: string;
  year?: string;
}

export const historyKeys = {
  all: ['history'] as const,
  list: (params: HistoryParams) => ['history', 'list', params] as const,
  filters: () => ['history', 'filters'] as const,
  didYouGo: () => ['history', 'did-you-go'] as const,
};

export function historyQueryOptions(params: HistoryParams) {
  return infiniteQueryOptions({
    queryKey: historyKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      apiGet<HistoryPage>('/api/history', { query: { ...params, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: SIGNED_IN_ONLY,
  });
}

export function historyFiltersQueryOptions() {
  return queryOptions({
    queryKey: historyKeys.filters(),
    queryFn: ({ signal }) => apiGet<HistoryFilters>('/api/history/filters', { signal }),
    meta: SIGNED_IN_ONLY,
  });
}

export function didYouGoQueryOptions() {
  return queryOptions({
    queryKey: historyKeys.didYouGo(),
    queryFn: ({ signal }) =>
      apiGet<DidYouGoResponse>('/api/history/did-you-go', { query: { today: localIsoDate() }, signal }),
    meta: SIGNED_IN_ONLY,
  });
}
