import { AppError } from '#server/lib/app-error.ts';
import { ProviderError, retryAfterSeconds } from '#server/providers/http.ts';
import type { SpotifyClient } from '#server/providers/spotify/spotify.client.ts';
import {
  LISTENING_IMPORT_LIMITS,
  LISTENING_IMPORT_MESSAGES,
  type PlaylistImportStatus,
  spotifyPlaylistId,
} from '#shared/listening-import.ts';
import * as repo from './listening-import.repo.ts';
import { type ImportScope, type ListeningImportDeps, startMatching } from './listening-import.service.ts';

/**
 * The admin's playlist source (issue 15): a public Spotify playlist read with the app's own token
 * (client-credentials grant), its tracks counted per credited artist, then the same rows, matching,
 * preview and job as an artist list. Each row keeps the artist's Spotify id (MusicBrainz's link to it
 * is tried first) and its name (matched against the catalog, and on MusicBrainz when the link is not known).
 */
export interface PlaylistDeps extends ListeningImportDeps {
  /** Null without SPOTIFY_CLIENT_ID; without SPOTIFY_CLIENT_SECRET it cannot take an app token. */
  spotify: SpotifyClient | null;
}

export function playlistImportStatus(spotify: SpotifyClient | null): PlaylistImportStatus {
  if (!spotify) return { configured: false, missing: 'SPOTIFY_CLIENT_ID' };
  if (!spotify.hasClientSecret) return { configured: false, missing: 'SPOTIFY_CLIENT_SECRET' };
  return { configured: true, missing: null };
}

/** Spotify's refusals in the admin's words; the token, the secret and Spotify's own text never appear. */
function playlistFailure(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  if (error.operation === 'app-token') {
    return error.kind === 'unauthorized'
      ? new AppError('UNAVAILABLE', LISTENING_IMPORT_MESSAGES.spotifyRefusedApp, { cause: error })
      : new AppError('UNAVAILABLE', LISTENING_IMPORT_MESSAGES.spotifyDown, { cause: error });
  }
  if (error.kind === 'not-found') return new AppError('NOT_FOUND', LISTENING_IMPORT_MESSAGES.playlistNotFound);
  // Not our 403 (that means "not an admin"): Spotify's refusal of this playlist is a bad request here.
  if (error.status === 403) return new AppError('BAD_REQUEST', LISTENING_IMPORT_MESSAGES.playlistRefused);
  if (error.status === 429) {
    const seconds = retryAfterSeconds(error);
    return new AppError('RATE_LIMITED', LISTENING_IMPORT_MESSAGES.spotifyRateLimited(seconds), {
      headers: { 'Retry-After': String(seconds) },
      cause: error,
    });
  }
  return new AppError('UNAVAILABLE', LISTENING_IMPORT_MESSAGES.spotifyDown, { cause: error });
}

/** Reads the playlist (nothing is stored when Spotify refuses), stores its artists and starts matching. */
export async function createPlaylistImport(deps: PlaylistDeps, scope: ImportScope, link: string) {
  const status = playlistImportStatus(deps.spotify);
  if (!status.configured || !deps.spotify) {
    throw new AppError(
      'UNAVAILABLE',
      status.missing === 'SPOTIFY_CLIENT_ID'
        ? LISTENING_IMPORT_MESSAGES.playlistNeedsId
        : LISTENING_IMPORT_MESSAGES.playlistNeedsSecret,
    );
  }
  const playlistId = spotifyPlaylistId(link);
  if (!playlistId) throw new AppError('BAD_REQUEST', LISTENING_IMPORT_MESSAGES.notAPlaylist);
  let read: Awaited<ReturnType<SpotifyClient['playlistArtists']>>;
  try {
    read = await deps.spotify.playlistArtists(playlistId);
  } catch (error) {
    throw playlistFailure(error);
  }
  if (read.artists.length === 0) throw new AppError('BAD_REQUEST', LISTENING_IMPORT_MESSAGES.playlistEmpty);
  const rows = read.artists
    .sort((a, b) => b.tracks - a.tracks || a.first - b.first)
    .slice(0, LISTENING_IMPORT_LIMITS.listLinesMax)
    .map((artist) => ({
      key: `spotify:${artist.id}`,
      name: artist.name.slice(0, 300),
      spotifyId: artist.id,
      plays: artist.tracks,
      line: artist.first,
    }));
  const file = {
    name: read.name ? `Spotify playlist “${read.name.slice(0, 200)}”` : `Spotify playlist ${playlistId}`,
    bytes: 0,
    plays: read.tracks,
    playlist: { id: playlistId, skipped: read.skipped },
  };
  const id = await deps.database.db.transaction(async (tx) => {
    const created = await repo.insertImport(tx, scope.userId, scope.kind);
    await repo.insertPlaylistRows(tx, created, file, rows);
    return created;
  });
  return startMatching(deps, scope, id);
}
