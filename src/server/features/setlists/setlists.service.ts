import type { Database } from '#server/db/client.ts';
import type { Executor } from '#server/db/sql.ts';
import { selectArtistBySlug } from '#server/features/artists/artists.repo.ts';
import { isVisibleTo } from '#server/features/catalog/stop-visibility.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { Queue } from '#server/lib/queue.ts';
import { ProviderError } from '#server/providers/http.ts';
import { isOverQuota, type SetlistFmClient } from '#server/providers/setlistfm/setlistfm.client.ts';
import type { FetchedSetlist } from '#server/providers/setlistfm/setlistfm.mapping.ts';
import { localIsoDate } from '#shared/dates.ts';
import {
  type ArtistSetlistsView,
  SETLIST_LIMITS,
  SETLIST_MESSAGES,
  type SetlistProviderState,
  type SetlistView,
  type StopSetlistsView,
} from '#shared/setlists.ts';
import type { OwnSetlistInput } from '#shared/setlists-api.ts';
import { titleCase } from '#shared/text.ts';
import { predictSetlist } from './setlists.prediction.ts';
import {
  deleteOwnSetlist,
  replaceSetlistSongs,
  type SetlistRow,
  type SetlistSongRow,
  type SetlistStopRow,
  saveFetchState,
  selectArtistSetlists,
  selectFetchState,
  selectSetlistSongs,
  selectSetlistStop,
  selectSongSuggestions,
  selectStopIdsByDate,
  selectStopSetlists,
  upsertOwnSetlist,
  upsertSetlistFmCopy,
} from './setlists.repo.ts';

export interface SetlistDeps {
  database: Database;
  setlistFm: SetlistFmClient | null;
  queue: Pick<Queue, 'send'>;
  logger: Logger;
}

/** A retry of a failed setlist.fm fetch: 'stop:<id>' or 'artist:<id>'. Sent by this service. */
export type SetlistRetrySender = (key: string, afterSeconds: number) => Promise<void>;

const HOUR = 3600;
const DAY = 24 * HOUR;
/** An artist's recent setlists are looked up again after this long. */
const ARTIST_FRESH_SECONDS = 6 * HOUR;
/** A show's setlist changes in the days after it (fans add songs); later, rarely. */
const RECENT_SHOW_DAYS = 14;
const RECENT_STALE_SECONDS = DAY;
const OLD_STALE_SECONDS = 30 * DAY;
/** Retries of a failed fetch: 2 min, doubling, at most 6 h. */
const FIRST_RETRY_SECONDS = 120;
const MAX_RETRY_SECONDS = 6 * HOUR;
/** Setlists of an artist read for /setlist (the current tour is among them). */
const ARTIST_SETLISTS_READ = 100;

type RetrySend = (key: string, afterSeconds: number) => Promise<void>;

export const notFound = (message: string) => new AppError('NOT_FOUND', message);

function secondsUntilUtcMidnight(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(60, Math.ceil((next - now.getTime()) / 1000) + 60);
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
}

// ---------------------------------------------------------------------------------------------
// Views

export function toViews(rows: SetlistRow[], songs: SetlistSongRow[], userId: string | null): SetlistView[] {
  const bySetlist = new Map<string, SetlistSongRow[]>();
  for (const song of songs) {
    const list = bySetlist.get(song.setlistId);
    if (list) list.push(song);
    else bySetlist.set(song.setlistId, [song]);
  }
  return rows.map((row) => ({
    id: row.id,
    source: row.source,
    mine: userId !== null && row.ownerId === userId,
    stopId: row.stopId,
    artistId: row.artistId,
    artistName: titleCase(row.artistName),
    artistSlug: row.artistSlug,
    eventDate: row.eventDate,
    venueName: row.venueName,
    city: row.city,
    country: row.country,
    tourName: row.tourName,
    info: row.info,
    url: row.url,
    fetchedAt: row.fetchedAt ? new Date(row.fetchedAt).toISOString() : null,
    songCount: row.songCount,
    songs: (bySetlist.get(row.id) ?? []).map((song) => ({
      songId: song.songId,
      name: song.name,
      setIndex: song.setIndex,
      setName: song.setName,
      kind: song.kind,
      coverArtistName: song.coverArtistName,
      note: song.note,
    })),
  }));
}

// ---------------------------------------------------------------------------------------------
// setlist.fm fetches

interface FetchOutcome {
  provider: SetlistProviderState;
  retryPending: boolean;
}

const OK: FetchOutcome = { provider: 'ok', retryPending: false };

/** Writes setlist.fm copies (linked to the artist's catalog stop of that date), songs only when changed. */
export async function storeFetchedSetlists(
  database: Database,
  artistId: string,
  fetched: FetchedSetlist[],
): Promise<void> {
  if (fetched.length === 0) return;
  await database.db.transaction(async (tx) => {
    const stops = await selectStopIdsByDate(
      tx,
      artistId,
      fetched.map((setlist) => setlist.eventDate),
    );
    for (const setlist of fetched) {
      const { id, changed } = await upsertSetlistFmCopy(tx, {
        setlistfmId: setlist.setlistfmId,
        versionId: setlist.versionId,
        stopId: stops.get(setlist.eventDate) ?? null,
        artistId,
        eventDate: setlist.eventDate,
        venueName: setlist.venueName,
        city: setlist.city,
        country: setlist.country,
        tourName: setlist.tourName,
        info: setlist.info,
        url: setlist.url,
      });
      if (changed) await replaceSetlistSongs(tx, id, artistId, setlist.songs);
    }
  });
}

