import { apiGet } from '#client/lib/api-client.ts';
import type { CatalogSearchResponse } from '#shared/search-api.ts';

/** Artists in our catalog whose name contains the text (at most five). */
export function searchCatalog(text: string): Promise<CatalogSearchResponse> {
  return apiGet<CatalogSearchResponse>('/api/search/artists', { query: { q: text } });
}
