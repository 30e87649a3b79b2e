import type { Database } from '#server/db/client.ts';
import { type CallRecorder, providerGetJson, takeDailyQuota } from '../http.ts';
import { type JbEvent, jbEventsResponseSchema } from './jambase.schemas.ts';

export const JAMBASE = 'jambase';
const PER_PAGE = 100;
/** 500 upcoming events is more than any touring artist has; the cap bounds a runaway paging loop. */
const MAX_PAGES = 5;

export interface JamBaseClientOptions {
  /** e.g. https://api.data.jambase.com/v3 */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  record: CallRecorder;
  /** With a database, calls are counted against `dailyQuota` (UTC day) across processes. */
  database?: Database;
  dailyQuota?: number;
}

/** Whose events: a MusicBrainz id when known (exact), else a name (JamBase's keyword search). */
export type JbArtistRef = { mbid: string } | { name: string };

/** A geo search: a point, a radius and a span of days. */
export interface JbArea {
  lat: number;
  lon: number;
  radiusKm: number;
  from: string;
  to: string;
}

export type JamBaseClient = ReturnType<typeof createJamBaseClient>;

export function createJamBaseClient(options: JamBaseClientOptions) {
  const base = options.baseUrl.replace(/\/$/, '');
  const { database, dailyQuota } = options;
  const takeQuota = database && dailyQuota ? () => takeDailyQuota(database, JAMBASE, dailyQuota) : undefined;

  async function fetchPage(artist: JbArtistRef, fromDate: string, page: number) {
    const params = new URLSearchParams(
      'mbid' in artist ? { artistId: `musicbrainz:${artist.mbid}` } : { artistName: artist.name },
    );
    params.set('eventDateFrom', fromDate);
    params.set('perPage', String(PER_PAGE));
    params.set('page', String(page));
    // Performers then carry their MusicBrainz ids: how we tell which performer of a shared bill is ours.
    params.set('expandExternalIdentifiers', 'true');
    return providerGetJson({
      provider: JAMBASE,
      operation: 'events',
      url: new URL(`${base}/events?${params}`),
      headers: { Authorization: `Bearer ${options.apiKey}` },
      timeoutMs: options.timeoutMs,
      record: options.record,
      schema: jbEventsResponseSchema,
      beforeAttempt: takeQuota,
    });
  }

  /** One page of a geo search: concerts around a point between two dates (venue-local days). */
  function fetchAreaPage(area: JbArea, page: number, beforeAttempt?: () => Promise<void>) {
    const params = new URLSearchParams({
      geoLatitude: area.lat.toFixed(4),
      geoLongitude: area.lon.toFixed(4),
      geoRadiusAmount: String(Math.ceil(area.radiusKm)),
      geoRadiusUnits: 'km',
      eventDateFrom: area.from,
      eventDateTo: area.to,
      eventType: 'concerts',
      perPage: String(PER_PAGE),
      page: String(page),
      expandExternalIdentifiers: 'true',
    });
    return providerGetJson({
      provider: JAMBASE,
      operation: 'events-near',
      url: new URL(`${base}/events?${params}`),
      headers: { Authorization: `Bearer ${options.apiKey}` },
      timeoutMs: options.timeoutMs,
      record: options.record,
      schema: jbEventsResponseSchema,
      beforeAttempt: async () => {
        await takeQuota?.();
        await beforeAttempt?.();
      },
    });
  }

  return {
    /** Null when calls are not counted (no database given). */
    dailyQuota: takeQuota ? (dailyQuota ?? null) : null,
    /**
     * Every concert within `radiusKm` of a point from `from` to `to` (YYYY-MM-DD, inclusive), all
     * pages (capped). `beforeAttempt` is awaited before each request: the caller's rate limit.
     */
    async eventsNear(area: JbArea, beforeAttempt?: () => Promise<void>): Promise<JbEvent[]> {
      const events: JbEvent[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await fetchAreaPage(area, page, beforeAttempt);
        events.push(...answer.events);
        if (page >= answer.pagination.totalPages || answer.events.length === 0) break;
      }
      return events;
    },
    /** Every event of the artist from `fromDate` (YYYY-MM-DD) on, all pages. */
    async upcomingEvents(artist: JbArtistRef, fromDate: string): Promise<JbEvent[]> {
      const events: JbEvent[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await fetchPage(artist, fromDate, page);
        events.push(...answer.events);
        if (page >= answer.pagination.totalPages || answer.events.length === 0) break;
      }
      return events;
    },
  };
}
