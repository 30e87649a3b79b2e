/** Request schemas of Add Show (zod): the server validates with them; the browser imports only types. */
import { z } from 'zod';
import { ADD_SHOW_MESSAGES } from './add-show.ts';
import { isIsoDate } from './dates.ts';
import { SHOW_LIMITS } from './shows.ts';
import { storableString } from './text-schema.ts';
import { timeZoneSchema } from './time-zones.ts';

const isoDate = storableString().refine(isIsoDate, 'expected YYYY-MM-DD');

/** A show's date: a real calendar day between 1950 and 2100 (SHOW_LIMITS). */
export const showDateSchema = isoDate.refine((value) => {
  const year = Number(value.slice(0, 4));
  return year >= SHOW_LIMITS.minYear && year <= SHOW_LIMITS.maxYear;
}, ADD_SHOW_MESSAGES.dateOutOfRange);

export const showNotesSchema = storableString().max(SHOW_LIMITS.notesMax, ADD_SHOW_MESSAGES.notesTooLong);

const text = (max: number) => storableString().trim().min(1).max(max);

/**
 * A MusicBrainz id, as in search-api.ts's mbidSchema; not imported from there so the band search
 * (home page) keeps its schemas out of the first render's scripts.
 */
const mbidSchema = storableString()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'expected a MusicBrainz id')
  .transform((value) => value.toLowerCase());

/** A place from the gazetteer (h-places' `Place`, GET /api/places): what a new venue is placed by. */
export const addShowPlaceSchema = z.object({
  id: storableString().min(1).max(64),
  name: text(200),
  region: storableString().trim().max(200).nullable(),
  country: storableString().trim().max(200).nullable().optional(),
  countryCode: storableString()
    .regex(/^[A-Za-z]{2}$/, 'expected a two-letter country code')
    .transform((value) => value.toUpperCase()),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  timeZone: timeZoneSchema.nullable(),
});
export type AddShowPlace = z.infer<typeof addShowPlaceSchema>;

export const addShowArtistSchema = z.discriminatedUnion('kind', [
  /** An artist of the catalog (its typeahead, GET /api/search/artists). */
  z.object({ kind: z.literal('catalog'), slug: text(200) }),
  /** A MusicBrainz suggestion (POST /api/search/suggestions) the catalog does not have yet. */
  z.object({ kind: z.literal('musicbrainz'), name: text(200), mbid: mbidSchema }),
]);

export const addShowVenueSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('catalog'), slug: text(200) }),
  /** A venue the catalog lacks: its name and a place from the gazetteer. */
  z.object({ kind: z.literal('new'), name: text(200), place: addShowPlaceSchema }),
]);

/** POST /api/add-show */
export const addShowRequestSchema = z.object({
  artist: addShowArtistSchema,
  venue: addShowVenueSchema,
  date: showDateSchema,
  /** 'HH:MM', local to the venue. */
  time: storableString()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a time such as 19:30')
    .optional(),
  tourName: storableString().trim().max(200).optional(),
  notes: showNotesSchema.optional(),
  /** The fan's calendar date: a show before it is one they went to ("I was there"), else Going. */
  today: isoDate,
});
export type AddShowRequest = z.input<typeof addShowRequestSchema>;

/** GET /api/add-show/venues?q= — catalog venues whose name contains the text. */
export const venueSearchQuerySchema = z.object({ q: storableString().trim().min(2).max(100) });
