import type { Database } from '#server/db/client.ts';
import { type CatalogEntry, normaliseCatalog, writeCatalogEntries } from '#server/features/catalog/catalog.service.ts';
import { describeStop } from '#server/features/notifications/notifications.messages.ts';
import { deliverNotifications, type NotificationDraft } from '#server/features/notifications/notifications.service.ts';
import type { CatalogChanges } from '#server/lib/catalog-changes.ts';
import type { Logger } from '#server/lib/logger.ts';
import { ProviderError, waitForRateSlot } from '#server/providers/http.ts';
import { JAMBASE, type JamBaseClient } from '#server/providers/jambase/jambase.client.ts';
import { eventsToTours, JAMBASE_SOURCE, jbEventToSourceStop } from '#server/providers/jambase/jambase.mapping.ts';
import type { JbEvent } from '#server/providers/jambase/jambase.schemas.ts';
import type { SourceStop } from '#server/providers/source-stop.ts';
import type { CatalogArtist } from '#shared/catalog-import.ts';
import { addDays, formatShowTime } from '#shared/dates.ts';
import { titleCase } from '#shared/text.ts';
import { tripTitle } from '#shared/trips.ts';
import {
  markSearchDone,
  markSearchFailed,
  type NewTripShowRow,
  selectNewTripShows,
  selectTripById,
} from './trips.repo.ts';

/**
 * Filling a trip's gaps: the catalog only knows artists someone searched or imported, so a saved
 * trip asks JamBase for every concert around its destination on its dates (geo search), and the
 * answer goes into the catalog through its one writer, with each listing: the writer matches it to
 * a stop it holds by provenance (stop_sources), then by the merge rules, and records its source.
 */

/**
 * JamBase's plans allow about one call a second (3,600 an hour): trip searches book a slot in
 * the database-wide pacing table first, so many trips saved at once queue instead of bursting.
 */
export const JAMBASE_GEO_INTERVAL_MS = 1_000;

export interface TripSearchDeps {
  database: Database;
  jamBase: JamBaseClient | null;
  logger: Logger;
  /** Told after the area's shows are written: every server process drops its kept catalog answers. */
  catalogChanges: CatalogChanges;
}

export interface TripSearchOutcome {
  events: number;
  stopsAdded: number;
  notified: number;
}

/** Every performer of the answer becomes a catalog artist with their stops (a shared bill: one stop each). */
export function eventsToCatalogArtists(events: JbEvent[]): CatalogArtist[] {
  const performers = new Map<string, { name: string; mbid: string | null; genres: string[] }>();
  for (const event of events) {
    for (const performer of event.performer) {
      if (performers.has(performer.identifier)) continue;
      performers.set(performer.identifier, {
        name: performer.name.trim(),
        mbid: mbidOf(performer),
        genres: (performer.genre ?? []).map((genre) => genre.replace(/-/g, ' ')).slice(0, 20),
      });
    }
  }
  const artists: CatalogArtist[] = [];
  for (const [identifier, performer] of performers) {
    const theirs = events.filter((event) => event.performer.some((p) => p.identifier === identifier));
    const tours = eventsToTours(theirs, { name: performer.name, mbid: performer.mbid });
    if (tours.length === 0) continue;
    artists.push({
      name: performer.name,
      ...(performer.mbid ? { mbid: performer.mbid } : {}),
      ...(performer.genres.length ? { genres: performer.genres } : {}),
      tours,
    });
  }
  return artists;
}

/** A performer's MusicBrainz id as JamBase gives it, when it is one. */
function mbidOf(performer: JbEvent['performer'][number]): string | null {
  const mbid = (performer['x-externalIdentifiers'] ?? [])
    .filter((external) => external.source === 'musicbrainz')
    .flatMap((external) => [external.identifier].flat())[0];
  return mbid && /^[0-9a-f-]{36}$/i.test(mbid) ? mbid.toLowerCase() : null;
}

/**
 * The answer as catalog entries, each stop carrying its JamBase listing: the catalog writer finds
 * a show it holds already by that listing (stop_sources) or the merge rules, and records the
 * listing as the stop's source (ADR 0044).
 */
