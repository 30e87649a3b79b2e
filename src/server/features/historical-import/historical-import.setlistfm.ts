import type { Database } from '#server/db/client.ts';
import { selectArtistBySlug } from '#server/features/artists/artists.repo.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { ProviderError } from '#server/providers/http.ts';
import { readPages, type SetlistFmClient } from '#server/providers/setlistfm/setlistfm.client.ts';
import type { FetchedSetlist } from '#server/providers/setlistfm/setlistfm.mapping.ts';
import {
  DEFAULT_HISTORICAL_TOUR,
  historicalImportMessages,
  SETLISTFM_HISTORY_MAX_PAGES,
  type SetlistfmHistoryFile,
  type SetlistfmSourceStatus,
} from '#shared/historical-import.ts';

export interface SetlistfmSourceDeps {
  database: Database;
  setlistFm: SetlistFmClient | null;
}

export function setlistfmSourceStatus(deps: Pick<SetlistfmSourceDeps, 'setlistFm'>): SetlistfmSourceStatus {
  return deps.setlistFm
    ? { configured: true, message: null }
    : { configured: false, message: historicalImportMessages.setlistfmNotConfigured };
}

/** One setlist as a catalog stop; what setlist.fm lacks stays empty, so the dry run rejects that row and says why. */
function toStop(setlist: FetchedSetlist) {
  return {
    date: setlist.eventDate,
    venue: setlist.venueName ?? '',
    city: setlist.city ?? '',
    ...(setlist.region ? { region: setlist.region } : {}),
    country: setlist.country ?? '',
  };
}

/**
 * An artist's setlist.fm history (its MBID; newest first, up to SETLISTFM_HISTORY_MAX_PAGES pages
 * through the shared client: 2 requests a second, the daily quota, 429 back-off) as a
 * catalog-format file: one stop per setlist under its setlist.fm tour (or "Past shows"). The admin
 * then dry-runs and runs it like an uploaded file, so the run never fetches again and re-running
 * it adds nothing.
 */
export async function fetchSetlistfmHistory(deps: SetlistfmSourceDeps, slug: string): Promise<SetlistfmHistoryFile> {
  const client = deps.setlistFm;
  if (!client) throw new AppError('UNAVAILABLE', historicalImportMessages.setlistfmNotConfigured);
  const artist = await selectArtistBySlug(deps.database.db, slug);
  if (!artist) throw notFound('Artist');
  if (!artist.mbid) throw new AppError('BAD_REQUEST', historicalImportMessages.setlistfmNoMbid);
  const mbid = artist.mbid;
  let read: Awaited<ReturnType<typeof readPages>>;
  try {
    read = await readPages((page) => client.artistSetlists(mbid, page), SETLISTFM_HISTORY_MAX_PAGES);
  } catch (error) {
    if (error instanceof ProviderError)
      throw new AppError('UNAVAILABLE', historicalImportMessages.setlistfmUnavailable);
    throw error;
  }
  // setlist.fm's artist pages can carry a collaboration listed under another artist: keep this one's.
  const { setlists, total } = read;
  const own = setlists.filter((setlist) => !setlist.artistMbid || setlist.artistMbid === artist.mbid);
  if (own.length === 0) throw new AppError('NOT_FOUND', historicalImportMessages.setlistfmNothing);
  const tours = new Map<string, ReturnType<typeof toStop>[]>();
  for (const setlist of [...own].reverse()) {
    const tour = setlist.tourName ?? DEFAULT_HISTORICAL_TOUR;
    const stops = tours.get(tour) ?? [];
    stops.push(toStop(setlist));
    tours.set(tour, stops);
  }
  const file = {
    artists: [
      {
        name: artist.name,
        mbid: artist.mbid,
        tours: [...tours].map(([name, stops]) => ({ name, stops })),
      },
    ],
  };
  return {
    fileName: `setlist.fm · ${artist.name}`.slice(0, 200),
    format: 'json',
    content: JSON.stringify(file, null, 1),
    fetched: own.length,
    total,
    truncated: total > setlists.length,
  };
}
