/** Band search rules (spec section 5), shared so the server can apply the same checks. */

export const BAND_NAME_MAX_LENGTH = 100;

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
