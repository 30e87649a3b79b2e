import type { Database } from '#server/db/client.ts';
import type { Logger } from '#server/lib/logger.ts';
import { type Gazetteer, getGazetteer } from './gazetteer.ts';
import * as repo from './places.repo.ts';
import { timeZoneAt } from './time-zone.ts';

const PAGE = 1000;

/**
 * Gives every venue without a time zone the one at its coordinates, or, without coordinates,
 * the one of its city in the gazetteer (loaded only when such a venue exists). Idempotent: it
 * only reads venues whose zone is still null, and a venue nothing can place stays null.
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
    for (const venue of venues) {
      const timeZone = timeZoneAt(venue.lat, venue.lon) ?? (await cityTimeZone(venue, gazetteer));
      if (timeZone) zones.push({ id: venue.id, timeZone });
      else unplaced++;
    }
    filled += await repo.setVenueTimeZones(database, zones);
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
 * text as it is. Idempotent: a matched home has a place id and is not read again.
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
    for (const home of homes) {
      const place = places.matchName(home.homeCity);
      if (!place) {
        kept++;
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
  }
  return { matched, kept };
}

/**
 * Start-up, after the server answers (never holding up the start): venues' zones, then the
 * typeahead's index is built (so the first search is fast), then free-text homes are matched.
 */
export async function runPlacesBackfill(database: Database, logger: Logger): Promise<void> {
  const started = performance.now();
  try {
    const venues = await fillVenueTimeZones(database);
    const indexed = performance.now();
    const places = await getGazetteer();
    const indexMs = Math.round(performance.now() - indexed);
    const homes = await matchFreeTextHomes(database);
    logger.info(
      { venues, homes, places: places.size, indexMs, ms: Math.round(performance.now() - started) },
      'places ready',
    );
  } catch (error) {
    logger.error({ err: error }, 'places back-fill failed; it runs again at the next start');
  }
}
