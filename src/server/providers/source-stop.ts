/**
 * One listing of a show by one tour-date source (JamBase, Ticketmaster, Bandsintown, a scraped
 * page), in our terms: what the sync's merge (features/sync/stop-merge.ts) compares and what a
 * stop's provenance keeps. Every source's mapping produces these.
 */

export type SourceStatus = 'scheduled' | 'cancelled' | 'postponed' | 'rescheduled';

export interface SourcePerformer {
  name: string;
  mbid: string | null;
}

export interface SourceVenue {
  name: string;
  city: string;
  /** US/CA/AU state code when the source gives one. */
  region: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  lat: number | null;
  lon: number | null;
  timeZone: string | null;
  address: string | null;
}

export interface SourceStop {
  /** 'jambase' | 'ticketmaster' | 'bandsintown' | … (provider_calls' names). */
  provider: string;
  /** The source's own id for this listing (stable across its moves). */
  externalId: string;
  /** The source's page for the show, when it has one. */
  url: string | null;
  ticketUrl: string | null;
  /** Who sells the tickets at ticketUrl ('Ticketmaster', 'AXS'); null when the source does not say. */
  seller: string | null;
  status: SourceStatus;
  /** The venue-local date (YYYY-MM-DD) the artist plays. */
  date: string;
  /** Venue-local 'HH:MM', null when unknown. */
  time: string | null;
  /** A multi-day listing (a festival pass): its last day; null for a one-day show. */
  endDate: string | null;
  /** The date the source gave before it moved the show, when it says so. */
  previousDate: string | null;
  /** The bill in order, headliner first. */
  lineup: SourcePerformer[];
  tourName: string | null;
  venue: SourceVenue;
  /**
   * When the general public sale starts (an instant, ISO 8601 UTC), when the source says
   * (Ticketmaster's `sales.public`); absent or null otherwise.
   */
  onSaleAt?: string | null;
  /** The first presale's start (ISO 8601 UTC) and name ('Artist Presale'), when the source lists one. */
  presaleAt?: string | null;
  presaleName?: string | null;
}

/** An instant a source gives ('2026-09-04T14:00:00Z') as ISO 8601 UTC; null when absent or not one. */
export function instant(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

export const nonEmpty = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** Coordinates sent as strings by some sources ('42.3517'); null when absent or not a number. */
export function coordinate(value: string | number | null | undefined, limit: number): number | null {
  const number = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  return Number.isFinite(number) && Math.abs(number) <= limit && number !== 0 ? number : null;
}

export function isTimeZone(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** 'YYYY-MM-DDTHH:MM…' → the date and the 'HH:MM' (null when only a date is given). */
export function splitLocalDateTime(value: string): { date: string; time: string | null } {
  const time = /^\d{4}-\d{2}-\d{2}T(\d{2}:\d{2})/.exec(value)?.[1] ?? null;
  return { date: value.slice(0, 10), time };
}
