import type { TypeaheadOption } from '#client/components/typeahead.tsx';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { placeLabel } from '#client/lib/place-label.ts';
import type { AddShowPlace, AddShowRequest } from '#shared/add-show-api.ts';
import type { CatalogSearchResponse, SuggestionsResponse } from '#shared/search-api.ts';
import { searchVenues } from '../api/add-show-api.ts';

export type ArtistChoice = AddShowRequest['artist'];
export type VenueChoice = { kind: 'catalog'; slug: string };

/**
 * Artists: the catalog first; when it has none, MusicBrainz suggestions through the band search's
 * provider (rate-limited per visitor, so it is only asked when the catalog has nothing).
 */
export async function searchArtists(text: string, signal: AbortSignal): Promise<TypeaheadOption<ArtistChoice>[]> {
  // The band search's endpoints, called directly: importing its fetchers would split them out of
  // the home page's chunk into shared ones (more requests and bytes on the first render).
  const { matches } = await apiGet<CatalogSearchResponse>('/api/search/artists', { query: { q: text }, signal });
  if (matches.length > 0) {
    return matches.map((match) => ({
      key: `catalog:${match.slug}`,
      label: match.name,
      detail: match.tourCount > 0 ? `${match.tourCount} ${match.tourCount === 1 ? 'tour' : 'tours'}` : 'In the catalog',
      value: { kind: 'catalog', slug: match.slug },
    }));
  }
  const { suggestions } = await apiSend<SuggestionsResponse>('POST', '/api/search/suggestions', { query: text });
  return suggestions.map((suggestion) => ({
    key: `mb:${suggestion.mbid}`,
    label: suggestion.name,
    detail: ['MusicBrainz', suggestion.disambiguation, suggestion.type].filter(Boolean).join(' · '),
    value: { kind: 'musicbrainz', name: suggestion.name, mbid: suggestion.mbid },
  }));
}

export async function searchCatalogVenues(text: string, signal: AbortSignal): Promise<TypeaheadOption<VenueChoice>[]> {
  const { venues } = await searchVenues(text, signal);
  return venues.map((venue) => ({
    key: venue.slug,
    label: venue.name,
    detail: placeLabel(venue),
    value: { kind: 'catalog', slug: venue.slug },
  }));
}

/**
 * Places from the gazetteer (GET /api/places, built by the places feature). Until its PlacePicker
 * is on main this small lookup stands in for it with the same contract.
 */
export async function searchPlaces(text: string, signal: AbortSignal): Promise<TypeaheadOption<AddShowPlace>[]> {
  const { places } = await apiGet<{ places: (AddShowPlace & { country: string | null })[] }>('/api/places', {
    query: { q: text, limit: 8 },
    signal,
  });
  return places.map((place) => ({
    key: place.id,
    label: place.name,
    detail: [place.region, place.country ?? place.countryCode].filter(Boolean).join(', '),
    value: place,
  }));
}
