import type { QueryClient } from '@tanstack/react-query';
import type { GoingGuide } from '#shared/guides.ts';
import { artistSetlistsQueryOptions, stopSetlistsQueryOptions } from './setlists-api.ts';

/** Enough for a festival weekend; each read is one small request. */
const MAX_SHOWS = 20;
const MAX_ARTISTS = 10;
/** Everything is read again after this long (per tab): the reads count against the per-client setlist read limit. */
const AGAIN_AFTER_MS = 60 * 60 * 1000;

const warmedKey = (userId: string) => `tourguides-setlists-warmed:${userId}`;

interface Warmed {
  at: number;
  stops: string[];
  artists: string[];
}

function readWarmed(userId: string): Warmed {
  try {
    const saved = JSON.parse(sessionStorage.getItem(warmedKey(userId)) ?? 'null') as Partial<Warmed> | null;
    if (saved && typeof saved.at === 'number' && Array.isArray(saved.stops) && Array.isArray(saved.artists)) {
      return saved as Warmed;
    }
  } catch {
    // A damaged entry: read everything again.
  }
  return { at: 0, stops: [], artists: [] };
}

/**
 * Offline for the shows a fan is going to (issue 12, ADR 0005): the setlists of everyone on the bills
 * of their Going shows and those artists' tour setlists (the predicted setlist). /api/setlists answers
 * are user reads, so /setlist?show=… and /setlist?artist=… of those shows then open without signal.
 * Called by the one offline warm-up (`app/offline-warm-up.ts`) once the worker keeps the fan's reads:
 * what is new since the last run, and everything once an hour per tab.
 */
export async function warmGoingSetlists(queryClient: QueryClient, userId: string, going: GoingGuide[]): Promise<void> {
  const bills = going.slice(0, MAX_SHOWS).flatMap((guide) => guide.bill);
  const stops = [...new Set(bills.map((act) => act.stopId))];
  const artists = [...new Set(bills.map((act) => act.artistSlug))].slice(0, MAX_ARTISTS);
  const saved = readWarmed(userId);
  const current = Date.now() - saved.at < AGAIN_AFTER_MS;
  const newStops = current ? stops.filter((stopId) => !saved.stops.includes(stopId)) : stops;
  const newArtists = current ? artists.filter((slug) => !saved.artists.includes(slug)) : artists;
  // fetchQuery, not prefetch: always a network read, so the worker stores a fresh copy.
  const done = (read: Promise<unknown>) =>
    read.then(
      () => true,
      () => false,
    );
  const [stopsRead, artistsRead] = await Promise.all([
    Promise.all(
      newStops.map((stopId) => done(queryClient.fetchQuery({ ...stopSetlistsQueryOptions(stopId), staleTime: 0 }))),
    ),
    Promise.all(
      newArtists.map((slug) => done(queryClient.fetchQuery({ ...artistSetlistsQueryOptions(slug), staleTime: 0 }))),
    ),
  ]);
  const warmed: Warmed = {
    at: current ? saved.at : Date.now(),
    stops: [...(current ? saved.stops : []), ...newStops.filter((_, index) => stopsRead[index])],
    artists: [...(current ? saved.artists : []), ...newArtists.filter((_, index) => artistsRead[index])],
  };
  sessionStorage.setItem(warmedKey(userId), JSON.stringify(warmed));
}
