import { z } from 'zod';
import { SHOW_LIMITS } from './shows.ts';

const year = z.coerce
  .number()
  .int('Year must be a whole number')
  .min(SHOW_LIMITS.minYear, `Year must be between ${SHOW_LIMITS.minYear} and ${SHOW_LIMITS.maxYear}`)
  .max(SHOW_LIMITS.maxYear, `Year must be between ${SHOW_LIMITS.minYear} and ${SHOW_LIMITS.maxYear}`);

/** GET /api/stats?year= (also /first-times and /coverage), GET /api/stats/map.svg?year=&region=world|us */
export const statsQuerySchema = z.object({ year: year.optional() });
export const statsMapQuerySchema = z.object({
  year: year.optional(),
  region: z.enum(['world', 'us'], { message: 'Map region must be world or us' }).default('world'),
});
/** GET /api/stats/summary.png?year= — the year is required: it is the year's summary. */
export const statsShareQuerySchema = z.object({ year });
