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
  /** The event's own id on the page (@id, its url, an .ics UID), when it has one. */
  externalId: string | null;
  artistName: string | null;
  /** ISO date (venue-local), or null when the page's date could not be read. */
  date: string | null;
  /** 'HH:MM' venue-local, or null. */
  localTime: string | null;
  venueName: string | null;
  city: string | null;
  region: string | null;
  countryCode: string | null;
  /** The venue's IANA zone, from its coordinates or its city (gazetteer); null when unknown. */
  timeZone: string | null;
  lat: number | null;
  lon: number | null;
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

/** Why a row needs a person's choice (ScrapedEvent.ambiguities). */
export const SCRAPE_AMBIGUITIES = {
  noYear: (year: number) => `No year on the page: read as ${year}`,
  noZone: 'No time zone for the venue: the time may be off',
  unreadableDate: 'The date could not be read',
  noVenue: 'No venue or city on the page',
  noCountry: 'The country could not be told',
  noArtist: 'No artist named',
  /** Every row the LLM fallback read from the page's visible text: a person checks it before import. */
  fromText: 'Read from the page text — check it',
} as const;

export const TOUR_SCRAPER_LIMITS = {
  /** URLs in one paste. */
  urlsMax: 10,
  urlMax: 2000,
  /** Rows in one import. */
  rowsMax: 200,
  /** .ics files followed from one page. */
  icsPerPage: 3,
} as const;

export const TOUR_SCRAPER_MESSAGES = {
  noUrls: 'Paste at least one web address',
  tooManyUrls: `Paste at most ${TOUR_SCRAPER_LIMITS.urlsMax} addresses at once`,
  noEvents: 'No events found on that page',
  nothingSelected: 'Choose at least one row to import',
  confirmAmbiguous: 'A row with a question mark needs your choice before it is imported',
  needsDate: 'Every imported row needs a date',
  needsPlace: 'Every imported row needs a venue, a city and a country',
  needsArtist: 'Every imported row needs an artist',
  /** Added to noEvents when the page-text reader (LLM fallback) could not read the page. */
  textReaderOff: 'The page-text reader is not configured',
  textReaderBudget: "The page-text reader is off: this month's language-model budget is spent",
  textReaderQuota: "The page-text reader is off for you until tomorrow: you have used today's page reads",
  textReaderFailed: 'The page-text reader could not read the page just now: try again later',
} as const;

/** One preview row: the event and what the catalog already has for it. */
export interface PreviewRow extends ScrapedEvent {
  match: ScrapeMatch;
  /** What the match means in words ('In the catalog', 'The catalog has them at Red Rocks that day'). */
  matchNote: string | null;
  /** The catalog artist's slug when the catalog knows the artist. */
  artistSlug: string | null;
}

export interface PreviewPage {
  /** The address as given. */
  url: string;
  error: string | null;
  rows: PreviewRow[];
  /** Every address fetched for this page: redirects, linked calendars. */
  trail: string[];
}

export interface ScrapePreviewResponse {
  pages: PreviewPage[];
}

export interface ScrapeImportResponse {
  /** 'catalog': an admin's rows are public now; 'requests': they wait for an admin's review. */
  destination: 'catalog' | 'requests';
  added: number;
  /** Rows the catalog already had (same artist, date and venue). */
  alreadyKnown: number;
  /** A fan's rows that disagree with a public stop: sent to an admin as change requests, nothing changed. */
  changeRequests: number;
  artists: { name: string; slug: string }[];
}

/** The web tour finder's trail: each step it took, in order. */
export interface FinderStep {
  kind: 'musicbrainz' | 'wikidata' | 'official-site' | 'tour-page' | 'sitemap' | 'widget' | 'bandsintown' | 'scrape';
  label: string;
  url: string | null;
  ok: boolean;
}

export interface FinderResponse {
  artist: { name: string; slug: string };
  steps: FinderStep[];
  /** The preview of the tour page found (or Bandsintown's list); null when none was found. */
  page: PreviewPage | null;
  /** Why nothing was found (FINDER_MESSAGES), or null. */
  message: string | null;
}

export const FINDER_MESSAGES = {
  unknownArtist: 'That artist is not in the catalog',
  noSite: 'No official web site is known for this artist',
  lookupFailed:
    'The official web site could not be looked up right now (MusicBrainz or Wikidata did not answer). Please try again later.',
  noTourPage: 'No tour page was found on the official site',
} as const;
