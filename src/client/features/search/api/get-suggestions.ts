import type { SuggestionsResponse } from '#shared/search-api.ts';
import { postJson } from './post-json.ts';

/** MusicBrainz artists for a band the catalog does not know. */
export function getSuggestions(query: string): Promise<SuggestionsResponse> {
  return postJson<SuggestionsResponse>('/api/search/suggestions', { query });
}
