import type { SyncRequest, SyncResponse } from '#shared/search-api.ts';
import { postJson } from './post-json.ts';

/** Fetches the artist's tour dates into the catalog. */
export function syncTourDates(request: SyncRequest): Promise<SyncResponse> {
  return postJson<SyncResponse>('/api/search/sync', request);
}
