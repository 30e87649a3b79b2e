import { z } from 'zod';

/** Overpass JSON (`out tags center`): nodes carry lat/lon, ways and relations a center. */
const tagsSchema = z.record(z.string(), z.string());

export const overpassElementSchema = z.object({
  type: z.enum(['node', 'way', 'relation']),
  id: z.number(),
  lat: z.number().optional(),
  lon: z.number().optional(),
  center: z.object({ lat: z.number(), lon: z.number() }).optional(),
  tags: tagsSchema.optional(),
});

export const overpassAnswerSchema = z.object({
  elements: z.array(overpassElementSchema),
  /** A runtime error after the output began: the elements are partial. */
  remark: z.string().optional(),
});

export type OverpassElement = z.infer<typeof overpassElementSchema>;
