import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import { HISTORY_PAGE_SIZE, HISTORY_SEARCH_MAX } from './history.ts';
import { SHOW_LIMITS } from './shows.ts';
import { storableString } from './text-schema.ts';

const optionalText = (max: number, message: string) =>
  storableString()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

const year = z.coerce
  .number()
  .int('Year must be a whole number')
  .min(SHOW_LIMITS.minYear, `Year must be between ${SHOW_LIMITS.minYear} and ${SHOW_LIMITS.maxYear}`)
  .max(SHOW_LIMITS.maxYear, `Year must be between ${SHOW_LIMITS.minYear} and ${SHOW_LIMITS.maxYear}`);

/** Keyset cursor: the last show's date and venue id ('2024-05-01_<uuid>'). */
const cursor = storableString()
  .regex(/^\d{4}-\d{2}-\d{2}_[0-9a-f-]{36}$/, 'Invalid cursor')
  .transform((value) => ({ date: value.slice(0, 10), venueId: value.slice(11) }));

/** GET /api/history?q=&artist=&venue=&city=&year=&cursor=&limit= */
export const historyQuerySchema = z.object({
  q: optionalText(HISTORY_SEARCH_MAX, `Search is at most ${HISTORY_SEARCH_MAX} characters`),
  artist: optionalText(200, 'Unknown artist'),
  venue: optionalText(200, 'Unknown venue'),
  /** 'city|country' as the filters list gives it. */
  city: optionalText(300, 'Unknown city'),
  year: year.optional(),
  cursor: cursor.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(HISTORY_PAGE_SIZE),
});
export type HistoryQuery = z.output<typeof historyQuerySchema>;

/** GET /api/history/did-you-go?today= */
export const didYouGoQuerySchema = z.object({
  today: storableString().refine(isIsoDate, 'expected YYYY-MM-DD'),
});
