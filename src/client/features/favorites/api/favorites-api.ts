import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet } from '#client/lib/api-client.ts';
import { localIsoDate } from '#shared/dates.ts';
import type { ErrorBody } from '#shared/errors.ts';
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
  });
}

export function getFavoriteStatus(slugs: string[]): Promise<FavoriteStatus> {
  return apiGet<FavoriteStatus>('/api/favorites/status', { query: { slugs: slugs.join(',') } });
}

async function changeFavorite(method: 'PUT' | 'DELETE', slug: string): Promise<FavoriteChange> {
  let response: Response;
  try {
    response = await fetch(`/api/favorites/${encodeURIComponent(slug)}`, {
      method,
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.');
  }
  if (response.ok) return (await response.json()) as FavoriteChange;
  const error = ((await response.json().catch(() => null)) as Partial<ErrorBody> | null)?.error;
  throw new ApiError(response.status, error?.code ?? 'INTERNAL', error?.message ?? response.statusText);
}

export const addFavorite = (slug: string) => changeFavorite('PUT', slug);
export const removeFavorite = (slug: string) => changeFavorite('DELETE', slug);
