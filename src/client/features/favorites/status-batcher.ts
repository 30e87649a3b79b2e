import { FAVORITE_STATUS_MAX_SLUGS } from '#shared/favorites.ts';
import { getFavoriteStatus } from './api/favorites-api.ts';

interface Pending {
  resolve(favorited: boolean): void;
  reject(error: unknown): void;
}

/**
 * Collects the hearts that mount together (a page of 20 cards) and asks about all of them in one
 * GET /api/favorites/status request; each heart still gets its own cache entry.
 */
let waiting = new Map<string, Pending[]>();
let flushScheduled = false;

async function flush(): Promise<void> {
  const batch = waiting;
  waiting = new Map();
  flushScheduled = false;
  const slugs = [...batch.keys()];
  for (let start = 0; start < slugs.length; start += FAVORITE_STATUS_MAX_SLUGS) {
    const chunk = slugs.slice(start, start + FAVORITE_STATUS_MAX_SLUGS);
    try {
      const { favorited } = await getFavoriteStatus(chunk);
      const followed = new Set(favorited);
      for (const slug of chunk) for (const pending of batch.get(slug) ?? []) pending.resolve(followed.has(slug));
    } catch (error) {
      for (const slug of chunk) for (const pending of batch.get(slug) ?? []) pending.reject(error);
    }
  }
}

export function loadFavoriteStatus(slug: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const list = waiting.get(slug) ?? [];
    list.push({ resolve, reject });
    waiting.set(slug, list);
    if (!flushScheduled) {
      flushScheduled = true;
      setTimeout(() => void flush(), 10);
    }
  });
}
