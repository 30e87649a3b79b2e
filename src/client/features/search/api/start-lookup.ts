import type { ArtistLookupView, SyncRequest } from '#shared/search-api.ts';
import { postJson } from './post-json.ts';

/** Starts the look-up of a band the catalog lacks: every enabled source is asked in the background. */
export function startLookup(request: SyncRequest): Promise<ArtistLookupView> {
  return postJson<ArtistLookupView>('/api/search/lookups', request);
}
