import { z } from 'zod';
import { imageSources } from './image-testing.ts';

export const imageSourceParamSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,120}$/, 'Invalid artist slug'),
  source: z.enum(imageSources),
});

/** POST /:slug/replace — a candidate a source run returned. */
export const replaceImageBodySchema = z.object({
  source: z.enum(imageSources),
  imageUrl: z.string().min(1).max(2000),
  attribution: z.string().max(1000).nullable(),
});
