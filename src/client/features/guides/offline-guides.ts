import { userCacheName } from '#client/sw/cache-rules.ts';
import type { GoingGuide, GuidePage } from '#shared/guides.ts';

/**
 * Guides of the shows a fan is Going to are kept for offline use (the venue's dead zone): the page
 * fetches them ahead through the service worker, which keeps `/api/guides/*` in the signed-in
 * user's own cache (ADR 0005). A guide no longer Going (or past) is dropped from that cache.
 * Called by the one offline warm-up (`app/offline-warm-up.ts`) with the fan's Going shows.
 */

/** What the last run kept, per user: the entries to drop when a show is no longer Going. */
const KEPT_KEY = 'tourguides-offline-guides';
/** A guide still being built is fetched again until its parts are there. */
const BUILDING_RETRY_MS = 5_000;
const BUILDING_RETRIES = 6;

export const guideApiPath = (guide: Pick<GoingGuide, 'artistSlug' | 'stopSlug'>) =>
  `/api/guides/${encodeURIComponent(guide.artistSlug)}/${encodeURIComponent(guide.stopSlug)}`;
const tipsApiPath = (venueSlug: string) => `/api/guides/venues/${encodeURIComponent(venueSlug)}/tips`;

function keptUrls(userId: string): string[] {
  try {
    const saved = JSON.parse(localStorage.getItem(KEPT_KEY) ?? 'null') as { userId?: string; urls?: string[] } | null;
    return saved?.userId === userId && Array.isArray(saved.urls) ? saved.urls : [];
  } catch {
    return [];
  }
}

/** Fetched through the worker, which stores the answer; a guide being built is fetched again later. */
async function fetchThroughWorker(url: string, signal: AbortSignal | undefined, attempt = 0): Promise<void> {
  if (signal?.aborted) return;
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' }, signal });
  if (!response.ok || !url.startsWith('/api/guides/') || url.includes('/venues/') || url.endsWith('/loading-messages'))
    return;
  const guide = (await response.json().catch(() => null)) as Pick<GuidePage, 'building'> | null;
  if (guide?.building && attempt < BUILDING_RETRIES) {
    setTimeout(() => void fetchThroughWorker(url, signal, attempt + 1).catch(() => {}), BUILDING_RETRY_MS);
  }
}

export interface KeepGuidesOptions {
  /** Fetch every kept guide again (app start: a newer forecast), not only the newly Going ones. */
  refresh: boolean;
  /** Stops whose state just changed: their guides carry the fan's state, so a kept copy is fetched again. */
  changedStopIds: ReadonlySet<string>;
  /** Aborted when the fan signs out: a request answered after the session ended would only be a 401. */
  signal?: AbortSignal;
}

/** Keeps the given Going shows' guides in the fan's cache (the worker controls the page) and drops the rest. */
export async function keepGuidesOffline(userId: string, going: GoingGuide[], options: KeepGuidesOptions) {
  const changed = new Set(going.filter((guide) => options.changedStopIds.has(guide.stopId)).map(guideApiPath));
  const urls = [
    ...new Set(going.flatMap((guide) => [guideApiPath(guide), tipsApiPath(guide.venueSlug)])),
    '/api/guides/loading-messages',
  ];
  const kept = keptUrls(userId);
  const wanted = options.refresh ? urls : urls.filter((url) => !kept.includes(url) || changed.has(url));
  for (const url of wanted) await fetchThroughWorker(url, options.signal).catch(() => {});
  if (options.signal?.aborted) return;
  // Gone: the fan signed out meanwhile (opening it would make it again, empty but theirs).
  if (!(await caches.has(userCacheName(userId)))) return;
  const cache = await caches.open(userCacheName(userId));
  const dropped = kept.filter((url) => !urls.includes(url));
  await Promise.all(dropped.map((url) => cache.delete(url, { ignoreSearch: true })));
  localStorage.setItem(KEPT_KEY, JSON.stringify({ userId, urls }));
}
