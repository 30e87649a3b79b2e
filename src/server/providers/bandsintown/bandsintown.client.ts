import { z } from 'zod';
import { type CallRecorder, providerGetJson } from '../http.ts';

/**
 * Bandsintown's public artist events endpoint (API v3): GET /artists/{name}/events?app_id=…
 * A bare JSON array; `datetime` is venue-local without an offset; country is a full name;
 * coordinates are strings (shared/reference/provider-apis.md §4).
 */
export const BANDSINTOWN = 'bandsintown';

const bitVenueSchema = z.object({
  name: z.string(),
  city: z.string().default(''),
  region: z.string().default(''),
  country: z.string().default(''),
  latitude: z.union([z.string(), z.number()]).optional(),
  longitude: z.union([z.string(), z.number()]).optional(),
});

const bitEventSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  url: z.string().optional(),
  datetime: z.string(),
  venue: bitVenueSchema,
  offers: z.array(z.object({ type: z.string().optional(), url: z.string().optional() })).default([]),
  lineup: z.array(z.string()).default([]),
});

export type BitEvent = z.infer<typeof bitEventSchema>;

export type BandsintownClient = ReturnType<typeof createBandsintownClient>;

export function createBandsintownClient(options: {
  baseUrl: string;
  appId: string;
  userAgent: string;
  timeoutMs: number;
  record: CallRecorder;
}) {
  return {
    /** Upcoming events of an artist by name. */
    async upcomingEvents(artistName: string): Promise<BitEvent[]> {
      // The API wants / ? * " in names double-encoded (its swagger).
      const name = encodeURIComponent(artistName.replace(/[/?*"]/g, (c) => encodeURIComponent(c)));
      const url = new URL(`${options.baseUrl.replace(/\/$/, '')}/artists/${name}/events`);
      url.search = new URLSearchParams({ app_id: options.appId, date: 'upcoming' }).toString();
      return providerGetJson({
        provider: BANDSINTOWN,
        operation: 'artist-events',
        url,
        headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
        schema: z.array(bitEventSchema),
        timeoutMs: options.timeoutMs,
        record: options.record,
        maxAttempts: 2,
      });
    },
  };
}
