import { z } from 'zod';

/**
 * The parts of JamBase Data API v3 `GET /events` answers we use (../shared/reference/provider-apis.md §2).
 * Only what the catalog needs is required; the rest may be missing, empty or null as seen in
 * captured answers (prices as strings, `""` for unknown values).
 */

const optionalText = z.string().nullish();

const regionSchema = z.union([
  z.object({ identifier: optionalText, name: optionalText, alternateName: optionalText }),
  z.literal(''),
]);

export const jbAddressSchema = z.object({
  streetAddress: optionalText,
  addressLocality: optionalText,
  postalCode: optionalText,
  addressRegion: regionSchema.nullish(),
  addressCountry: z.object({ identifier: optionalText, name: optionalText, alternateName: optionalText }).nullish(),
  'x-timezone': optionalText,
});

export const jbVenueSchema = z.object({
  name: z.string().min(1),
  identifier: optionalText,
  address: jbAddressSchema.nullish(),
  geo: z.object({ latitude: z.number(), longitude: z.number() }).nullish(),
});

export const jbOfferSchema = z.object({
  url: optionalText,
  category: optionalText,
  seller: z.object({ name: optionalText, identifier: optionalText }).nullish(),
});

export const jbPerformerSchema = z.object({
  name: z.string(),
  identifier: z.string().min(1),
  'x-isHeadliner': z.boolean().nullish(),
  'x-performanceRank': z.number().nullish(),
  /** The day this performer plays (a festival's day), 'YYYY-MM-DD'. */
  'x-performanceDate': optionalText,
  /** Genre slugs ('indie', 'rock'). */
  genre: z.array(z.string()).nullish(),
  /** Present with expandExternalIdentifiers=true; `identifier` is a list in captured answers, a string in the spec. */
  'x-externalIdentifiers': z
    .array(z.object({ source: z.string(), identifier: z.union([z.string(), z.array(z.string())]) }))
    .nullish(),
});

export const jbEventStatuses = ['scheduled', 'postponed', 'rescheduled', 'cancelled'] as const;

export const jbEventSchema = z.object({
  '@type': optionalText,
  name: z.string(),
  identifier: z.string().regex(/^[a-z0-9-]+:.+$/, 'expected a "source:id" identifier'),
  eventStatus: z.enum(jbEventStatuses).catch('scheduled'),
  /** Venue-local time without offset: '2026-10-12T19:30:00', sometimes only the date. */
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/, 'expected a local date-time'),
  /** A festival's last day (often date-only); a concert repeats its own date or leaves it empty. */
  endDate: optionalText,
  /** The start before a reschedule, when JamBase knows it ('' otherwise). */
  previousStartDate: optionalText,
  url: optionalText,
  location: jbVenueSchema,
  offers: z.array(jbOfferSchema).default([]),
  performer: z.array(jbPerformerSchema).default([]),
  /** schema.org's umbrella event: some feeds name the tour here. */
  superEvent: z.object({ name: z.string() }).nullish(),
});

export const jbEventsResponseSchema = z.object({
  success: z.literal(true),
  pagination: z.object({
    page: z.number().int(),
    perPage: z.number().int(),
    totalItems: z.number().int(),
    totalPages: z.number().int(),
  }),
  events: z.array(jbEventSchema),
});

export type JbEvent = z.infer<typeof jbEventSchema>;
export type JbEventsResponse = z.infer<typeof jbEventsResponseSchema>;
