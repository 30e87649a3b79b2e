import type { FavoriteArtistEntry } from '#shared/favorites.ts';
import { sortKey } from '#shared/text.ts';

export type FavoriteSort = 'name' | 'next-date';

/** By name (ignoring a leading 'The'), or by next show with artists without one last. */
export function sortFavorites(entries: FavoriteArtistEntry[], sort: FavoriteSort): FavoriteArtistEntry[] {
  const byName = (a: FavoriteArtistEntry, b: FavoriteArtistEntry) =>
    sortKey(a.artistName).localeCompare(sortKey(b.artistName));
  if (sort === 'name') return [...entries].sort(byName);
  return [...entries].sort((a, b) => {
    const dateA = a.nextShow?.date ?? '9999-12-31';
    const dateB = b.nextShow?.date ?? '9999-12-31';
    return dateA.localeCompare(dateB) || byName(a, b);
  });
}
