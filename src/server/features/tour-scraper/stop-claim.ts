import type { Tx } from '#server/db/sql.ts';
import { normaliseCatalog, type VenueEntry } from '#server/features/catalog/catalog.service.ts';
import { updateStop } from '#server/features/sync/sync.repo.ts';
import type { StopClaimAfter } from '#shared/catalog-requests.ts';
import { setStopStatus } from './tour-scraper.repo.ts';

/**
 * What a page says about one public stop, written onto it: by the weekly re-check of a trusted page,
 * and by an admin applying a fan's change request (ADR 0037).
 */

/** A page's row about one stop, as a claim on the public stop. */
export function claimFromRow(row: {
  date: string;
  localTime: string | null;
  venueName: string;
  city: string;
  region: string | null;
  countryCode: string;
  lat: number | null;
  lon: number | null;
  timeZone: string | null;
  ticketUrl: string | null;
  status: string;
}): StopClaimAfter {
  return {
    date: row.date,
    time: row.localTime,
    venue: row.venueName,
    city: row.city,
    status: row.status,
    region: row.region,
    country: row.countryCode.toUpperCase(),
    lat: row.lat,
    lon: row.lon,
    timeZone: row.timeZone,
    ticketUrl: row.ticketUrl,
  };
}

/** The claimed place as the catalog writes venues (normalised names, identity key); not stored yet. */
export function claimedVenue(artistName: string, claim: StopClaimAfter, source: string): VenueEntry {
  const stop = {
    date: claim.date,
    venue: claim.venue,
    city: claim.city,
    region: claim.region ?? undefined,
    country: claim.country,
    lat: claim.lat ?? undefined,
    lon: claim.lon ?? undefined,
    timeZone: claim.timeZone ?? undefined,
  };
  const [entry] = normaliseCatalog(
    { artists: [{ name: artistName, tours: [{ name: 'tour', stops: [stop] }] }] },
    source,
  );
  return entry!.tours[0]!.stops[0]!.venue;
}

/** The stop moves to the claimed date, time and venue (already stored) and takes the claimed status. */
export async function moveStopToClaim(tx: Tx, stopId: string, claim: StopClaimAfter, venue: VenueEntry) {
  await updateStop(tx, stopId, {
    date: claim.date,
    time: claim.time,
    venueKey: venue.identityKey,
    city: venue.city,
    region: venue.region,
    country: venue.country,
    lat: claim.lat ?? venue.lat,
    lon: claim.lon ?? venue.lon,
    ticketUrl: claim.ticketUrl,
  });
  // updateStop schedules the stop again; a postponed or rescheduled show says so.
  if (claim.status !== 'scheduled') await setStopStatus(tx, stopId, claim.status);
}
