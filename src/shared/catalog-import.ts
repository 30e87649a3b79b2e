/**
 * The catalog file accepted by `npm run catalog:import` and used for the demo catalog:
 * {"artists":[{"name","mbid"?,"genres"?,"tours":[{"name","stops":[{"date","time"?,"venue","city",
 * "region"?,"country","lat"?,"lon"?,"ticketUrl"?}]}]}]}
 * Objects are strict so a misspelt field ("ticketURL") is reported instead of silently dropped.
 */
import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import { storableString } from './text-schema.ts';
import { isTimeZone } from './time-zones.ts';

export const CATALOG_NAME_MAX = 200;

const name = () =>
  storableString()
    .trim()
    .min(1, 'must not be empty')
    .max(CATALOG_NAME_MAX, `must be at most ${CATALOG_NAME_MAX} characters`);

const optionalText = (max: number) =>
  storableString().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`).optional();

const isoDate = storableString().refine(isIsoDate, 'expected YYYY-MM-DD');

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const catalogStopSchema = z
  .strictObject({
    date: isoDate,
    time: storableString()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM between 00:00 and 23:59')
      .optional(),
    venue: name(),
    city: name(),
    /** US state name or code (converted to the code on import), province, county… */
    region: optionalText(100),
    country: storableString().regex(/^[A-Za-z]{2}$/, 'expected a 2-letter country code such as US'),
    lat: z
      .number()
      .min(-90, 'expected a latitude between -90 and 90')
      .max(90, 'expected a latitude between -90 and 90')
      .optional(),
    lon: z
      .number()
      .min(-180, 'expected a longitude between -180 and 180')
      .max(180, 'expected a longitude between -180 and 180')
      .optional(),
    ticketUrl: storableString()
      .max(2000, 'must be at most 2000 characters')
      .refine(isHttpUrl, 'expected an http(s) URL')
      .optional(),
    address: optionalText(300),
    timeZone: storableString().refine(isTimeZone, 'expected an IANA time zone such as America/Denver').optional(),
    /** Provider syncs only: which provider the stop came from and its id there. */
    source: storableString()
      .regex(/^[a-z0-9-]{1,40}$/, 'expected a short lower-case label such as jambase')
      .optional(),
    externalId: optionalText(200),
  })
  .superRefine((stop, ctx) => {
    if ((stop.lat === undefined) !== (stop.lon === undefined)) {
      const missing = stop.lat === undefined ? 'lat' : 'lon';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'lat and lon must be given together' });
    }
  });

export const catalogTourSchema = z.strictObject({
  name: name(),
  stops: z.array(catalogStopSchema).min(1, 'a tour needs at least one stop'),
});

export const catalogArtistSchema = z.strictObject({
  name: name(),
  mbid: storableString()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'expected a MusicBrainz id (UUID)')
    .optional(),
  genres: z.array(name()).max(20, 'at most 20 genres').optional(),
  tours: z.array(catalogTourSchema),
});

export const catalogFileSchema = z.strictObject({
  /** Demo files only: the day their dates were written relative to; the seeder shifts them to today. */
  referenceDate: isoDate.optional(),
  artists: z.array(catalogArtistSchema),
});

export type CatalogFile = z.infer<typeof catalogFileSchema>;
export type CatalogArtist = z.infer<typeof catalogArtistSchema>;
export type CatalogTour = z.infer<typeof catalogTourSchema>;
export type CatalogStop = z.infer<typeof catalogStopSchema>;

/** Same shape as the wire's ErrorIssue so services can hand problems straight to AppError. */
export interface CatalogProblem {
  path: string;
  message: string;
}

export type CatalogValidation = { ok: true; file: CatalogFile } | { ok: false; problems: CatalogProblem[] };

/** ['artists', 3, 'tours', 0, 'date'] → 'artists[3].tours[0].date'; the file itself is 'file'. */
export function formatCatalogPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text ? `.${String(segment)}` : String(segment);
  }
  return text || 'file';
}

/** 'artists[3].tours[0].stops[2].date: expected YYYY-MM-DD' */
export function formatCatalogProblem(problem: CatalogProblem): string {
  return `${problem.path}: ${problem.message}`;
}

const describeType: Record<string, string> = {
  string: 'text',
  number: 'a number',
  array: 'a list',
  object: 'an object',
};

/** Zod's defaults ("Invalid input: expected string, received undefined") read poorly next to a path. */
const catalogErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'is required';
    return `expected ${describeType[issue.expected] ?? issue.expected}`;
  }
  if (issue.code === 'unrecognized_keys') {
    return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
  }
  return undefined;
};

/** Checks a parsed JSON value; on failure lists every problem with its path. */
export function validateCatalogFile(input: unknown): CatalogValidation {
  const result = catalogFileSchema.safeParse(input, { error: catalogErrorMap });
  if (result.success) return { ok: true, file: result.data };
  const problems = result.error.issues.map((issue) => ({
    path: formatCatalogPath(issue.path),
    message: issue.message,
  }));
  return { ok: false, problems };
}
