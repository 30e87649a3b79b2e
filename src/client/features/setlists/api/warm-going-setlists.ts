import type { QueryClient } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { USER_CACHE_PREFIX } from '#client/sw/cache-rules.ts';
import { localIsoDate } from '#shared/dates.ts';
import type { UpcomingShowsResponse } from '#shared/shows-api.ts';
import { artistSetlistsQueryOptions, stopSetlistsQueryOptions } from './setlists-api.ts';

/** Enough for a festival weekend; each read is one small request. */
const MAX_SHOWS = 20;
const MAX_ARTISTS = 10;
/** Read again after this long (per tab): the reads count against the per-client setlist read limit. */
const AGAIN_AFTER_MS = 60 * 60 * 1000;
/** How long to wait for the service worker to take the page and open the fan's own cache. */
const WORKER_WAIT_MS = 15_000;

const warmedKey = (userId: string) => `tourguides-setlists-warmed:${userId}`;

/** Resolves once the worker controls this page and keeps this fan's reads (ADR 0005); false if it never does. */
async function userCacheReady(userId: string, signal: AbortSignal): Promise<boolean> {
  if (!('serviceWorker' in navigator) || typeof caches === 'undefined') return false;
  const deadline = Date.now() + WORKER_WAIT_MS;
  while (Date.now() < deadline && !signal.aborted) {
    if (navigator.serviceWorker.controller && (await caches.has(`${USER_CACHE_PREFIX}${userId}`))) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/**
 * Offline for the shows a fan is going to (issue 12, ADR 0005): once the service worker keeps this
 * fan's reads, read the setlists of their Going shows and those artists' tour setlists (the
 * predicted setlist). /api/setlists answers are user reads, so /setlist?show=… and /setlist?artist=…
 * of those shows then open without signal. Once an hour per tab; nothing without a worker (an
 * in-memory copy would not outlive the page).
 */
export async function warmGoingSetlists(queryClient: QueryClient, userId: string, signal: AbortSignal): Promise<void> {
  if (!navigator.onLine) return;
  const last = Number(sessionStorage.getItem(warmedKey(userId)) ?? 0);
  if (Date.now() - last < AGAIN_AFTER_MS) return;
  if (!(await userCacheReady(userId, signal)) || signal.aborted) return;
  const answer = await apiGet<UpcomingShowsResponse>('/api/shows/upcoming', {
    query: { today: localIsoDate(new Date()), filter: 'going' },
    signal,
  });
  const shows = answer.months.flatMap((month) => month.shows).slice(0, MAX_SHOWS);
  const stops = shows.flatMap((show) => show.artists.map((artist) => artist.stopId));
  const slugs = [...new Set(shows.flatMap((show) => show.artists.map((artist) => artist.artistSlug)))];
  // fetchQuery, not prefetch: always a network read, so the worker stores a fresh copy.
  await Promise.allSettled([
    ...stops.map((stopId) => queryClient.fetchQuery({ ...stopSetlistsQueryOptions(stopId), staleTime: 0 })),
    ...slugs
      .slice(0, MAX_ARTISTS)
      .map((slug) => queryClient.fetchQuery({ ...artistSetlistsQueryOptions(slug), staleTime: 0 })),
  ]);
  if (!signal.aborted) sessionStorage.setItem(warmedKey(userId), String(Date.now()));
}
