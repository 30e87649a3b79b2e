import { z } from 'zod';
import { csvFields, HISTORICAL_IMPORT_MAX_BYTES } from './historical-import.ts';
import { storableString } from './text-schema.ts';

const mapping = z.partialRecord(z.enum(csvFields), storableString().min(1).max(200));

/** POST /api/admin/historical-import/dry-run and /run */
export const historicalImportBodySchema = z.object({
  fileName: storableString().trim().min(1).max(200),
  format: z.enum(['json', 'csv']),
  content: storableString()
    .min(1, 'The file is empty')
    .max(HISTORICAL_IMPORT_MAX_BYTES, 'The file is larger than 10 MB'),
  mapping: mapping.optional(),
});
export type HistoricalImportBody = z.infer<typeof historicalImportBodySchema>;

export const historicalRunBodySchema = historicalImportBodySchema.extend({
  /** Must be true when any row is invalid: skipping rows is never silent. */
  validOnly: z.boolean().default(false),
});

/** POST /api/admin/historical-import/setlistfm: an artist's setlist.fm history as import rows. */
export const setlistfmHistoryBodySchema = z.object({
  artistSlug: storableString().trim().min(1).max(200),
});
