import type { Database } from '#server/db/client.ts';
import {
  providerFailure,
  requireTourSources,
  type SyncOutcome,
  syncArtistTourDates,
} from '#server/features/sync/sync.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import { ProviderError } from '#server/providers/http.ts';
import type { Providers } from '#server/providers/providers.ts';
import { localIsoDate } from '#shared/dates.ts';
import { MUSICBRAINZ_BUSY_MESSAGE } from '#shared/search.ts';
import {
  type CatalogSearchResponse,
  SEARCH_RESULTS_LIMIT,
  type SuggestionsResponse,
  type SyncRequest,
  type SyncResponse,
} from '#shared/search-api.ts';
import { slugify, titleCase } from '#shared/text.ts';
import { selectCatalogMatches } from './search.repo.ts';

/** The catalog first: at most five artists whose name contains the text, the exact name first, then A–Z. */
export async function searchCatalog(
  database: Database,
  text: string,
  viewerId: string | null = null,
): Promise<CatalogSearchResponse> {
  const rows = await selectCatalogMatches(database.db, text, SEARCH_RESULTS_LIMIT, viewerId);
  rows.sort((a, b) => Number(b.exact) - Number(a.exact) || a.sortName.localeCompare(b.sortName));
  return { matches: rows.map((row) => ({ name: titleCase(row.name), slug: row.slug, tourCount: row.tourCount })) };
}

/** MusicBrainz suggestions (spec: search-artist-suggestions) for a band the catalog does not know. */
export async function suggestArtists(
  providers: Providers,
  text: string,
  signal?: AbortSignal,
): Promise<SuggestionsResponse> {
  try {
    const candidates = await providers.musicBrainz.searchArtists(text, SEARCH_RESULTS_LIMIT, signal);
    return {
      suggestions: candidates.map((candidate) => ({
        name: candidate.name,
        slug: slugify(candidate.name),
        mbid: candidate.mbid,
        disambiguation: candidate.disambiguation,
        type: candidate.type,
        country: candidate.country ?? null,
      })),
    };
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'busy') throw musicBrainzBusy(error);
    throw providerFailure(error);
  }
}

/** 503 with Retry-After: the visitor's search would have waited too long for its MusicBrainz slot. */
function musicBrainzBusy(error: ProviderError): AppError {
  const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 1000) / 1000));
  return new AppError('UNAVAILABLE', MUSICBRAINZ_BUSY_MESSAGE, {
    cause: error,
    headers: { 'Retry-After': String(seconds) },
  });
}

/** Tour dates from JamBase into the catalog (spec: search-jambase); the answer names the tour page. */
export async function syncFromSearch(
  writer: CatalogWriterDeps,
  providers: Providers,
  request: SyncRequest,
  /** Runs after the sync committed (the routes announce its changes: followers are notified). */
  afterSync: (outcome: SyncOutcome) => Promise<void> = async () => {},
  today = localIsoDate(),
): Promise<SyncResponse> {
  const sources = requireTourSources(providers);
  const outcome = await syncArtistTourDates(
    writer,
    sources,
    { name: request.artistName, mbid: request.mbid ?? null },
    today,
  );
  if (!outcome) return nothingFound(request.artistName);
  await afterSync(outcome);
  return {
    success: true,
    stopsAdded: outcome.stopsAdded,
    stopsFound: outcome.stopsFound,
    artistName: titleCase(outcome.artistName),
    artistSlug: outcome.artistSlug,
    tourId: outcome.tours[0]?.id ?? null,
    tours: outcome.tours.map((tour) => ({ artist_slug: outcome.artistSlug, name: tour.name })),
  };
}

function nothingFound(artistName: string): SyncResponse {
  return {
    success: true,
    stopsAdded: 0,
    stopsFound: 0,
    artistName,
    artistSlug: slugify(artistName),
    tourId: null,
    tours: [],
  };
}
