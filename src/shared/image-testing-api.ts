import { z } from 'zod';
import { imageSources } from './image-testing.ts';
import { storableString } from './text-schema.ts';

export const imageSourceParamSchema = z.object({
  slug: storableString().regex(/^[a-z0-9-]{1,120}$/, 'Invalid artist slug'),
  source: z.enum(imageSources),
});

/** POST /:slug/replace — a candidate a source run returned. */
export const replaceImageBodySchema = z.object({
  source: z.enum(imageSources),
  imageUrl: storableString().min(1).max(2000),
  attribution: storableString().max(1000).nullable(),
});
