import type { StopStatus } from './shows.ts';

/**
 * Tour scraper (/tour-scraper) and web tour finder (/tour-web), issue 17. One name per side:
 * `tour-scraper` and `tour-web` (server features, client features, these contracts).
 * The builders of the two features extend this file; the types below are the seam between them.
 */

/** How an event was found on a page. 'text' = read from visible text by the LLM fallback (flagged). */
export const SCRAPE_SOURCES = ['json-ld', 'microdata', 'ics', 'bandsintown', 'text'] as const;
export type ScrapeSource = (typeof SCRAPE_SOURCES)[number];

/** What the catalog already has for a scraped event. */
export const SCRAPE_MATCHES = ['match', 'new', 'conflict'] as const;
export type ScrapeMatch = (typeof SCRAPE_MATCHES)[number];

/** One event found on a page, before anyone edits it. */
export interface ScrapedEvent {
  /** Stable within one preview (hash of page URL + position), so edits can refer to rows. */
  key: string;
  artistName: string | null;
  /** ISO date (venue-local), or null when the page's date could not be read. */
  date: string | null;
  /** 'HH:MM' venue-local, or null. */
  localTime: string | null;
  venueName: string | null;
  city: string | null;
  region: string | null;
  countryCode: string | null;
  status: StopStatus;
  ticketUrl: string | null;
  pageUrl: string;
  source: ScrapeSource;
  /** Why a human must choose before import: 'no year on the page', 'no time zone', … (empty = clear). */
  ambiguities: string[];
}

/** The scraper's answer for one URL the user gave (or the finder reached). */
export interface ScrapeResult {
  url: string;
  /** The failure in words ("That address points to a private network", "No events found on that page", …). */
  error: string | null;
  events: ScrapedEvent[];
}
