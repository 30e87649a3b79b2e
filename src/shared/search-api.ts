/**
 * API contracts of the band search (spec section 4 "Search", section 7 search-artist-suggestions
 * and search-jambase). Inputs are checked with the same band-search rules as the form.
 */
import { z } from 'zod';
import { validateBandSearch } from './search.ts';
import { storableString } from './text-schema.ts';

/** Spec section 9: search suggestions limit 5 (catalog matches and MusicBrainz suggestions alike). */
export const SEARCH_RESULTS_LIMIT = 5;

/** The typed band name: checked in the spec's order, trimmed; the message is the toast's description. */
export const bandNameSchema = storableString().transform((value, ctx) => {
  const check = validateBandSearch(value);
  if (!check.ok) {
    ctx.addIssue({ code: 'custom', message: check.problem.description });
    return z.NEVER;
  }
  return check.query;
});

export const mbidSchema = storableString()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'expected a MusicBrainz id')
  .transform((value) => value.toLowerCase());

/** GET /api/search/artists?q=… — the catalog first. */
export const catalogSearchQuerySchema = z.object({ q: bandNameSchema });

export interface CatalogMatch {
  /** Title-cased, as in the artist list. */
  name: string;
  slug: string;
  tourCount: number;
}

export interface CatalogSearchResponse {
  matches: CatalogMatch[];
}

/** POST /api/search/suggestions {query} — MusicBrainz suggestions when the catalog has none. */
export const suggestionsRequestSchema = z.object({ query: bandNameSchema });

export interface ArtistSuggestion {
  name: string;
  slug: string;
  mbid: string;
  disambiguation: string | null;
  type: string | null;
  /** ISO 3166 code, when MusicBrainz knows it. */
  country?: string | null;
}

export interface SuggestionsResponse {
  suggestions: ArtistSuggestion[];
}

/** POST /api/search/sync {artistName, mbid?} — tour dates from JamBase into the catalog. */
export const syncRequestSchema = z.object({ artistName: bandNameSchema, mbid: mbidSchema.optional() });
export type SyncRequest = z.infer<typeof syncRequestSchema>;

export interface SyncResponse {
  success: true;
  /** Stops new to the catalog; 0 when the artist has no upcoming dates (or all were known). */
  stopsAdded: number;
  /** Upcoming stops the provider listed, known before or not. */
  stopsFound: number;
  artistName: string;
  artistSlug: string;
  /** The first synced tour, null when none. */
  tourId: string | null;
  tours: { artist_slug: string; name: string }[];
}

/**
 * POST /api/search/lookups {artistName, mbid?} — a band the catalog lacks: its dates are fetched
 * from every enabled source in the background; GET /api/search/lookups/:id follows the progress.
 */
export const lookupRequestSchema = syncRequestSchema;
export const lookupIdSchema = z.object({ id: z.uuid() });

/** One source's progress: asked, answered with dates or none, or not reachable this time. */
export type LookupSourceState = 'searching' | 'found' | 'none' | 'failed';

export interface LookupSourceView {
  /** 'ticketmaster' | 'bandsintown' | 'jambase' (TOUR_SOURCE_LABELS names them). */
  provider: string;
  state: LookupSourceState;
  /** Upcoming dates this source lists (before the merge). */
  dates: number;
}

export interface LookupResult {
  artistName: string;
  artistSlug: string;
  /** Upcoming shows after the merge: 0 when no source has dates. */
  stopsFound: number;
  stopsAdded: number;
}

export interface ArtistLookupView {
  id: string;
  /** 'failed': every source failed (or the look-up died); the fan may try again. */
  status: 'running' | 'done' | 'failed';
  artistName: string;
  mbid: string | null;
  sources: LookupSourceView[];
  /** When done: the artist written to the catalog; null when none was (typed text nobody performs under). */
  result: LookupResult | null;
}
