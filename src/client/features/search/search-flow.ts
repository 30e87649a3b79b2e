import type { ToastInput } from '#client/components/ui/toast-input.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { countryName } from '#client/lib/place-label.ts';
import { MUSICBRAINZ_BUSY_MESSAGE } from '#shared/search.ts';
import type { ArtistSuggestion, CatalogMatch, SyncResponse } from '#shared/search-api.ts';

/** One entry of the list under the search box: a catalog artist, or a MusicBrainz artist to sync. */
export type SearchOption = ({ kind: 'catalog' } & CatalogMatch) | ({ kind: 'musicbrainz' } & ArtistSuggestion);

export type CatalogOutcome =
  | { kind: 'open'; match: CatalogMatch }
  | { kind: 'choose'; options: SearchOption[] }
  | { kind: 'none' };

/**
 * The catalog answered: one artist (or one whose name is exactly the text) opens its tour page,
 * several are offered, none sends the search on to MusicBrainz.
 */
export function catalogOutcome(query: string, matches: CatalogMatch[]): CatalogOutcome {
  const exact = matches.filter((match) => match.name.toLowerCase() === query.toLowerCase());
  if (matches.length === 1) return { kind: 'open', match: matches[0]! };
  if (exact.length === 1) return { kind: 'open', match: exact[0]! };
  if (matches.length === 0) return { kind: 'none' };
  return { kind: 'choose', options: matches.map((match) => ({ kind: 'catalog', ...match })) };
}

export const TOAST_ID = 'band-search';

export function foundInCatalogToast(match: CatalogMatch): ToastInput {
  return {
    id: TOAST_ID,
    title: 'Found tour dates!',
    description: `Found ${match.tourCount} tour(s) for ${match.name}`,
  };
}

export function noToursToast(artist: string): ToastInput {
  return {
    id: TOAST_ID,
    title: 'No tours found',
    description: `No upcoming tour dates found for ${artist}`,
    variant: 'destructive',
  };
}

/** After a sync: stops found (new or already known) or none; the tour page opens either way. */
export function syncToast(result: SyncResponse): ToastInput {
  if (result.stopsFound === 0) return noToursToast(result.artistName);
  return {
    id: TOAST_ID,
    title: 'Found tour dates!',
    description: `Successfully synced ${result.stopsFound} tour stops for ${result.artistName}`,
  };
}

export const searchFailedToast: ToastInput = {
  id: TOAST_ID,
  title: 'Search failed',
  description: 'Failed to search for tour dates. Please try again.',
  variant: 'destructive',
};

/** The server refused the search rather than queue it for MusicBrainz's one call a second. */
export const isMusicBrainzBusy = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 503 && error.message === MUSICBRAINZ_BUSY_MESSAGE;

/** MusicBrainz is busy (the server refused rather than queue the search): say so, not a bare failure. */
export function searchFailureToast(error: unknown): ToastInput {
  return isMusicBrainzBusy(error) ? { ...searchFailedToast, description: MUSICBRAINZ_BUSY_MESSAGE } : searchFailedToast;
}

/** The second line of an option: what tells two artists of one name apart. */
export function optionDetail(option: SearchOption): string {
  if (option.kind === 'catalog') return `${option.tourCount} ${option.tourCount === 1 ? 'tour' : 'tours'}`;
  const country = option.country ? countryName(option.country) : null;
  return [option.type, country, option.disambiguation].filter(Boolean).join(' · ');
}
