import { z } from 'zod';

/** MediaWiki Action API, formatversion=2: `pages` is an array; a missing page has `missing: true`. */
export const wikivoyageQuerySchema = z.union([
  z.object({
    error: z.object({ code: z.string(), info: z.string().optional() }),
  }),
  z.object({
    query: z.object({
      pages: z.array(
        z.object({
          title: z.string(),
          missing: z.boolean().optional(),
          invalid: z.boolean().optional(),
          lastrevid: z.number().optional(),
          fullurl: z.string().optional(),
          extract: z.string().optional(),
        }),
      ),
    }),
  }),
]);
