/**
 * /api/shows (show states and My Shows): request schemas and response types. The browser's state
 * buttons import only the types and constants from here.
 */
import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import type { ShowVenue } from './place-label.ts';
import { publicPaths } from './public-paths.ts';
import { SHOW_LIMITS, type SHOWS_RADIUS_CHOICES, type ShowState, type StopStatus, showStateSchema } from './shows.ts';
import { storableString } from './text-schema.ts';

/** At most this many stops per GET /api/shows/states (one page of a list). */
export const SHOW_STATES_MAX_IDS = 200;
/**
 * My Shows answers this many shows per page, soonest first; `nextCursor` asks for the next page
 * ("Show more"). A page, not all of them: 200 followed artists can have thousands of upcoming shows.
 */
export const UPCOMING_SHOWS_PAGE = 50;

/** A page cursor: the last show's date and venue id (`YYYY-MM-DD_uuid`). */
const upcomingCursor = storableString()
  .regex(/^\d{4}-\d{2}-\d{2}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Unknown page of shows')
  .refine((value) => isIsoDate(value.slice(0, 10)), 'Unknown page of shows')
  .transform((value) => ({ date: value.slice(0, 10), venueId: value.slice(11).toLowerCase() }));

export function upcomingCursorOf(show: { date: string; venueId: string }): string {
  return `${show.date}_${show.venueId}`;
}

export const UPCOMING_FILTERS = ['all', 'going', 'interested', 'near'] as const;
export type UpcomingFilter = (typeof UPCOMING_FILTERS)[number];

/** Radius choices as the API spells them: km, or 'anywhere' (null in the database). */
export type RadiusChoice = Exclude<(typeof SHOWS_RADIUS_CHOICES)[number], null> | 'anywhere';
export const RADIUS_CHOICE_VALUES = ['25', '50', '100', '250', '500', 'anywhere'] as const;

const isoDate = storableString().refine(isIsoDate, 'expected YYYY-MM-DD');
const uuid = z.uuid('Unknown show');

export const stopIdParamSchema = z.object({ stopId: uuid });

/** PUT /api/shows/stops/:stopId — `today` is the viewer's date (the server accepts ±1 day of UTC). */
export const putShowStateSchema = z
  .object({
    state: showStateSchema,
    hasTickets: z.boolean().optional(),
    seat: storableString()
      .trim()
      .max(SHOW_LIMITS.seatMax, `Seat or section is at most ${SHOW_LIMITS.seatMax} characters`)
      .nullable()
      .optional(),
    today: isoDate.optional(),
  })
  .strict()
  .refine((body) => body.state === 'going' || (!body.hasTickets && !body.seat), {
    message: 'Tickets and a seat go with Going only',
    path: ['hasTickets'],
  });
export type PutShowStateBody = z.input<typeof putShowStateSchema>;

/** GET /api/shows/states?stopIds=a,b,c */
export const showStatesQuerySchema = z.object({
  stopIds: storableString()
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(z.array(uuid).max(SHOW_STATES_MAX_IDS, `At most ${SHOW_STATES_MAX_IDS} shows at once`)),
});

const radiusParam = z
  .enum(RADIUS_CHOICE_VALUES, { message: 'Radius must be 25, 50, 100, 250, 500 km or anywhere' })
  .transform((value): number | null => (value === 'anywhere' ? null : Number(value)));

/** GET /api/shows/upcoming?today=&filter=&radiusKm=&after= (radius defaults to the saved one) */
export const upcomingQuerySchema = z.object({
  today: isoDate,
  filter: z.enum(UPCOMING_FILTERS).default('all'),
  radiusKm: radiusParam.optional(),
  /** The previous page's `nextCursor`. */
  after: upcomingCursor.optional(),
});

/** PATCH /api/shows/settings */
export const showsSettingsSchema = z.object({ radiusKm: z.union([radiusParam, z.null()]) }).strict();

/** A fan's state on one stop. `moved` is true until they have seen the stop's latest change. */
export interface UserShowState {
  stopId: string;
  state: ShowState;
  hasTickets: boolean;
  seat: string | null;
  /** The stop's own status: a cancelled stop keeps the fan's state, marked Cancelled. */
  status: StopStatus;
  moved: boolean;
}

export interface ShowStateResponse {
  show: UserShowState;
}

export interface ShowStatesResponse {
  states: Record<string, UserShowState>;
}

/** One artist on a show's bill: their stop, with the fan's state on it. */
export interface BillArtist {
  stopId: string;
  artistName: string;
  artistSlug: string;
  stopSlug: string;
  /** /guide/{artistSlug}/{stopSlug} */
  guidePath: string;
  status: StopStatus;
  state: UserShowState | null;
  followed: boolean;
}

/** A show: every approved stop at one venue on one date (the bill), soonest first. */
export interface UpcomingShow {
  /** `${venueId}|${date}` */
  key: string;
  /** The stop the buttons act on: the fan's marked one, else the first followed artist's. */
  stopId: string;
  date: string;
  /** 'HH:MM' at the venue, or null. */
  time: string | null;
  status: StopStatus;
  venue: ShowVenue;
  /** Whole km from the nearest of the fan's places (home or a tracked place), or null without one or coordinates. */
  distanceKm: number | null;
  /** The tracked place that distance is from; null when it is home. */
  distanceFrom: string | null;
  artists: BillArtist[];
  state: UserShowState | null;
  guidePath: string;
  /** /shows/{stopId} */
  detailPath: string;
}

export interface UpcomingMonth {
  /** 'YYYY-MM' */
  month: string;
  shows: UpcomingShow[];
}

export interface UpcomingShowsResponse {
  months: UpcomingMonth[];
  filter: UpcomingFilter;
  /** The radius used (km), null for anywhere. */
  radiusKm: number | null;
  home: { city: string | null; hasCoordinates: boolean };
  /** The fan's tracked places besides home (Settings), by name: "near you" is near any of them too. */
  places: string[];
  followingCount: number;
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface ShowsSettingsResponse {
  radiusKm: number | null;
}

export const guidePath = publicPaths.guide;

export function showDetailPath(stopId: string): string {
  return `/shows/${stopId}`;
}
