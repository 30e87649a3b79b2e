import { z } from 'zod';

/**
 * The MediaWiki Action API at www.wikidata.org (format=json, formatversion=2): `list=geosearch`
 * (items with a coordinate near a point; the title of an item's page is its id) and
 * `wbgetentities` (labels, aliases and statements). Errors come as HTTP 200 with {"error":{code,info}}.
 */
const apiError = z.object({ error: z.object({ code: z.string(), info: z.string().optional() }) });

export const geosearchAnswerSchema = z.union([
  apiError,
  z.object({
    query: z.object({
      geosearch: z.array(
        z.object({
          pageid: z.number(),
          ns: z.number(),
          title: z.string(),
          lat: z.number(),
          lon: z.number(),
          dist: z.number(),
        }),
      ),
    }),
  }),
]);

const statement = z.object({
  rank: z.enum(['preferred', 'normal', 'deprecated']).default('normal'),
  mainsnak: z.object({
    snaktype: z.string(),
    property: z.string().optional(),
    datavalue: z.object({ value: z.unknown(), type: z.string() }).optional(),
  }),
});
export type WikidataStatement = z.infer<typeof statement>;

const term = z.object({ language: z.string(), value: z.string() });

export const entitiesAnswerSchema = z.union([
  apiError,
  z.object({
    entities: z.record(
      z.string(),
      z.object({
        id: z.string(),
        /** fv2: true; fv1: "". */
        missing: z.union([z.boolean(), z.string()]).optional(),
        labels: z.record(z.string(), term).optional(),
        aliases: z.record(z.string(), z.array(term)).optional(),
        claims: z.record(z.string(), z.array(statement)).optional(),
      }),
    ),
  }),
]);
export type WikidataEntity = Extract<z.infer<typeof entitiesAnswerSchema>, { entities: unknown }>['entities'][string];

/** Datavalue shapes of the statements we read. */
export const quantityValue = z.object({ amount: z.string(), unit: z.string().optional() });
export const timeValue = z.object({ time: z.string(), precision: z.number() });
export const coordinateValue = z.object({ latitude: z.number(), longitude: z.number() });
