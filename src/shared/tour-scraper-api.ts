import { z } from 'zod';
import { STOP_STATUSES } from './shows.ts';
import { storableString } from './text-schema.ts';
import { timeZoneSchema } from './time-zones.ts';
import { TOUR_SCRAPER_LIMITS, TOUR_SCRAPER_MESSAGES } from './tour-scraper.ts';

/** Request schemas of /api/tour-scraper and /api/tour-web (zod kept out of the pages' first load). */
const httpUrl = storableString()
  .trim()
  .min(1, TOUR_SCRAPER_MESSAGES.noUrls)
  .max(TOUR_SCRAPER_LIMITS.urlMax, `must be at most ${TOUR_SCRAPER_LIMITS.urlMax} characters`);

export const scrapePreviewRequestSchema = z.object({
  urls: z
    .array(httpUrl)
    .min(1, TOUR_SCRAPER_MESSAGES.noUrls)
    .max(TOUR_SCRAPER_LIMITS.urlsMax, TOUR_SCRAPER_MESSAGES.tooManyUrls),
  /** The viewer's day, for dates without a year when the page gives none. */
  today: z.iso.date().optional(),
});

const text = (max: number) => storableString().trim().min(1).max(max);
const nullableText = (max: number) =>
  storableString()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => v || null);

export const importRowSchema = z.object({
  externalId: storableString().max(2000).nullable(),
  artistName: text(200),
  date: z.iso.date({ error: TOUR_SCRAPER_MESSAGES.needsDate }),
  localTime: storableString()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM between 00:00 and 23:59')
    .nullable(),
  venueName: text(200),
  city: text(200),
  region: nullableText(100),
  countryCode: storableString().regex(/^[A-Za-z]{2}$/, 'expected a 2-letter country code such as US'),
  timeZone: timeZoneSchema.nullable(),
  lat: z.number().min(-90).max(90).nullable(),
  lon: z.number().min(-180).max(180).nullable(),
  status: z.enum(STOP_STATUSES),
  ticketUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullable(),
  pageUrl: z.url({ protocol: /^https?$/ }).max(TOUR_SCRAPER_LIMITS.urlMax),
  ambiguities: z.array(storableString().max(200)).max(10),
  /** The person ticked this row although it has ambiguities (it starts unticked). */
  confirmed: z.boolean().default(false),
});

export const scrapeImportRequestSchema = z.object({
  rows: z.array(importRowSchema).min(1, TOUR_SCRAPER_MESSAGES.nothingSelected).max(TOUR_SCRAPER_LIMITS.rowsMax),
});

export const finderRequestSchema = z.object({
  artistSlug: storableString().trim().min(1).max(200),
  today: z.iso.date().optional(),
});

export type ImportRow = z.output<typeof importRowSchema>;
