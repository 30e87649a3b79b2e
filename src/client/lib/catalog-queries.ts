import type { QueryClient } from '@tanstack/react-query';

/**
 * Every cached query built from the public catalog: the artist list and tour pages (`artists`),
 * artist and venue pages, My Artists (tour dates and counts of followed artists) and the admin
 * table. The server asks browsers to revalidate these answers (lib/public-cache.ts), so a refetch
 * after a change brings the new data, never a copy from the HTTP cache.
 */
const CATALOG_QUERY_ROOTS = [['artists'], ['artist-profile'], ['venues'], ['favorites', 'list'], ['admin']] as const;

/**
 * After a change the visitor made to the catalog (a sync adds a band and its dates): what is on
 * screen is fetched again now, and every other page is fetched again when next shown, so the
 * change shows everywhere at once.
 */
export async function invalidateCatalogQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all(CATALOG_QUERY_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
