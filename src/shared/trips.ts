import { z } from 'zod';
import type { VenuePlace } from './place-label.ts';
import { placeIdSchema } from './places.ts';
import { storableString } from './text-schema.ts';

/**
 * Vacation mode (issue 14): trips, the shows on them, sharing. One name on all three sides:
 * `trips` (server feature, client feature, this file).
 */
export const TRIP_LIMITS = {
  radiusMinKm: 10,
  radiusMaxKm: 300,
  radiusDefaultKm: 50,
  /** Departure at most this many days after arrival. */
  maxDays: 60,
  /** Arrival at most this many days ahead (two years). */
  maxDaysAhead: 730,
  maxUpcomingTrips: 50,
  nameMax: 80,
} as const;

/** The gap-fill search of the tour-date provider for a trip's area and dates. */
export const TRIP_SEARCH_STATES = ['pending', 'done', 'failed'] as const;
export type TripSearchState = (typeof TRIP_SEARCH_STATES)[number];

export const tripMessages = {
  departBeforeArrive: 'Departure must be on or after arrival',
  tooLong: `A trip can be at most ${TRIP_LIMITS.maxDays} days long`,
  tooFarAhead: 'A trip must start within the next two years',
  radiusRange: `Radius must be from ${TRIP_LIMITS.radiusMinKm} to ${TRIP_LIMITS.radiusMaxKm} km`,
  tooManyTrips: `You can plan at most ${TRIP_LIMITS.maxUpcomingTrips} upcoming trips`,
  destinationRequired: 'Choose a destination',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  nameTooLong: `Name must be at most ${TRIP_LIMITS.nameMax} characters`,
  notFound: 'Trip not found',
  searchRetry: 'The search for more shows there failed; it will be retried.',
} as const;

const isoDate = storableString({ message: tripMessages.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: tripMessages.dateInvalid })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      message: tripMessages.dateInvalid,
    },
  );

const pointSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});

const tripFields = {
  name: storableString().trim().max(TRIP_LIMITS.nameMax, { message: tripMessages.nameTooLong }).optional().nullable(),
  /** A gazetteer place, or `point` for a spot picked on the map: exactly one of the two. */
  placeId: placeIdSchema.optional(),
  point: pointSchema.optional(),
  radiusKm: z
    .number({ message: tripMessages.radiusRange })
    .int({ message: tripMessages.radiusRange })
    .min(TRIP_LIMITS.radiusMinKm, { message: tripMessages.radiusRange })
    .max(TRIP_LIMITS.radiusMaxKm, { message: tripMessages.radiusRange })
    .default(TRIP_LIMITS.radiusDefaultKm),
  arriveOn: isoDate,
  departOn: isoDate,
};

/** Whole days from `from` to `to` (ISO dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * POST /api/trips (and PATCH with the whole trip). "Today" for the two-years rule is the caller's
 * business (the server checks it against its clock); here only what the input itself can tell.
 */
export const tripInputSchema = z
  .object(tripFields)
  .refine((trip) => (trip.placeId === undefined) !== (trip.point === undefined), {
    message: tripMessages.destinationRequired,
    path: ['placeId'],
  })
  .refine((trip) => daysBetween(trip.arriveOn, trip.departOn) >= 0, {
    message: tripMessages.departBeforeArrive,
    path: ['departOn'],
  })
  .refine((trip) => daysBetween(trip.arriveOn, trip.departOn) <= TRIP_LIMITS.maxDays, {
    message: tripMessages.tooLong,
    path: ['departOn'],
  });
export type TripInput = z.infer<typeof tripInputSchema>;

/** A trip as the API returns it to its owner. */
export interface Trip {
  id: string;
  name: string | null;
  placeId: string | null;
  placeLabel: string;
  lat: number;
  lon: number;
  timeZone: string;
  radiusKm: number;
  arriveOn: string;
  departOn: string;
  /** The read-only link's path when shared, else null. */
  sharePath: string | null;
  search: { state: TripSearchState; searchedAt: string | null; message: string | null };
}

/** GET /api/trips/:id and the shared view: which tier a show is ranked in. */
export const TRIP_SHOW_RANKS = ['followed', 'similar', 'other'] as const;
export type TripShowRank = (typeof TRIP_SHOW_RANKS)[number];

/** The fan's own state on a show, as the state buttons take it (shows-api's UserShowState). */
export interface TripShowState {
  stopId: string;
  state: 'interested' | 'going' | 'attended' | 'missed';
  hasTickets: boolean;
  seat: string | null;
  status: string;
  moved: boolean;
}

/** One show on a trip. `date` and `time` are the venue's own clock (its `timeZone`). */
export interface TripShow extends VenuePlace {
  stopId: string;
  artistName: string;
  artistSlug: string;
  stopSlug: string;
  date: string;
  time: string | null;
  timeZone: string | null;
  lat: number;
  lon: number;
  ticketUrl: string | null;
  status: string;
  /** From the trip's destination, rounded to 0.1 km. */
  distanceKm: number;
  rank: TripShowRank;
  /** "You follow X" / "Like X and Y — indie rock"; null for the rest (and on shared links). */
  reason: string | null;
  /** Owner only: undefined on shared links. */
  state?: TripShowState | null;
}

export interface TripDay {
  /** YYYY-MM-DD, the venues' local day. */
  date: string;
  shows: TripShow[];
}

/** How to get from one day's show to the next day's, roughly (straight line, typical speeds). */
export interface TravelHint {
  fromDate: string;
  toDate: string;
  from: { venueName: string; city: string };
  to: { venueName: string; city: string };
  distanceKm: number;
  mode: 'same-venue' | 'walk' | 'local' | 'drive';
  minutes: number;
  text: string;
}

export interface TripDetailResponse {
  trip: Trip;
  days: TripDay[];
  hints: TravelHint[];
}

/** A past trip in the list, with the shows the fan went to there. */
export interface PastTrip extends Trip {
  attended: {
    stopId: string;
    artistName: string;
    artistSlug: string;
    stopSlug: string;
    venueName: string;
    date: string;
  }[];
}

/** GET /api/trips: upcoming (and current) trips soonest first; past trips latest first. */
export interface TripsResponse {
  upcoming: Trip[];
  past: PastTrip[];
}

export interface TripResponse {
  trip: Trip;
}

/** GET /api/trips/shared/:token: the shows and dates only, never the fan or their other trips. */
export interface SharedTripResponse {
  trip: Pick<Trip, 'name' | 'placeLabel' | 'lat' | 'lon' | 'timeZone' | 'radiusKm' | 'arriveOn' | 'departOn'>;
  days: TripDay[];
  hints: TravelHint[];
}

/** Shared links are /trip/<token>: 32 URL-safe characters. */
export const shareTokenSchema = storableString().regex(/^[A-Za-z0-9_-]{32}$/, { message: 'Unknown shared trip' });

export const tripIdParamSchema = z.object({ id: z.uuid({ message: tripMessages.notFound }) });
export const shareTokenParamSchema = z.object({ token: shareTokenSchema });

/** A trip's title: its name, else its destination. */
export function tripTitle(trip: Pick<Trip, 'name' | 'placeLabel'>): string {
  return trip.name?.trim() || trip.placeLabel;
}
