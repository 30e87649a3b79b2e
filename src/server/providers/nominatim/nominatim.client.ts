import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { GeocodeData } from '#shared/guides.ts';
import { distanceKm } from '#shared/places.ts';
import { type CallRecorder, providerGetJson, waitForRateSlot } from '../http.ts';

export const NOMINATIM = 'nominatim';

/** Results this close together are one place (a building and its entrance node). */
const SAME_PLACE_M = 300;
/** Street level or finer (26 = major street … 30 = building or point of interest): a city's centre is not a venue. */
const MIN_PLACE_RANK = 26;

/** /search?format=jsonv2: an array ([] when nothing matches); coordinates are strings. */
const searchAnswerSchema = z.array(
  z.object({
    osm_type: z.string(),
    osm_id: z.number(),
    lat: z.string(),
    lon: z.string(),
    place_rank: z.number(),
    display_name: z.string(),
    address: z.record(z.string(), z.string()).optional(),
  }),
);
type SearchResult = z.infer<typeof searchAnswerSchema>[number];

export interface NominatimClientOptions {
  /** https://nominatim.openstreetmap.org (the search is at /search). */
  url: string;
  userAgent: string;
  database: Database;
  timeoutMs: number;
  record: CallRecorder;
  /** The public server allows 1 request a second for the whole application: one slot across processes. */
  intervalMs: number;
}

export interface PlaceToFind {
  name: string;
  address: string | null;
  city: string;
  region: string | null;
  country: string;
}

export type NominatimClient = ReturnType<typeof createNominatimClient>;

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** The result's own town (city, town, village…) is the venue's city. */
function inCity(result: SearchResult, city: string): boolean {
  const address = result.address ?? {};
  const towns = ['city', 'town', 'village', 'municipality', 'hamlet', 'suburb', 'city_district']
    .map((key) => address[key])
    .filter((value): value is string => Boolean(value));
  return towns.some((town) => fold(town) === fold(city));
}

/**
 * The one place the answer certainly means: fine enough (street or building), in the venue's city,
 * and every such result within SAME_PLACE_M of the first. Anything else is ambiguous: null.
 */
export function certainPlace(results: SearchResult[], place: PlaceToFind): GeocodeData | null {
  const fits = results.filter((result) => result.place_rank >= MIN_PLACE_RANK && inCity(result, place.city));
  const first = fits[0];
  if (!first) return null;
  const point = { lat: Number(first.lat), lon: Number(first.lon) };
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lon)) return null;
  const apart = fits.some(
    (other) => 1000 * distanceKm(point, { lat: Number(other.lat), lon: Number(other.lon) }) > SAME_PLACE_M,
  );
  if (apart) return null;
  return { ...point, displayName: first.display_name, osm: `${first.osm_type}:${first.osm_id}` };
}

export function createNominatimClient(options: NominatimClientOptions) {
  const search = async (query: string, country: string) => {
    const url = new URL('/search', options.url);
    const params = new URLSearchParams({ q: query, format: 'jsonv2', limit: '5', addressdetails: '1' });
    if (/^[A-Za-z]{2}$/.test(country)) params.set('countrycodes', country.toLowerCase());
    url.search = params.toString();
    return providerGetJson({
      provider: NOMINATIM,
      operation: 'search',
      url,
      headers: { 'User-Agent': options.userAgent },
      schema: searchAnswerSchema,
      timeoutMs: options.timeoutMs,
      record: options.record,
      maxAttempts: 2,
      beforeAttempt: () => waitForRateSlot(options.database, NOMINATIM, options.intervalMs),
    });
  };
  return {
    /**
     * The venue's point from its name and city, else from its street address: null when neither
     * answer is certain. At most two requests, each in the application's one-a-second slot.
     */
    async findVenue(place: PlaceToFind): Promise<GeocodeData | null> {
      const where = [place.city, place.region].filter(Boolean).join(', ');
      const byName = certainPlace(await search(`${place.name}, ${where}`, place.country), place);
      if (byName || !place.address) return byName;
      return certainPlace(await search(`${place.address}, ${where}`, place.country), place);
    },
  };
}