/** Stores one setlist.fm copy for a known stop, inside the caller's transaction (history import). */
export async function storeSetlistForStop(
  tx: Executor,
  artistId: string,
  stopId: string,
  setlist: FetchedSetlist,
): Promise<string> {
  const { id, changed } = await upsertSetlistFmCopy(tx, {
    setlistfmId: setlist.setlistfmId,
    versionId: setlist.versionId,
    stopId,
    artistId,
    eventDate: setlist.eventDate,
    venueName: setlist.venueName,
    city: setlist.city,
    country: setlist.country,
    tourName: setlist.tourName,
    info: setlist.info,
    url: setlist.url,
  });
  if (changed) await replaceSetlistSongs(tx, id, artistId, setlist.songs);
  return id;
}

/**
 * Runs one setlist.fm fetch under the retry bookkeeping: a failure (down, 429 after our own
 * back-off, over the daily quota) is recorded with its next attempt and a retry job queued; the
 * caller shows what is stored and says why.
 */
async function guardedFetch(
  deps: SetlistDeps,
  key: string,
  fetch: () => Promise<'ok' | 'empty'>,
  okAgainSeconds: number,
  retry: RetrySend,
): Promise<FetchOutcome> {
  try {
    const state = await fetch();
    await saveFetchState(deps.database.db, key, state, okAgainSeconds, null);
    return OK;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const overQuota = isOverQuota(error);
    const previous = await selectFetchState(deps.database.db, key);
    const attempts = previous && previous.state !== 'ok' && previous.state !== 'empty' ? previous.attempts : 0;
    const after = overQuota
      ? secondsUntilUtcMidnight()
      : Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** attempts);
    const state = overQuota ? 'over-quota' : 'unavailable';
    await saveFetchState(deps.database.db, key, state, after, error.message);
    deps.logger.warn({ key, err: error.message }, 'setlist.fm fetch failed: retry queued');
    await retry(key, after);
    return { provider: state, retryPending: true };
  }
}

/** A stored failure whose retry is still ahead: no new call now, the page says why. */
async function pendingFailure(deps: SetlistDeps, key: string): Promise<FetchOutcome | null> {
  const state = await selectFetchState(deps.database.db, key);
  if (!state?.nextAttemptAt || new Date(state.nextAttemptAt).getTime() <= Date.now()) return null;
  if (state.state === 'over-quota' || state.state === 'unavailable') {
    return { provider: state.state, retryPending: true };
  }
  // 'ok' / 'empty': looked up recently.
  return OK;
}

/** The setlist.fm copy of a past show, fetched when missing or stale. */
export async function refreshStopSetlist(
  deps: SetlistDeps,
  stop: SetlistStopRow,
  existing: SetlistRow | undefined,
  retry: RetrySend,
  force = false,
): Promise<FetchOutcome> {
  const client = deps.setlistFm;
  if (!client) return { provider: 'not-configured', retryPending: false };
  const today = localIsoDate(new Date());
  if (!stop.artistMbid || stop.eventDate > today) return OK;
  const key = `stop:${stop.stopId}`;
  if (!force) {
    const pending = await pendingFailure(deps, key);
    if (pending) return pending;
  }
  const recent = daysBetween(stop.eventDate, today) <= RECENT_SHOW_DAYS;
  const staleAfter = recent ? RECENT_STALE_SECONDS : OLD_STALE_SECONDS;
  if (!force && existing?.fetchedAt && Date.now() - new Date(existing.fetchedAt).getTime() < staleAfter * 1000) {
    return OK;
  }
  const mbid = stop.artistMbid;
  return guardedFetch(
    deps,
    key,
    async () => {
      const found = await client.setlistsOn(mbid, stop.eventDate);
      await storeFetchedSetlists(deps.database, stop.artistId, found);
      return found.length > 0 ? 'ok' : 'empty';
    },
    staleAfter,
    retry,
  );
}

/** An artist's newest setlists (one page, 20), fetched when not looked up for a while. */
export async function refreshArtistSetlists(
  deps: SetlistDeps,
  artist: { id: string; mbid: string | null },
  retry: RetrySend,
  force = false,
): Promise<FetchOutcome> {
  const client = deps.setlistFm;
  if (!client) return { provider: 'not-configured', retryPending: false };
  if (!artist.mbid) return OK;
  const key = `artist:${artist.id}`;
  if (!force) {
    const pending = await pendingFailure(deps, key);
    if (pending) return pending;
  }
  const mbid = artist.mbid;
  return guardedFetch(
    deps,
    key,
    async () => {
      const page = await client.artistSetlists(mbid, 1);
      await storeFetchedSetlists(deps.database, artist.id, page.setlists);
      return page.setlists.length > 0 ? 'ok' : 'empty';
    },
    ARTIST_FRESH_SECONDS,
    retry,
  );
}

