/**
 * /api/history (issue 12, History at /my-shows): the fan's attended shows, newest first, and the
 * "Did you go?" prompts. Types and texts only: the page imports no zod (schemas: history-api.ts).
 */

import type { CityPlace } from './place-label.ts';
/** Shows per page of GET /api/history ("Load more" asks for the next). */
export const HISTORY_PAGE_SIZE = 50;
export const HISTORY_SEARCH_MAX = 100;

export interface HistoryArtist {
  artistName: string;
  artistSlug: string;
  stopId: string;
  /** The fan marked this artist's stop I was there (others were on the bill). */
  attended: boolean;
}

export interface HistoryShow {
  /** venueId|date: one show, whatever the number of artists on the bill. */
  key: string;
  /** The fan's attended stop (the show detail opens on it). */
  stopId: string;
  date: string;
  venue: { name: string; slug: string; city: string; region: string | null; country: string };
  artists: HistoryArtist[];
  /** The fan's 1–5 rating, if given. */
  rating: number | null;
  /** Songs in the setlists of this show (0: no setlist yet). */
  setlistSongs: number;
}

export interface HistoryPage {
  shows: HistoryShow[];
  /** Attended shows matching the filters, over every page. */
  total: number;
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

export interface HistoryFilterOption {
  value: string;
  label: string;
  count: number;
}

/** GET /api/history/filters: what the selects offer (only values the fan has shows for). */
export interface HistoryFilters {
  years: HistoryFilterOption[];
  artists: HistoryFilterOption[];
  venues: HistoryFilterOption[];
  cities: HistoryFilterOption[];
}

/** A Going show whose date passed: "Did you go?" */
export interface DidYouGoPrompt extends CityPlace {
  stopId: string;
  date: string;
  artistName: string;
  venueName: string;
}

export interface DidYouGoResponse {
  prompts: DidYouGoPrompt[];
}

export const historyMessages = {
  title: 'History',
  intro: 'Every show you went to, newest first.',
  didYouGo: 'Did you go?',
  wasThere: 'I was there',
  missed: 'I missed it',
  emptyHeading: 'No shows in your history yet',
  emptyHint: 'Mark past shows I was there — or add one you went to — and they will be listed here.',
  noMatchHeading: 'No shows match these filters',
  loadMore: 'Load more',
  answerError: 'Your answer could not be saved. Please try again.',
} as const;
