import { z } from 'zod';
import { addDays } from './dates.ts';
import type { VenuePlace } from './place-label.ts';
import { storableString } from './text-schema.ts';

/**
 * Near (issue 29 item 2): every upcoming show of every artist within a radius of a place, signed in
 * or not. One name on all three sides: `near` (server feature, client feature, this file).
 */
export const NEAR_LIMITS = {
  radiusMinKm: 5,
  radiusMaxKm: 300,
  radiusDefaultKm: 50,
  /** The widest date range one request may ask for. */
  maxDays: 366,
  /** Shows per page; the next page comes with the cursor. */
  pageSize: 50,
  genreMax: 60,
  cursorMax: 400,
} as const;

/** The radii the page offers (the API takes any whole number in the limits). */
export const NEAR_RADII_KM = [10, 25, 50, 100, 200, 300] as const;

export const nearMessages = {
  latRange: 'lat must be a latitude from -90 to 90',
  lngRange: 'lng must be a longitude from -180 to 180',
  radiusRange: `Radius must be a whole number of km from ${NEAR_LIMITS.radiusMinKm} to ${NEAR_LIMITS.radiusMaxKm}`,
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  toBeforeFrom: 'The end date must be on or after the start date',
  rangeTooLong: `Choose at most ${NEAR_LIMITS.maxDays} days`,
  genreTooLong: `Genre must be at most ${NEAR_LIMITS.genreMax} characters`,
  cursorInvalid: 'That page of results is no longer available: start again from the first page',
  placeMissing: 'Give a place (lat and lng), or places=mine for your own places',
  placesInvalid: 'places must be mine',
  mineSignedOut: 'Sign in to see shows near your places',
} as const;

const isoDate = storableString({ message: nearMessages.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: nearMessages.dateInvalid })
  .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    message: nearMessages.dateInvalid,
  });

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Where the previous page ended: the last show's sort key (date, start time or 24:00, artist sort name, id). */
export interface NearCursor {
  date: string;
  time: string;
  sortName: string;
  stopId: string;
}

const cursorSchema = z.tuple([
  storableString().regex(/^\d{4}-\d{2}-\d{2}$/),
  storableString().regex(/^\d{2}:\d{2}(:\d{2})?$/),
  storableString().max(300),
  storableString().regex(/^[0-9a-f-]{36}$/i),
]);

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export function encodeNearCursor(cursor: NearCursor): string {
  return toBase64Url(JSON.stringify([cursor.date, cursor.time, cursor.sortName, cursor.stopId]));
}

/** The cursor, or null when it is not one of ours. */
export function decodeNearCursor(text: string): NearCursor | null {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(fromBase64Url(text)));
    if (!parsed.success) return null;
    const [date, time, sortName, stopId] = parsed.data;
    return { date, time, sortName, stopId };
  } catch {
    return null;
  }
}

const coordinate = (min: number, max: number, message: string) =>
  z.coerce.number({ message }).min(min, { message }).max(max, { message });

/**
 * GET /api/near?lat=&lng=&radiusKm=&from=&to=&genre=&cursor=, or ?places=mine instead of a point:
 * the signed-in fan's own places (home and tracked places, each with its radius; `radiusKm` stands
 * in for a home whose radius is "anywhere"). `from` defaults to today (UTC; the page sends the
 * fan's own today), `to` to the widest range after it.
 */
export const nearQuerySchema = z
  .object({
    lat: coordinate(-90, 90, nearMessages.latRange).optional(),
    lng: coordinate(-180, 180, nearMessages.lngRange).optional(),
    places: z.literal('mine', { message: nearMessages.placesInvalid }).optional(),
    radiusKm: z.coerce
      .number({ message: nearMessages.radiusRange })
      .int({ message: nearMessages.radiusRange })
      .min(NEAR_LIMITS.radiusMinKm, { message: nearMessages.radiusRange })
      .max(NEAR_LIMITS.radiusMaxKm, { message: nearMessages.radiusRange })
      .default(NEAR_LIMITS.radiusDefaultKm),
    from: isoDate.optional(),
    to: isoDate.optional(),
    genre: storableString()
      .trim()
      .max(NEAR_LIMITS.genreMax, { message: nearMessages.genreTooLong })
      .optional()
      .transform((value) => value || undefined),
    cursor: storableString()
      .max(NEAR_LIMITS.cursorMax, { message: nearMessages.cursorInvalid })
      .optional()
      .transform((value, ctx) => {
        if (!value) return undefined;
        const cursor = decodeNearCursor(value);
        if (!cursor) {
          ctx.addIssue({ code: 'custom', message: nearMessages.cursorInvalid });
          return z.NEVER;
        }
        return cursor;
      }),
  })
  .transform((query) => {
    const from = query.from ?? new Date().toISOString().slice(0, 10);
    return { ...query, from, to: query.to ?? addDays(from, NEAR_LIMITS.maxDays - 1) };
  })
  .refine((query) => query.places === 'mine' || (query.lat !== undefined && query.lng !== undefined), {
    message: nearMessages.placeMissing,
    path: ['lat'],
  })
  .refine((query) => daysBetween(query.from, query.to) >= 0, { message: nearMessages.toBeforeFrom, path: ['to'] })
  .refine((query) => daysBetween(query.from, query.to) < NEAR_LIMITS.maxDays, {
    message: nearMessages.rangeTooLong,
    path: ['to'],
  });
export type NearQuery = z.infer<typeof nearQuerySchema>;

/** One show near the place, as the page lists it. */
export interface NearShow extends VenuePlace {
  stopId: string;
  stopSlug: string;
  artistName: string;
  artistSlug: string;
  genres: string[];
  /** The date and time at the venue (YYYY-MM-DD, HH:MM). */
  date: string;
  time: string | null;
  /** The venue's IANA zone, when known. */
  timeZone: string | null;
  /** 'scheduled' | 'postponed' | 'rescheduled': cancelled shows are not listed (ADR 0042). */
  status: string;
  ticketUrl: string | null;
  /** From the place, rounded to 0.1 km. */
  distanceKm: number;
  /** The signed-in fan follows the artist (always false for visitors). */
  followed: boolean;
}

export interface NearResponse {
  shows: NearShow[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
  /** The genres of every show in the area and dates (whatever the genre filter); first page only, else null. */
  genres: string[] | null;
}

/** A place the fan keeps (home from Settings, then their tracked places), offered first on the Near page. */
export interface NearPlace {
  /** Home (Settings' home city) rather than a tracked place. */
  home: boolean;
  label: string;
  lat: number;
  lng: number;
  /** The fan's own radius for it, when they set one. */
  radiusKm: number | null;
}

/** GET /api/near/places: the signed-in fan's places (a visitor gets none). */
export interface NearPlacesResponse {
  places: NearPlace[];
}
