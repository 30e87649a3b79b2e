import { apiGet } from '#client/lib/api-client.ts';
import { userCacheName } from '#client/sw/cache-rules.ts';
import type { GoingGuide, GoingGuidesResponse, GuidePage } from '#shared/guides.ts';

/**
 * Guides of the shows a fan is Going to are kept for offline use (the venue's dead zone): the page
 * fetches them ahead through the service worker, which keeps `/api/guides/*` in the signed-in
 * user's own cache (ADR 0005). A guide no longer Going (or past) is dropped from that cache.
 * Runs at app start for a signed-in fan and after every change of a show state.
 */

/** What the last run kept, per user: the entries to drop when a show is no longer Going. */
const KEPT_KEY = 'tourguides-offline-guides';
/** A guide still being built is fetched again until its parts are there. */
const BUILDING_RETRY_MS = 5_000;
const BUILDING_RETRIES = 6;
const CONTROLLER_WAIT_MS = 10_000;

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

/** The page is controlled by the worker (on a first visit it takes over shortly after loading). */
async function workerInControl(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || typeof caches === 'undefined') return false;
  if (navigator.serviceWorker.controller) return true;
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), CONTROLLER_WAIT_MS);
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      { once: true },
    );
  });
}

/** Fetched through the worker, which stores the answer; a guide being built is fetched again later. */
async function fetchThroughWorker(url: string, attempt = 0): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok || !url.startsWith('/api/guides/') || url.includes('/venues/') || url.endsWith('/loading-messages'))
    return;
  const guide = (await response.json().catch(() => null)) as Pick<GuidePage, 'building'> | null;
  if (guide?.building && attempt < BUILDING_RETRIES) {
    setTimeout(() => void fetchThroughWorker(url, attempt + 1).catch(() => {}), BUILDING_RETRY_MS);
  }
}

async function sync(userId: string, refresh: boolean): Promise<void> {
  if (!navigator.onLine || !(await workerInControl())) return;
  const { guides } = await apiGet<GoingGuidesResponse>('/api/guides/going');
  const urls = [
    ...new Set([...guides.flatMap((guide) => [guideApiPath(guide), tipsApiPath(guide.venueSlug)])]),
    '/api/guides/loading-messages',
  ];
  const kept = keptUrls(userId);
  // At app start every kept guide is refreshed (a newer forecast); after a change only the new ones are fetched.
  for (const url of refresh ? urls : urls.filter((candidate) => !kept.includes(candidate)))
    await fetchThroughWorker(url).catch(() => {});
  const cache = await caches.open(userCacheName(userId));
  const dropped = kept.filter((url) => !urls.includes(url));
  await Promise.all(dropped.map((url) => cache.delete(url, { ignoreSearch: true })));
  localStorage.setItem(KEPT_KEY, JSON.stringify({ userId, urls }));
}

let running: Promise<void> | null = null;
let again: { userId: string; refresh: boolean } | null = null;

/**
 * Keeps the Going shows' guides offline (one run at a time; a call during a run runs once more
 * after it). `refresh`: fetch every kept guide again (app start), not only the newly Going ones.
 */
export function keepGoingGuidesOffline(userId: string, options: { refresh?: boolean } = {}): void {
  const refresh = options.refresh ?? false;
  if (running) {
    again = { userId, refresh: refresh || (again?.refresh ?? false) };
    return;
  }
  running = sync(userId, refresh)
    .catch(() => {})
    .finally(() => {
      running = null;
      const next = again;
      again = null;
      if (next) keepGoingGuidesOffline(next.userId, { refresh: next.refresh });
    });
}
