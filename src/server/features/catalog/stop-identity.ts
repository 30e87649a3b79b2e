import type { VenuePlace } from '#shared/place-label.ts';
import { distanceKm } from '#shared/places.ts';
import { minutesOf, timesAgree } from '#shared/show-times.ts';
import { matchKey } from '#shared/text.ts';

/**
 * When a listing is a stop the catalog already holds (ADR 0044), shared by the catalog writer and
 * the sync's plan. Pure.
 */

/** Two points this close are one venue, whatever the spelling (a hall and its box office, two geocoders). */
export const VENUE_NEAR_METRES = 300;

/** A stored stop's place, as the catalog holds it. */
export interface StoredPlace extends Pick<VenuePlace, 'venueName' | 'city'> {
  venueKey: string;
  lat: number | null;
  lon: number | null;
}

/** An incoming stop's place: its venue, and its own point when it has one. */
export interface IncomingPlace {
  venue: { identityKey: string; name: string; city: string; lat: number | null; lon: number | null };
  lat: number | null;
  lon: number | null;
}

/**
 * The listing names the stored stop's venue: the same venue row, points within VENUE_NEAR_METRES,
 * or the same normalised name in the same city ("Roundhouse" for "The Roundhouse").
 */
export function sameStoredVenue(stop: StoredPlace, incoming: IncomingPlace): boolean {
  if (stop.venueKey === incoming.venue.identityKey) return true;
  const lat = incoming.lat ?? incoming.venue.lat;
  const lon = incoming.lon ?? incoming.venue.lon;
  if (stop.lat !== null && stop.lon !== null && lat !== null && lon !== null) {
    if (distanceKm({ lat: stop.lat, lon: stop.lon }, { lat, lon }) * 1000 <= VENUE_NEAR_METRES) return true;
  }
  return (
    matchKey(stop.venueName) === matchKey(incoming.venue.name) && matchKey(stop.city) === matchKey(incoming.venue.city)
  );
}

/** One source's listing: its provider and its own id there. */
export interface ListingKey {
  provider: string;
  externalId: string;
}

/** A stored, approved stop with the listings linked to it (stop_sources). */
export interface StoredStop extends StoredPlace {
  id: string;
  artistId: string;
  date: string;
  time: string | null;
  sources: ListingKey[];
}

/** An incoming provider stop: its date, time and place, and the listings it comes from. */
export interface IncomingStop extends IncomingPlace {
  date: string;
  time: string | null;
  listings: ListingKey[];
}

/**
 * The stored stop the merge rules say an incoming stop is (no listing of it is linked anywhere):
 * same date, start times within 90 minutes, same venue, and no listing of one of its sources under
 * another id (one source's two ids on one night are two shows: early and late). The closest start
 * time wins; null when none fits.
 */
export function storedStopFor(incoming: IncomingStop, stops: readonly StoredStop[]): StoredStop | null {
  const providers = new Set(incoming.listings.map((listing) => listing.provider));
  const ids = new Set(incoming.listings.map((listing) => `${listing.provider}|${listing.externalId}`));
  const fitting = stops.filter(
    (stop) =>
      stop.date === incoming.date &&
      timesAgree(stop.time, incoming.time) &&
      !stop.sources.some(
        (source) => providers.has(source.provider) && !ids.has(`${source.provider}|${source.externalId}`),
      ) &&
      sameStoredVenue(stop, incoming),
  );
  const gap = (stop: StoredStop) =>
    stop.time && incoming.time ? Math.abs(minutesOf(stop.time) - minutesOf(incoming.time)) : 0;
  return [...fitting].sort((a, b) => gap(a) - gap(b))[0] ?? null;
}
