import type { Database } from '#server/db/client.ts';
import { timeZoneAt } from '#server/features/places/time-zone.ts';
import type { EventBus } from '#server/lib/event-bus.ts';
import { currentJobSignal } from '#server/lib/job-signal.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { Providers } from '#server/providers/providers.ts';
import type { GeocodeData, GuidePartKind, VenueFactsData } from '#shared/guides.ts';
import { findCityByKey, findParts, findVenueById, recordPartFailure, savePart, setVenuePoint } from './guides.repo.ts';

/** How long a good copy counts as fresh, per kind: places and city texts change slowly, forecasts daily. */
export const PART_FRESH_SECONDS: Record<GuidePartKind, number> = {
  around: 30 * 86_400,
  city: 30 * 86_400,
  forecast: 20 * 3_600,
  typical: 365 * 86_400,
  story: 7 * 86_400,
  // A venue's facts change rarely; its point is looked up once (a year is "once" for a tour catalog).
  venue: 90 * 86_400,
  geocode: 365 * 86_400,
};

/** Backoff after failures in a row: 1 min, 2, 4 … up to 6 hours; then the daily planner tries again. */
export function retryDelaySeconds(failures: number): number {
  return Math.min(6 * 3_600, 60 * 2 ** Math.max(0, failures - 1));
}
/** Failures in a row after which the job stops re-queueing itself (the planner keeps trying, slowly). */
export const MAX_REQUEUED_FAILURES = 6;

export interface PartBuilderDeps {
  database: Database;
  providers: Pick<Providers, 'overpass' | 'wikivoyage' | 'openMeteo' | 'wikidata' | 'nominatim'>;
  events?: Pick<EventBus, 'publish'>;
  logger: Logger;
  /** Today's year, for typical weather (tests pin it). */
  now?: () => Date;
}

export const cityKey = (place: { city: string; country: string }) =>
  `${place.city.toLowerCase()}|${place.country.toLowerCase()}`;
export const forecastKey = (venueId: string, date: string) => `${venueId}|${date}`;
/** Typical weather is per venue and week of the year (its day of year rounded down to 7). */
export const typicalKey = (venueId: string, date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  const start = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.floor((day.getTime() - start) / (7 * 86_400_000));
  return `${venueId}|w${week}`;
};

export type BuildOutcome = 'built' | 'fresh' | 'failed' | 'waiting' | 'no-point';

/** The part needs the venue's point and the catalog has none yet (the geocode part looks for it). */
class NoPointYet extends Error {}

/**
 * Fetches one part unless a fresh copy exists (so a re-run after a restart repeats no work) or a
 * failure's backoff is still running. A failure keeps the last good copy and books the retry.
 */
export async function buildPart(
  deps: PartBuilderDeps,
  kind: GuidePartKind,
  key: string,
  options: { force?: boolean } = {},
): Promise<{ outcome: BuildOutcome; failures?: number }> {
  const [existing] = await findParts(deps.database, [{ kind, key }]);
  const now = deps.now?.() ?? new Date();
  if (!options.force && existing) {
    const age = existing.fetchedAt ? (now.getTime() - existing.fetchedAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
    if (age < PART_FRESH_SECONDS[kind] && !existing.lastError) return { outcome: 'fresh' };
    if (existing.retryAt && existing.retryAt > now) return { outcome: 'waiting' };
  }
  try {
    const data = await fetchPart(deps, kind, key, now, existing?.data ?? null);
    await savePart(deps.database, kind, key, data);
  } catch (error) {
    if (error instanceof NoPointYet) return { outcome: 'no-point' };
    // The server stopped the job, the provider did not fail: no backoff booked; pg-boss runs it again.
    if (currentJobSignal()?.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const failures = await recordPartFailure(deps.database, kind, key, message, retryDelaySeconds);
    deps.logger.warn({ kind, key, failures, err: message }, 'guide part not fetched: the last good copy stays');
    await deps.events?.publish({ type: 'guide-part-ready', kind, key }).catch(() => {});
    return { outcome: 'failed', failures };
  }
  await deps.events?.publish({ type: 'guide-part-ready', kind, key }).catch(() => {});
  return { outcome: 'built' };
}

async function fetchPart(
  deps: PartBuilderDeps,
  kind: GuidePartKind,
  key: string,
  now: Date,
  previous: unknown,
): Promise<unknown> {
  const { providers, database } = deps;
  if (kind === 'story') throw new Error('stories are written by the story job');
  if (kind === 'city') {
    const place = await findCityByKey(database, key);
    return place ? await providers.wikivoyage.cityGuide(place.city) : null;
  }
  const [venueId = '', date = ''] = key.split('|');
  const venue = await findVenueById(database, venueId);
  if (!venue) return null;
  if (kind === 'geocode') return await geocodeVenue(deps, venue);
  if (venue.lat === null || venue.lon === null) throw new NoPointYet();
  if (kind === 'venue') {
    const knownId = (previous as VenueFactsData | null)?.wikidataId ?? null;
    return await providers.wikidata.venueFacts({ name: venue.name, lat: venue.lat, lon: venue.lon, knownId });
  }
  if (kind === 'around') return { places: await providers.overpass.placesAround(venue.lat, venue.lon) };
  if (kind === 'forecast') return await providers.openMeteo.forecast(venue.lat, venue.lon, date, venue.timeZone);
  // typical: the key holds a week; any date of it stands for the week (the part is shared by its stops).
  const week = Number(date.slice(1));
  const sample = new Date(Date.UTC(now.getUTCFullYear(), 0, 1 + week * 7 + 3)).toISOString().slice(0, 10);
  return await providers.openMeteo.typical(venue.lat, venue.lon, sample, now.getUTCFullYear());
}

/**
 * A venue the catalog has no point for: Nominatim's answer, when certain, becomes the venue's point
 * and time zone (only while it still has none: a curator's later fix wins). An ambiguous or empty
 * answer is stored as "nothing" and the venue is left alone.
 */
async function geocodeVenue(
  deps: PartBuilderDeps,
  venue: NonNullable<Awaited<ReturnType<typeof findVenueById>>>,
): Promise<GeocodeData | null> {
  if (venue.lat !== null && venue.lon !== null) {
    return { lat: venue.lat, lon: venue.lon, displayName: 'from the catalog', osm: '' };
  }
  const found = await deps.providers.nominatim.findVenue(venue);
  if (found) await setVenuePoint(deps.database, venue.id, found.lat, found.lon, timeZoneAt(found.lat, found.lon));
  return found;
}
