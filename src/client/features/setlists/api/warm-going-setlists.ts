import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet } from '#client/lib/api-client.ts';
import { localIsoDate } from '#shared/dates.ts';
import type { UpcomingShowsResponse } from '#shared/shows-api.ts';
import { artistSetlistsQueryOptions, stopSetlistsQueryOptions } from './setlists-api.ts';

/** Enough for a festival weekend; each read is one small request. */
const MAX_SHOWS = 20;
const MAX_ARTISTS = 10;

/**
 * Offline for the shows a fan is going to (ADR 0005): once per visit, read the setlists of their
 * Going shows and those artists' tour pages. The service worker keeps /api/setlists answers in the
 * signed-in user's own cache, so the show's setlist and the predicted setlist open without signal.
 */
export function useWarmGoingSetlists(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
    const controller = new AbortController();
    apiGet<UpcomingShowsResponse>('/api/shows/upcoming', {
      query: { today: localIsoDate(new Date()), filter: 'going' },
      signal: controller.signal,
    })
      .then((answer) => {
        const shows = answer.months.flatMap((month) => month.shows).slice(0, MAX_SHOWS);
        const stops = shows.flatMap((show) => show.artists.map((artist) => artist.stopId));
        const slugs = [...new Set(shows.flatMap((show) => show.artists.map((artist) => artist.artistSlug)))];
        for (const stopId of stops) void queryClient.prefetchQuery(stopSetlistsQueryOptions(stopId));
        for (const slug of slugs.slice(0, MAX_ARTISTS))
          void queryClient.prefetchQuery(artistSetlistsQueryOptions(slug));
      })
      .catch(() => {});
    return () => controller.abort();
  }, [signedIn, queryClient]);
}
