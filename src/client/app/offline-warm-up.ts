import type { QueryClient } from '@tanstack/react-query';
import { keepGuidesOffline } from '#client/features/guides/offline-guides.ts';
import { keepShowsOffline } from '#client/features/shows/offline-shows.ts';
import { apiGet } from '#client/lib/api-client.ts';
import { meQueryOptions, SIGNING_OUT_EVENT } from '#client/lib/session/session.ts';
import { userCacheName } from '#client/sw/cache-rules.ts';
import type { GoingGuidesResponse } from '#shared/guides.ts';

/** Idle time may never come on a busy page: the warm-up starts after this at the latest. */
const IDLE_TIMEOUT_MS = 3_000;
/** How long to wait for the service worker to take the page and open the fan's own cache. */
const WORKER_WAIT_MS = 15_000;

/**
 * The one offline warm-up for the shows a fan is Going to (issues 12, 13 and 26, ADR 0005). When the
 * browser is idle and the service worker keeps this fan's reads, it reads the Going shows once
 * (GET /api/guides/going, which carries each night's bill) and keeps their guides, the bills'
 * setlists, their show pages and My Shows in the fan's cache. Runs at app start and after every
 * change of a show state (see use-offline-warm-up.ts). It ties four features together (pwa's worker
 * cache, guides, setlists, shows), so it lives here in app/.
 */

interface Run {
  queryClient: QueryClient;
  userId: string;
  refresh: boolean;
  changedStopIds: Set<string>;
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, IDLE_TIMEOUT_MS / 3);
  });
}

/** The worker controls this page and has opened this fan's cache (on a first visit it takes over after loading). */
async function userCacheReady(userId: string): Promise<boolean> {
  if (!('serviceWorker' in navigator) || typeof caches === 'undefined') return false;
  const deadline = Date.now() + WORKER_WAIT_MS;
  while (Date.now() < deadline) {
    if (navigator.serviceWorker.controller && (await caches.has(userCacheName(userId)))) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** Aborted when this tab starts signing out: requests answered after the session ended would only be 401s. */
function untilSignOut(): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  window.addEventListener(SIGNING_OUT_EVENT, abort);
  return { signal: controller.signal, release: () => window.removeEventListener(SIGNING_OUT_EVENT, abort) };
}

async function warm(run: Run): Promise<void> {
  const { signal, release } = untilSignOut();
  try {
    await warmUntil(run, signal);
  } finally {
    release();
  }
}

async function warmUntil(run: Run, signal: AbortSignal): Promise<void> {
  await whenIdle();
  if (signal.aborted || !navigator.onLine || !(await userCacheReady(run.userId))) return;
  const { guides } = await apiGet<GoingGuidesResponse>('/api/guides/going', { signal });
  // Signed out (or another fan signed in) while this waited: nothing of theirs is fetched ahead.
  if (run.queryClient.getQueryData(meQueryOptions.queryKey)?.id !== run.userId) return;
  // The session check too: on a first visit it ran before the worker took the page, and without
  // it the app opened offline would not know who is signed in (a guide's state and distance, and a
  // fan with no Going show yet would be sent to a sign-in form that cannot work offline).
  const session = fetch('/api/me', { credentials: 'same-origin', headers: { Accept: 'application/json' }, signal });
  // The setlists' code loads only now: most pages never need it.
  const setlists = import('#client/features/setlists/api/warm-going-setlists.ts').then((module) =>
    module.warmGoingSetlists(run.queryClient, run.userId, guides),
  );
  const options = { ...run, signal };
  const shows = keepShowsOffline(
    run.userId,
    guides.map((guide) => guide.stopId),
    options,
  );
  await Promise.allSettled([session, keepGuidesOffline(run.userId, guides, options), setlists, shows]);
}

let running: Promise<void> | null = null;
let again: Run | null = null;

/** One run at a time; a call during a run merges into one more run after it. */
function schedule(run: Run): void {
  if (running) {
    const waiting = again?.userId === run.userId ? again : null;
    again = {
      ...run,
      refresh: run.refresh || (waiting?.refresh ?? false),
      changedStopIds: new Set([...(waiting?.changedStopIds ?? []), ...run.changedStopIds]),
    };
    return;
  }
  running = warm(run)
    .catch(() => {})
    .finally(() => {
      running = null;
      const next = again;
      again = null;
      if (next) schedule(next);
    });
}

/**
 * `refresh`: fetch every kept guide again (app start); `changedStopId`: the stop whose state just
 * changed (its kept guide carries the fan's state, so it is fetched again).
 */
export function warmGoingShows(
  queryClient: QueryClient,
  userId: string,
  options: { refresh?: boolean; changedStopId?: string } = {},
): void {
  schedule({
    queryClient,
    userId,
    refresh: options.refresh ?? false,
    changedStopIds: new Set(options.changedStopId ? [options.changedStopId] : []),
  });
}
