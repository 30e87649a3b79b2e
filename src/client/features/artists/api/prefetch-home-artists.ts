import type { QueryClient } from '@tanstack/react-query';
import { artistListParamsFrom } from '../components/use-artist-list-params.ts';
import { artistsQueryOptions } from './get-artists.ts';

/**
 * On the home page, starts the artist list request as soon as the entry script runs instead of
 * after the page's code loaded and rendered. The URL holds the visitor's local date, so the
 * server cannot announce it (a Link preload header); the section then finds the answer in the cache.
 */
export function prefetchHomeArtists(queryClient: QueryClient, location: Pick<Location, 'pathname' | 'search'>): void {
  if (location.pathname !== '/') return;
  void queryClient.prefetchQuery(artistsQueryOptions(artistListParamsFrom(new URLSearchParams(location.search))));
}
