import type { Database } from '#server/db/client.ts';
import type { Logger } from '#server/lib/logger.ts';
import { type Gazetteer, getGazetteer } from './gazetteer.ts';
import * as repo from './places.repo.ts';
import { timeZoneAt } from './time-zone.ts';

const PAGE = 1000;

/**
 * Gives every venue without a time zone the one at its coordinates, or, without coordinates,
 * the one of its city in the gazetteer (loaded only when such a venue exists). Idempotent: it
 * only reads venues whose zone is still null; a venue nothing can place stays null and is
 * remembered as tried, so later starts neither read it nor build the gazetteer for it.
 */
export async function fillVenueTimeZones(
  database: Database,
  gazetteer: () => Promise<Gazetteer> = getGazetteer,
): Promise<{ filled: number; unplaced: number }> {
  let filled = 0;
  let unplaced = 0;
  let afterId: string | null = null;
  for (;;) {
    const venues = await repo.findVenuesWithoutTimeZone(database, afterId, PAGE);
    if (venues.length === 0) break;
    afterId = venues.at(-1)!.id;
    const zones: { id: string; timeZone: string }[] = [];
    const failed: string[] = [];
    for (const venue of venues) {
      const timeZone = timeZoneAt(venue.lat, venue.lon) ?? (await cityTimeZone(venue, gazetteer));
      if (timeZone) zones.push({ id: venue.id, timeZone });
      else failed.push(`venue:${venue.id}`);
    }
    filled += await repo.setVenueTimeZones(database, zones);
    await repo.recordFailedAttempts(database, failed);
    unplaced += failed.length;
  }
  return { filled, unplaced };
}

async function cityTimeZone(venue: repo.VenueWithoutZone, gazetteer: () => Promise<Gazetteer>): Promise<string | null> {
  const places = await gazetteer();
  if (!venue.region) return places.matchName(`${venue.city}, ${venue.country}`)?.timeZone ?? null;
  // A town too small for the gazetteer (Morrison, CO): the zone of its region's largest city,
  // never a namesake elsewhere in the country (Morrison, Illinois).
  const place =
    places.matchName(`${venue.city}, ${venue.region}, ${venue.country}`) ??
    places.largestIn(`${venue.region}, ${venue.country}`);
  return place?.timeZone ?? null;
}

/**
 * Matches home cities typed as free text before places existed, best effort: the exact name
 * ('Austin', 'Austin, TX', 'Zürich, Switzerland'), the most populous place of that name. A
 * match stores the place (id, name, region, country, coordinates, zone); no match keeps the
 * text as it is. Once per home: a matched home has a place id, an unmatched one is remembered
 * as tried, and neither is read again (nor the gazetteer built for it) at a later start.
 */
export async function matchFreeTextHomes(
  database: Database,
  gazetteer: () => Promise<Gazetteer> = getGazetteer,
): Promise<{ matched: number; kept: number }> {
  let matched = 0;
  let kept = 0;
  let afterId: string | null = null;
  for (;;) {
    const homes = await repo.findFreeTextHomes(database, afterId, PAGE);
    if (homes.length === 0) break;
    afterId = homes.at(-1)!.id;
    const places = await gazetteer();
    const found: repo.MatchedHome[] = [];
    const unmatched: string[] = [];
    for (const home of homes) {
      const place = places.matchName(home.homeCity);
      if (!place) {
        unmatched.push(`home:${home.id}`);
        continue;
      }
      found.push({
        id: home.id,
        homeCity: home.homeCity,
        placeId: place.id,
        city: place.name,
        region: place.region,
        country: place.country,
        lat: place.lat,
        lon: place.lon,
        timeZone: place.timeZone,
      });
    }
    matched += await repo.setMatchedHomes(database, found);
    await repo.recordFailedAttempts(database, unmatched);
    kept += unmatched.length;
  }
  return { matched, kept };
}

/**
 * Start-up, after the server answers (never holding up the start): venues' zones, then free-text
 * homes. Both read only what was never tried, so a usual start does two small queries and builds
 * nothing; the typeahead's index is built on the first need (a place search, or a row to match).
 */
export async function runPlacesBackfill(database: Database, logger: Logger): Promise<void> {
  const started = performance.now();
  try {
    const venues = await fillVenueTimeZones(database);
    const homes = await matchFreeTextHomes(database);
    logger.info({ venues, homes, ms: Math.round(performance.now() - started) }, 'places ready');
  } catch (error) {
    logger.error({ err: error }, 'places back-fill failed; it runs again at the next start');
  }
}
