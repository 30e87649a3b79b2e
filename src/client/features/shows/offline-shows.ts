import { userCacheName } from '#client/sw/cache-rules.ts';
import { localIsoDate } from '#shared/dates.ts';

/**
 * My Shows and the Going shows' pages are kept for offline use (issue 26): fetched ahead through the
 * service worker, which keeps `/api/shows/*` in the signed-in fan's own cache (ADR 0039). Called by
 * the one offline warm-up (`app/offline-warm-up.ts`) with the fan's Going shows.
 */

const showPath = (stopId: string) => `/api/shows/${encodeURIComponent(stopId)}`;

async function fetchThroughWorker(url: string, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return;
  await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' }, signal });
}

async function isKept(userId: string, url: string): Promise<boolean> {
  if (!(await caches.has(userCacheName(userId)))) return false;
  return (await (await caches.open(userCacheName(userId))).match(url)) !== undefined;
}

export interface KeepShowsOptions {
  /** Fetch every Going show again (app start), not only the ones not kept yet. */
  refresh: boolean;
  /** Stops whose state just changed: their kept page is fetched again. */
  changedStopIds: ReadonlySet<string>;
  /** Aborted when the fan signs out: a request answered after the session ended would only be a 401. */
  signal?: AbortSignal;
}

/** The first page of My Shows (as the page asks for it) and each Going show's page. */
export async function keepShowsOffline(userId: string, goingStopIds: string[], options: KeepShowsOptions) {
  // The worker keys the list without the date, so this is the copy My Shows opens offline.
  await fetchThroughWorker(
    `/api/shows/upcoming?${new URLSearchParams({ today: localIsoDate(), filter: 'all' })}`,
    options.signal,
  );
  for (const stopId of goingStopIds) {
    const url = showPath(stopId);
    if (options.refresh || options.changedStopIds.has(stopId) || !(await isKept(userId, url))) {
      await fetchThroughWorker(url, options.signal).catch(() => {});
    }
  }
}
