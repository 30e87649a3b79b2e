import { createKeyBatcher } from '#client/lib/key-batcher.ts';
import { FAVORITE_STATUS_MAX_SLUGS } from '#shared/favorites.ts';
import { getFavoriteStatus } from './api/favorites-api.ts';

/**
 * Hearts that mount together (a page of 20 cards) ask about all of them in one
 * GET /api/favorites/status request; each heart still gets its own cache entry.
 */
export const loadFavoriteStatus = createKeyBatcher<boolean>(
  async (slugs) => {
    const { favorited } = await getFavoriteStatus(slugs);
    return new Map(favorited.map((slug) => [slug, true]));
  },
  FAVORITE_STATUS_MAX_SLUGS,
  false,
);
