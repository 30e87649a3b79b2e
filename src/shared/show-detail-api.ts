/** Request schemas of the show detail (zod): the server validates with them; the browser imports only types. */
import { z } from 'zod';
import { showNotesSchema } from './add-show-api.ts';
import { SHOW_DETAIL_MESSAGES } from './show-detail.ts';
import { SHOW_LIMITS } from './shows.ts';
import { storableString } from './text-schema.ts';

const uuid = z.uuid('expected a show id');

/** A stop id in a URL: anything else is an unknown show. */
export const stopIdParamSchema = z.object({ stopId: uuid });
export const photoIdParamSchema = z.object({ photoId: z.uuid('expected a photo id') });

/** PATCH /api/shows/:stopId/details — every field optional; null clears it. */
export const showDetailsPatchSchema = z
  .object({
    notes: showNotesSchema.nullable().optional(),
    rating: z
      .number()
      .int(SHOW_DETAIL_MESSAGES.ratingRange)
      .min(SHOW_LIMITS.ratingMin, SHOW_DETAIL_MESSAGES.ratingRange)
      .max(SHOW_LIMITS.ratingMax, SHOW_DETAIL_MESSAGES.ratingRange)
      .nullable()
      .optional(),
    companions: storableString()
      .max(SHOW_LIMITS.companionsMax, SHOW_DETAIL_MESSAGES.companionsTooLong)
      .nullable()
      .optional(),
  })
  .strict();
export type ShowDetailsPatch = z.infer<typeof showDetailsPatchSchema>;
