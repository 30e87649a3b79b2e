import type { Database } from '#server/db/client.ts';
import { type CallRecorder, providerGetJson, takeDailyQuota, waitForRateSlot } from '../http.ts';
import {
  type TmAttraction,
  type TmEvent,
  tmAttractionsResponseSchema,
  tmEventsResponseSchema,
} from './ticketmaster.schemas.ts';

export const TICKETMASTER = 'ticketmaster';
/** Ticketmaster allows 5 requests a second per key. */
export const TICKETMASTER_INTERVAL_MS = 200;
/** 200 a page; Ticketmaster serves only the first 1,000 items of a search (size × page < 1000). */
const PAGE_SIZE = 200;
const MAX_PAGES = 4;

export interface TicketmasterClientOptions {
  /** e.g. https://app.ticketmaster.com/discovery/v2 */
  baseUrl: string;
  apiKey: string;
  /** Calls a day (UTC) this key may make: 5,000 on the free tier. */
  dailyQuota: number;
  database: Database;
  timeoutMs: number;
  record: CallRecorder;
  /** Gap between two calls (all processes); Ticketmaster's own 200 ms unless a bench against a local fake says 0. */
  intervalMs?: number;
}

export type TicketmasterClient = ReturnType<typeof createTicketmasterClient>;

export function createTicketmasterClient(options: TicketmasterClientOptions) {
  const base = options.baseUrl.replace(/\/$/, '');
  const common = {
    provider: TICKETMASTER,
    timeoutMs: options.timeoutMs,
    record: options.record,
    maxAttempts: 2,
    beforeAttempt: async () => {
      await takeDailyQuota(options.database, TICKETMASTER, options.dailyQuota);
      await waitForRateSlot(options.database, TICKETMASTER, options.intervalMs ?? TICKETMASTER_INTERVAL_MS);
    },
  };
  const urlFor = (resource: string, params: Record<string, string>) => {
    const url = new URL(`${base}/${resource}.json`);
    url.search = new URLSearchParams({ ...params, apikey: options.apiKey }).toString();
    return url;
  };

  return {
    dailyQuota: options.dailyQuota,
    /** Music attractions whose name matches the keyword, most relevant first (a handful). */
    async searchAttractions(keyword: string): Promise<TmAttraction[]> {
      const answer = await providerGetJson({
        ...common,
        operation: 'attractions',
        url: urlFor('attractions', { keyword, classificationName: 'music', size: '10' }),
        schema: tmAttractionsResponseSchema,
      });
      return answer._embedded?.attractions ?? [];
    },
    /** The attraction's events from `fromDate` (YYYY-MM-DD) on, soonest first, every page (capped). */
    async attractionEvents(attractionId: string, fromDate: string): Promise<TmEvent[]> {
      const events: TmEvent[] = [];
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await providerGetJson({
          ...common,
          operation: 'events',
          url: urlFor('events', {
            attractionId,
            startDateTime: `${fromDate}T00:00:00Z`,
            sort: 'date,asc',
            size: String(PAGE_SIZE),
            page: String(page),
          }),
          schema: tmEventsResponseSchema,
        });
        events.push(...(answer._embedded?.events ?? []));
        if (page + 1 >= answer.page.totalPages) break;
      }
      return events;
    },
  };
}