// ---------------------------------------------------------------------------------------------
// Reads

async function stopOrNotFound(deps: SetlistDeps, stopId: string, userId: string | null) {
  const stop = await selectSetlistStop(deps.database.db, stopId, userId);
  if (!stop) throw notFound(SETLIST_MESSAGES.stopNotFound);
  return stop;
}

async function stopView(
  deps: SetlistDeps,
  stop: SetlistStopRow,
  userId: string | null,
  outcome: FetchOutcome,
): Promise<StopSetlistsView> {
  const rows = await selectStopSetlists(deps.database.db, stop.stopId, userId);
  const views = toViews(
    rows,
    await selectSetlistSongs(
      deps.database.db,
      rows.map((row) => row.id),
    ),
    userId,
  );
  return {
    stopId: stop.stopId,
    artistId: stop.artistId,
    artistName: titleCase(stop.artistName),
    artistSlug: stop.artistSlug,
    eventDate: stop.eventDate,
    setlistfm: views.find((view) => view.source === 'setlistfm') ?? null,
    mine: views.find((view) => view.mine) ?? null,
    provider: outcome.provider,
    retryPending: outcome.retryPending,
  };
}

/** GET /api/setlists/stops/:stopId — the show's setlist.fm copy (fetched when due) and the fan's own. */
export async function getStopSetlists(
  deps: SetlistDeps,
  userId: string | null,
  stopId: string,
  retry: RetrySend,
): Promise<StopSetlistsView> {
  const stop = await stopOrNotFound(deps, stopId, userId);
  const stored = await selectStopSetlists(deps.database.db, stopId, null);
  const outcome = await refreshStopSetlist(deps, stop, stored[0], retry);
  return stopView(deps, stop, userId, outcome);
}

/** The current tour: the newest setlist's tour, or (no tour name) the year before the newest show. */
function currentTour(rows: SetlistRow[]): { name: string | null; rows: SetlistRow[] } {
  const newest = rows[0];
  if (!newest) return { name: null, rows: [] };
  if (newest.tourName) return { name: newest.tourName, rows: rows.filter((row) => row.tourName === newest.tourName) };
  return { name: null, rows: rows.filter((row) => daysBetween(row.eventDate, newest.eventDate) <= 365) };
}

/** GET /api/setlists/artists/:slug — the current tour's setlists, the predicted setlist and rarities. */
export async function getArtistSetlists(
  deps: SetlistDeps,
  userId: string | null,
  slug: string,
  retry: RetrySend,
): Promise<ArtistSetlistsView> {
  const artist = await selectArtistBySlug(deps.database.db, slug);
  if (!artist || !isVisibleTo(artist, userId)) throw notFound(SETLIST_MESSAGES.artistNotFound);
  const outcome = await refreshArtistSetlists(deps, artist, retry);
  const rows = await selectArtistSetlists(deps.database.db, artist.id, userId, ARTIST_SETLISTS_READ);
  const tour = currentTour(rows);
  const views = toViews(
    tour.rows,
    await selectSetlistSongs(
      deps.database.db,
      tour.rows.map((row) => row.id),
    ),
    userId,
  );
  const prediction = predictSetlist(views);
  return {
    artistId: artist.id,
    artistName: titleCase(artist.name),
    artistSlug: artist.slug,
    tourName: tour.name,
    setlists: views,
    ...prediction,
    provider: outcome.provider,
    retryPending: outcome.retryPending,
  };
}

export async function suggestSongs(deps: SetlistDeps, artistId: string, text: string) {
  const rows = await selectSongSuggestions(deps.database.db, artistId, text, SETLIST_LIMITS.suggestionsMax);
  return { songs: rows.map((row) => ({ id: row.id, name: row.name, played: row.played })) };
}

// ---------------------------------------------------------------------------------------------
// The fan's own setlist

/** PUT — replaces the fan's own setlist of a show they may see; an empty list deletes it. All or nothing. */
export async function saveOwnSetlist(
  deps: SetlistDeps,
  userId: string,
  stopId: string,
  input: OwnSetlistInput,
): Promise<StopSetlistsView> {
  const stop = await stopOrNotFound(deps, stopId, userId);
  await deps.database.db.transaction(async (tx) => {
    if (input.songs.length === 0) {
      await deleteOwnSetlist(tx, stopId, userId);
      return;
    }
    const id = await upsertOwnSetlist(tx, stop, userId, input.info);
    await replaceSetlistSongs(tx, id, stop.artistId, input.songs);
  });
  return stopView(deps, stop, userId, OK);
}

export async function removeOwnSetlist(deps: SetlistDeps, userId: string, stopId: string): Promise<StopSetlistsView> {
  const stop = await stopOrNotFound(deps, stopId, userId);
  const deleted = await deps.database.db.transaction((tx) => deleteOwnSetlist(tx, stopId, userId));
  if (deleted === 0) throw notFound(SETLIST_MESSAGES.setlistNotFound);
  return stopView(deps, stop, userId, OK);
}
