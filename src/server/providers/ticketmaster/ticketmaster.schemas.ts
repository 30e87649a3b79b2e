import { z } from 'zod';

/**
 * The parts of Ticketmaster Discovery API v2 answers we use (../shared/reference/provider-apis.md §3).
 * Venue coordinates are strings in live data (numbers in the swagger); `_embedded` is absent when
 * nothing matches; times are missing for TBA events.
 */

const text = z.string().nullish();
const coordinate = z.union([z.string(), z.number()]).nullish();

export const tmAttractionSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  url: text,
  externalLinks: z
    .object({ musicbrainz: z.array(z.object({ id: z.string().nullish(), url: text })).nullish() })
    .passthrough()
    .nullish(),
});

export const tmVenueSchema = z.object({
  id: z.string().nullish(),
  name: z.string().nullish(),
  timezone: text,
  city: z.object({ name: text }).nullish(),
  state: z.object({ name: text, stateCode: text }).nullish(),
  country: z.object({ name: text, countryCode: text }).nullish(),
  address: z.object({ line1: text }).nullish(),
  location: z.object({ latitude: coordinate, longitude: coordinate }).nullish(),
});

/** `sales.public` and `sales.presales[]`: instants in UTC ('2026-09-04T14:00:00Z'). */
const tmSalesSchema = z.object({
  public: z
    .object({
      startDateTime: text,
      endDateTime: text,
      startTBD: z.boolean().nullish(),
      startTBA: z.boolean().nullish(),
    })
    .nullish(),
  presales: z.array(z.object({ name: text, startDateTime: text, endDateTime: text })).nullish(),
});

export const tmEventSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  url: text,
  // A malformed `sales` costs the sale times, never the event.
  sales: tmSalesSchema.nullish().catch(null),
  dates: z.object({
    start: z.object({
      localDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .nullish(),
      localTime: text,
      dateTime: text,
      dateTBA: z.boolean().nullish(),
      dateTBD: z.boolean().nullish(),
      timeTBA: z.boolean().nullish(),
      noSpecificTime: z.boolean().nullish(),
    }),
    end: z.object({ localDate: text }).nullish(),
    timezone: text,
    status: z.object({ code: z.string() }).nullish(),
    spanMultipleDays: z.boolean().nullish(),
  }),
  _embedded: z
    .object({
      venues: z.array(tmVenueSchema).nullish(),
      attractions: z.array(tmAttractionSchema).nullish(),
    })
    .nullish(),
});

const pageSchema = z.object({
  size: z.number(),
  totalElements: z.number(),
  totalPages: z.number(),
  number: z.number(),
});

export const tmEventsResponseSchema = z.object({
  _embedded: z.object({ events: z.array(tmEventSchema) }).nullish(),
  page: pageSchema,
});

export const tmAttractionsResponseSchema = z.object({
  _embedded: z.object({ attractions: z.array(tmAttractionSchema) }).nullish(),
  page: pageSchema,
});

export type TmEvent = z.infer<typeof tmEventSchema>;
export type TmAttraction = z.infer<typeof tmAttractionSchema>;
