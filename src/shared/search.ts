/** Band search rules (spec section 5), shared so the server can apply the same checks. */

export const BAND_NAME_MAX_LENGTH = 100;

/**
 * 503 when MusicBrainz's queue is longer than a visitor should wait (Retry-After says how long).
 * The messages live here, not in search-api.ts: the home page shows them, and importing that
 * module's zod schemas would put zod (about 24 KB gzipped) in the home page's first render.
 */
export const MUSICBRAINZ_BUSY_MESSAGE = 'MusicBrainz is busy right now. Please try again in a few seconds.';

/** The error message when the server has no JamBase key. */
// Fans read it: no operator detail (the missing JAMBASE_API_KEY is the admins' API status page's business).
export const NO_TOUR_SOURCE_MESSAGE = "New tour dates can't be looked up on this server.";

/** The page asks for a running look-up's progress this often (ms); here, not in search-api.ts (zod). */
export const LOOKUP_POLL_MS = 500;

const INVALID_CHARACTERS = /[<>{}\\]/;

export interface BandSearchProblem {
  title: string;
  description: string;
}

export type BandSearchCheck = { ok: true; query: string } | { ok: false; problem: BandSearchProblem };

/** Checks the typed band name in the spec's order; on success returns it trimmed. */
export function validateBandSearch(input: string): BandSearchCheck {
  const query = input.trim();
  if (query === '') {
    return { ok: false, problem: { title: 'Enter a band name', description: 'Please enter a band name to search' } };
  }
  if (query.length > BAND_NAME_MAX_LENGTH) {
    return {
      ok: false,
      problem: { title: 'Band name too long', description: 'Please enter a band name with less than 100 characters' },
    };
  }
  if (INVALID_CHARACTERS.test(query)) {
    return {
      ok: false,
      problem: { title: 'Invalid characters', description: 'Band name contains invalid characters' },
    };
  }
  return { ok: true, query };
}
