import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import type { CityPlace } from './place-label.ts';
import { SHOW_LIMITS, SHOW_STATES, type ShowState } from './shows.ts';
import { storableString } from './text-schema.ts';

/**
 * Data portability of a fan's shows: the rows the account export carries (`shows` in the JSON, the
 * attended ones as CSV) and that the import reads back. A row names its stop by what survives a move
 * to another account or server (artist, venue, place, date), never by our ids.
 */
export interface ShowExportRow extends CityPlace {
  date: string;
  /** Local time at the venue, HH:MM, or null when unknown. */
  time: string | null;
  artist: string;
  artistMbid: string | null;
  venue: string;
  tour: string;
  /** The stop's own status at export time (scheduled, cancelled, …); informational. */
  status: string;
  state: ShowState;
  hasTickets: boolean;
  seat: string | null;
  notes: string | null;
  rating: number | null;
  companions: string | null;
  markedAt: string;
}

/** CSV column order; the header row uses these names. */
export const SHOW_CSV_COLUMNS = [
  'date',
  'time',
  'artist',
  'artistMbid',
  'venue',
  'city',
  'region',
  'country',
  'tour',
  'status',
  'state',
  'hasTickets',
  'seat',
  'notes',
  'rating',
  'companions',
  'markedAt',
] as const satisfies readonly (keyof ShowExportRow)[];

/** Columns an imported CSV must have; the others may be left out. */
export const SHOW_CSV_REQUIRED_COLUMNS = ['date', 'artist', 'venue', 'city', 'country'] as const;

export const SHOW_IMPORT_LIMITS = {
  /** Rows per file: far above any fan's history, small enough to check in one request. */
  maxRows: 20_000,
  /** Bytes per uploaded file (notes may be long). */
  maxBytes: 16 * 1024 * 1024,
  nameMax: 300,
} as const;

const optionalText = (max: number, label: string) =>
  storableString()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
    .nullish()
    .transform((value) => value || null);

const requiredText = (label: string) =>
  storableString({ error: `${label} is missing` })
    .trim()
    .min(1, `${label} is missing`)
    .max(SHOW_IMPORT_LIMITS.nameMax, `${label} must be at most ${SHOW_IMPORT_LIMITS.nameMax} characters`);

/** One imported show, after CSV cells were turned into JSON values (see the server's parser). */
export const showImportRowSchema = z.object({
  date: storableString({ error: 'Date is missing' })
    .refine(isIsoDate, 'Date must be a real date written YYYY-MM-DD')
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= SHOW_LIMITS.minYear && year <= SHOW_LIMITS.maxYear;
    }, `Date must be between ${SHOW_LIMITS.minYear} and ${SHOW_LIMITS.maxYear}`),
  time: storableString()
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Time must be written HH:MM')
    .nullish()
    .or(z.literal('')),
  artist: requiredText('Artist'),
  artistMbid: storableString()
    .trim()
    .regex(/^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/i, 'Artist MBID is not a MusicBrainz id')
    .nullish()
    .transform((value) => value?.toLowerCase() || null),
  venue: requiredText('Venue'),
  city: requiredText('City'),
  region: optionalText(SHOW_IMPORT_LIMITS.nameMax, 'Region'),
  country: requiredText('Country'),
  state: z.enum(SHOW_STATES, { error: `State must be one of ${SHOW_STATES.join(', ')}` }).default('attended'),
  hasTickets: z.boolean({ error: 'hasTickets must be true or false' }).default(false),
  seat: optionalText(SHOW_LIMITS.seatMax, 'Seat'),
  notes: optionalText(SHOW_LIMITS.notesMax, 'Notes'),
  rating: z
    .number({ error: `Rating must be a whole number from ${SHOW_LIMITS.ratingMin} to ${SHOW_LIMITS.ratingMax}` })
    .int(`Rating must be a whole number from ${SHOW_LIMITS.ratingMin} to ${SHOW_LIMITS.ratingMax}`)
    .min(
      SHOW_LIMITS.ratingMin,
      `Rating must be a whole number from ${SHOW_LIMITS.ratingMin} to ${SHOW_LIMITS.ratingMax}`,
    )
    .max(
      SHOW_LIMITS.ratingMax,
      `Rating must be a whole number from ${SHOW_LIMITS.ratingMin} to ${SHOW_LIMITS.ratingMax}`,
    )
    .nullish()
    .transform((value) => value ?? null),
  companions: optionalText(SHOW_LIMITS.companionsMax, 'Companions'),
  markedAt: z.iso.datetime({ offset: true, error: 'markedAt must be an ISO date-time' }).nullish().or(z.literal('')),
});
export type ShowImportRow = z.output<typeof showImportRowSchema>;

export interface ShowImportProblem {
  /** 'Row N': the position in the JSON `shows` list, or the spreadsheet row of a CSV (the header is row 1). */
  path: string;
  message: string;
}

export interface UnmatchedShow {
  row: number;
  date: string;
  artist: string;
  venue: string;
  city: string;
}

export interface ShowImportResult {
  /** True when nothing was written (the preview before the import). */
  dryRun: boolean;
  format: 'json' | 'csv';
  total: number;
  /** Shows restored (or, in a preview, that would be). */
  imported: number;
  /** Rows whose show is not in the catalog: not imported. */
  unmatched: UnmatchedShow[];
}

/** POST /api/account/import?dryRun=1: check and summarise without writing. */
export const showImportQuerySchema = z.object({
  dryRun: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});
