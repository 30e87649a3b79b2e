import { apiGet, apiSend } from '#client/lib/api-client.ts';
import type { AddShowResponse, VenueSearchResponse } from '#shared/add-show.ts';
import type { AddShowRequest } from '#shared/add-show-api.ts';

export function postAddShow(request: AddShowRequest): Promise<AddShowResponse> {
  return apiSend<AddShowResponse>('POST', '/api/add-show', request);
}

/** Catalog venues for the typeahead. */
export function searchVenues(text: string, signal?: AbortSignal): Promise<VenueSearchResponse> {
  return apiGet<VenueSearchResponse>('/api/add-show/venues', { query: { q: text }, signal });
}