export function tripSearchEntries(events: JbEvent[]): CatalogEntry[] {
  const artists = eventsToCatalogArtists(events);
  if (artists.length === 0) return [];
  const listings = new Map<string, SourceStop>();
  for (const event of events) {
    for (const performer of event.performer) {
      const listing = jbEventToSourceStop(event, { name: performer.name, mbid: mbidOf(performer) });
      if (listing) listings.set(listing.externalId, listing);
    }
  }
  const entries = normaliseCatalog({ artists }, JAMBASE_SOURCE);
  for (const stop of entries.flatMap((entry) => entry.tours.flatMap((tour) => tour.stops))) {
    const listing = stop.externalId ? listings.get(stop.externalId) : undefined;
    if (listing) stop.listings = [listing];
  }
  return entries;
}

/**
 * Runs one trip's search. `baseline` (the search right after a save): what it finds is part of
 * the plan the fan is looking at, not news; later runs (daily) notify the shows they add.
 * Provider trouble marks the trip 'failed' (the page says it will be retried) and is rethrown so
 * the queue retries.
 */
export async function searchTrip(
  deps: TripSearchDeps,
  tripId: string,
  options: { baseline: boolean },
): Promise<TripSearchOutcome | null> {
  const trip = await selectTripById(deps.database.db, tripId);
  if (!trip) return null;
  if (!deps.jamBase) {
    await markSearchDone(deps.database.db, tripId, options.baseline);
    return { events: 0, stopsAdded: 0, notified: 0 };
  }
  let events: JbEvent[];
  try {
    // Venue-local dates: a day wider each side, the trip query places each show exactly.
    events = await deps.jamBase.eventsNear(
      {
        lat: Number(trip.lat),
        lon: Number(trip.lon),
        radiusKm: trip.radiusKm,
        from: addDays(trip.arriveOn, -1),
        to: addDays(trip.departOn, 1),
      },
      () => waitForRateSlot(deps.database, JAMBASE, JAMBASE_GEO_INTERVAL_MS),
    );
  } catch (error) {
    const message = error instanceof ProviderError ? error.message : String(error);
    await markSearchFailed(deps.database.db, tripId, message.slice(0, 500));
    throw error;
  }
  const entries = tripSearchEntries(events);
  const summary = entries.length ? await writeCatalogEntries(deps, entries) : { stopsAdded: 0 };
  await markSearchDone(deps.database.db, tripId, options.baseline);
  const notified = options.baseline ? 0 : await notifyNewTripShows(deps.database, { tripId });
  return { events: events.length, stopsAdded: summary.stopsAdded, notified };
}

// --- "Trip shows" notifications ---------------------------------------------------------------------

export function tripShowDraft(row: NewTripShowRow): NotificationDraft {
  const artistName = titleCase(row.artistName);
  const at = row.time ? ` at ${formatShowTime(row.date, row.time, row.timeZone, row.timeZone ?? undefined)}` : '';
  return {
    userId: row.userId,
    kind: 'trip-show',
    title: `New on your trip: ${artistName}`,
    message: `${describeStop({ date: row.date, venue: row.venueName, city: row.city, region: null })}${at}, during ${tripTitle({ name: row.tripName, placeLabel: row.placeLabel })}.`,
    artistSlug: row.artistSlug,
    // Once per show and fan, whichever trip, job or retry finds it.
    dedupeKey: `trip-show:${row.stopId}`,
    stopId: row.stopId,
  };
}

/**
 * Notifies fans of shows added since their trips' watch_from, for trips not yet started: after a
 * daily search, a sync (tour-dates-changed) or the hourly sweep (imports, approvals, first syncs).
 * Returns how many notifications were added.
 */
export async function notifyNewTripShows(
  database: Database,
  scope: { tripId?: string; artistId?: string } = {},
): Promise<number> {
  return database.db.transaction(async (tx) => {
    const rows = await selectNewTripShows(tx, scope);
    const seen = new Set<string>();
    const drafts = rows.filter((row) => {
      const key = `${row.userId}|${row.stopId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return drafts.length ? deliverNotifications(tx, drafts.map(tripShowDraft)) : 0;
  });
}
