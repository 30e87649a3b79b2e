import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The list's page and switch as written in the URL; main.tsx reads them too, to prefetch that page. */
export function artistListParamsFrom(params: URLSearchParams): { page: number; includeAll: boolean } {
  return { page: parsePage(params.get('page')), includeAll: params.get('all') === '1' };
}

/**
 * The list's page and switch live in the URL (?page=2&all=1) so reload and back/forward keep them.
 * Changes keep the scroll position: the section scrolls itself where it should be.
 */
export function useArtistListParams() {
  const [params, setParams] = useSearchParams();
  const { page, includeAll } = artistListParamsFrom(params);

  const update = useCallback(
    (next: { page: number; includeAll: boolean }) => {
      const search = new URLSearchParams(params);
      if (next.page > 1) search.set('page', String(next.page));
      else search.delete('page');
      if (next.includeAll) search.set('all', '1');
      else search.delete('all');
      setParams(search, { preventScrollReset: true });
    },
    [params, setParams],
  );

  const setPage = useCallback((next: number) => update({ page: next, includeAll }), [update, includeAll]);
  /** Changing the filter starts again from page 1. */
  const setIncludeAll = useCallback((next: boolean) => update({ page: 1, includeAll: next }), [update]);

  return { page, includeAll, setPage, setIncludeAll };
}
