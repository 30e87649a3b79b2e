import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import { localIsoDate } from '#shared/dates.ts';
import type { FavoriteChange, FavoriteStatus, FavoritesList } from '#shared/favorites.ts';

export const favoritesKeys = {
  all: ['favorites'] as const,
  list: () => ['favorites', 'list'] as const,
  status: (slug: string) => ['favorites', 'status', slug] as const,
};

export function favoritesListQueryOptions() {
  return queryOptions({
    queryKey: favoritesKeys.list(),
    queryFn: ({ signal }) => apiGet<FavoritesList>('/api/favorites', { query: { today: localIsoDate() }, signal }),
    meta: SIGNED_IN_ONLY,
  });
}

export function getFavoriteStatus(slugs: string[]): Promise<FavoriteStatus> {
  return apiGet<FavoriteStatus>('/api/favorites/status', { query: { slugs: slugs.join(',') } });
}

const changeFavorite = (method: 'PUT' | 'DELETE', slug: string) =>
  apiSend<FavoriteChange>(method, `/api/favorites/${encodeURIComponent(slug)}`);

export const addFavorite = (slug: string) => changeFavorite('PUT', slug);
export const removeFavorite = (slug: string) => changeFavorite('DELETE', slug);
