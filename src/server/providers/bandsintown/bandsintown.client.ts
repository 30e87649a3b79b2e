import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { type CallRecorder, ProviderError, providerGetJson, takeDailyQuota, waitForRateSlot } from '../http.ts';

/**
 * Bandsintown's public artist events endpoint (API v3): GET /artists/{name}/events?app_id=…
 * A bare JSON array; `datetime` is venue-local without an offset; country is a full name;
 * coordinates are strings; empty strings stand for unknown values; only the first event embeds
 * the artist (shared/reference/provider-apis.md §4).
 */
export const BANDSINTOWN = 'bandsintown';
/** Bandsintown publishes no rate; one call every 250 ms stays polite. */
export const BANDSINTOWN_INTERVAL_MS = 250;

const bitVenueSchema = z.object({
  name: z.string(),
  city: z.string().default(''),
  region: z.string().default(''),
  country: z.string().default(''),
  latitude: z.union([z.string(), z.number()]).optional(),
  longitude: z.union([z.string(), z.number()]).optional(),
  street_address: z.string().nullish(),
});

const bitEventSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  url: z.string().optional(),
  datetime: z.string(),
  title: z.string().nullish(),
  venue: bitVenueSchema,
  offers: z
    .array(z.object({ type: z.string().optional(), url: z.string().optional(), status: z.string().nullish() }))
    .default([]),
  lineup: z.array(z.string()).default([]),
  festival_start_date: z.string().nullish(),
  festival_end_date: z.string().nullish(),
  artist: z.object({ name: z.string(), mbid: z.string().nullish() }).nullish(),
});

/** Unknown artist: an error body instead of the array (its HTTP status varies between captures). */
const bitNotFoundSchema = z.object({ errorMessage: z.string() });

export type BitEvent = z.infer<typeof bitEventSchema>;

export type BandsintownClient = ReturnType<typeof createBandsintownClient>;

export function createBandsintownClient(options: {
  baseUrl: string;
  appId: string;
  userAgent: string;
  timeoutMs: number;
  record: CallRecorder;
  /** With a database, calls are paced and counted against `dailyQuota` (UTC day) across processes. */
  database?: Database;
  dailyQuota?: number;
  /** Gap between two calls (all processes); 250 ms unless a bench against a local fake says 0. */
  intervalMs?: number;
}) {
  const beforeAttempt = options.database
    ? async () => {
        await takeDailyQuota(options.database!, BANDSINTOWN, options.dailyQuota ?? 10_000);
        await waitForRateSlot(options.database!, BANDSINTOWN, options.intervalMs ?? BANDSINTOWN_INTERVAL_MS);
      }
    : undefined;
  return {
    /** Null when calls are not counted (no database given). */
    dailyQuota: options.database ? (options.dailyQuota ?? 10_000) : null,
    /** Upcoming events of an artist by name; [] when Bandsintown does not know the artist. */
    async upcomingEvents(artistName: string): Promise<BitEvent[]> {
      // The API wants / ? * " in names double-encoded (its swagger).
      const name = encodeURIComponent(artistName.replace(/[/?*"]/g, (c) => encodeURIComponent(c)));
      const url = new URL(`${options.baseUrl.replace(/\/$/, '')}/artists/${name}/events`);
      url.search = new URLSearchParams({ app_id: options.appId, date: 'upcoming' }).toString();
      try {
        const answer = await providerGetJson({
          provider: BANDSINTOWN,
          operation: 'artist-events',
          url,
          headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
          schema: z.union([z.array(bitEventSchema), bitNotFoundSchema]),
          timeoutMs: options.timeoutMs,
          record: options.record,
          maxAttempts: 2,
          beforeAttempt,
        });
        return Array.isArray(answer) ? answer : [];
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'not-found') return [];
        throw error;
      }
    },
  };
}
