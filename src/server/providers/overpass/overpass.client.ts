import type { Database } from '#server/db/client.ts';
import {
  type NearbyPlace,
  PLACE_RADIUS_M,
  PLACES_PER_CATEGORY,
  type PlaceCategory,
  WALKING_DETOUR_FACTOR,
  WALKING_METRES_PER_MINUTE,
} from '#shared/guides.ts';
import { distanceKm } from '#shared/places.ts';
import { type CallRecorder, ProviderError, providerGetJson, waitForRateSlot } from '../http.ts';
import { type OverpassElement, overpassAnswerSchema } from './overpass.schemas.ts';

export const OVERPASS = 'overpass';

export interface OverpassClientOptions {
  /** The interpreter endpoint, e.g. https://overpass-api.de/api/interpreter. */
  url: string;
  userAgent: string;
  database: Database;
  timeoutMs: number;
  record: CallRecorder;
  /**
   * Gap between calls across all processes. The public instance asks for serial calls, well under
   * 10,000 a day: one combined query per venue, cached for days.
   */
  intervalMs: number;
}

export type OverpassClient = ReturnType<typeof createOverpassClient>;

/** One query for every category: food ~800 m, sleep ~2 km, transit and parking ~1 km. */
export function aroundQuery(lat: number, lon: number): string {
  const at = (radius: number) => `(around:${radius},${lat.toFixed(6)},${lon.toFixed(6)})`;
  const r = PLACE_RADIUS_M;
  return [
    '[out:json][timeout:25][maxsize:67108864];',
    '(',
    `nwr${at(r.food)}[amenity~"^(restaurant|cafe|bar|pub|fast_food|biergarten)$"];`,
    `nwr${at(r.sleep)}[tourism~"^(hotel|hostel|guest_house)$"];`,
    `nwr${at(r.transit)}[railway~"^(station|halt|tram_stop|subway_entrance)$"];`,
    `node${at(r.transit)}[highway=bus_stop];`,
    `nwr${at(r.parking)}[amenity=parking];`,
    ');',
    'out tags center;',
  ].join('');
}

export function createOverpassClient(options: OverpassClientOptions) {
  return {
    /** The named places around a point, nearest first per category (at most PLACES_PER_CATEGORY each). */
    async placesAround(lat: number, lon: number): Promise<NearbyPlace[]> {
      const url = new URL(options.url);
      url.searchParams.set('data', aroundQuery(lat, lon));
      const answer = await providerGetJson({
        provider: OVERPASS,
        operation: 'around',
        url,
        headers: { 'User-Agent': options.userAgent },
        schema: overpassAnswerSchema,
        timeoutMs: options.timeoutMs,
        record: options.record,
        // A 429 asks for 30 s or more: the job's own backoff waits that, not this request.
        maxAttempts: 1,
        beforeAttempt: () => waitForRateSlot(options.database, OVERPASS, options.intervalMs),
      });
      if (answer.remark) {
        // Partial elements after a runtime error would pass for "nothing nearby": not a good copy.
        throw new ProviderError(OVERPASS, 'around', 'bad-response', `partial answer: ${answer.remark}`, 200);
      }
      return toPlaces(answer.elements, { lat, lon });
    },
  };
}

function categoryOf(tags: Record<string, string>): { category: PlaceCategory; kind: string } | null {
  const amenity = tags.amenity;
  if (amenity === 'parking') return { category: 'parking', kind: 'parking' };
  if (amenity) return { category: 'food', kind: amenity };
  if (tags.tourism) return { category: 'sleep', kind: tags.tourism };
  if (tags.railway) return { category: 'transit', kind: tags.railway };
  if (tags.highway === 'bus_stop') return { category: 'transit', kind: 'bus_stop' };
  return null;
}

/** Named places only, a station listed once (platforms and stop positions share its name), nearest first. */
export function toPlaces(elements: OverpassElement[], venue: { lat: number; lon: number }): NearbyPlace[] {
  const seen = new Set<string>();
  const places: NearbyPlace[] = [];
  for (const element of elements) {
    const tags = element.tags ?? {};
    const point = element.center ?? (element.lat !== undefined && element.lon !== undefined ? element : null);
    const found = categoryOf(tags);
    const name = tags.name?.trim() || (found?.category === 'parking' ? 'Parking' : '');
    if (!point || point.lat === undefined || point.lon === undefined || !found || !name) continue;
    const identity = `${found.category}|${name.toLowerCase()}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    const distanceM = Math.round(1000 * distanceKm(venue, { lat: point.lat, lon: point.lon }));
    places.push({
      name: name.slice(0, 120),
      category: found.category,
      kind: found.kind,
      lat: point.lat,
      lon: point.lon,
      distanceM,
      walkMinutes: Math.max(1, Math.round((distanceM * WALKING_DETOUR_FACTOR) / WALKING_METRES_PER_MINUTE)),
      openingHours: tags.opening_hours?.slice(0, 200) ?? null,
      wheelchair: tags.wheelchair ?? null,
    });
  }
  places.sort((a, b) => a.distanceM - b.distanceM);
  const perCategory = new Map<PlaceCategory, number>();
  return places.filter((place) => {
    const count = perCategory.get(place.category) ?? 0;
    perCategory.set(place.category, count + 1);
    return count < PLACES_PER_CATEGORY;
  });
}
