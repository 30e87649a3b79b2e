import type { StopEntry } from '#server/features/catalog/catalog.service.ts';

/** A stop already in the catalog for the artist being synced. */
export interface KnownStop {
  id: string;
  date: string;
  time: string | null;
  venueKey: string;
  venueName: string;
  city: string;
  source: string;
  externalId: string | null;
  ticketUrl: string | null;
  /** STOP_STATUSES: a stop the provider dropped stays, as 'cancelled'. */
  status: string;
}

export interface MovedStop {
  stop: KnownStop;
  to: StopEntry;
  /** Date or venue changed (fans hear about it); otherwise only the time or ticket link did. */
  relocated: boolean;
  /** A cancelled stop the provider lists again. */
  restored: boolean;
}

export interface StopDiff {
  /** Stops to add: neither their provider id nor their date and venue are in the catalog. */
  added: StopEntry[];
  /** Known provider stops whose details changed. */
  changed: MovedStop[];
  /** Upcoming stops from this provider that it no longer lists (and that are not cancelled already). */
  cancelled: KnownStop[];
}

const placeKey = (date: string, venueKey: string) => `${date}|${venueKey}`;

/**
 * Compares what the provider lists now with what the catalog holds. A provider stop is the same
 * stop by its external id, so a changed date or venue is a move, not a new show; a stop another
 * source (a catalog import) already has on that date at that venue is not added twice.
 */
export function diffStops(known: KnownStop[], incoming: StopEntry[], source: string, today: string): StopDiff {
  const bySourceId = new Map(
    known.filter((stop) => stop.source === source && stop.externalId).map((stop) => [stop.externalId!, stop]),
  );
  const places = new Set(known.map((stop) => placeKey(stop.date, stop.venueKey)));
  const listed = new Set<string>();
  const diff: StopDiff = { added: [], changed: [], cancelled: [] };

  for (const entry of incoming) {
    if (entry.externalId) listed.add(entry.externalId);
    const previous = entry.externalId ? bySourceId.get(entry.externalId) : undefined;
    if (previous) {
      const relocated = previous.date !== entry.date || previous.venueKey !== entry.venue.identityKey;
      const retimed = (previous.time?.slice(0, 5) ?? null) !== entry.time || previous.ticketUrl !== entry.ticketUrl;
      const restored = previous.status === 'cancelled';
      if (relocated || retimed || restored) diff.changed.push({ stop: previous, to: entry, relocated, restored });
    } else if (!places.has(placeKey(entry.date, entry.venue.identityKey))) {
      places.add(placeKey(entry.date, entry.venue.identityKey));
      diff.added.push(entry);
    }
  }
  for (const stop of bySourceId.values()) {
    if (stop.date >= today && stop.status !== 'cancelled' && !listed.has(stop.externalId!)) diff.cancelled.push(stop);
  }
  return diff;
}
