import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { Actor } from '#server/lib/actor.ts';
import { AppError } from '#server/lib/app-error.ts';
import { type CallRecorder, ProviderError } from '#server/providers/http.ts';
import { createLastFmClient, type LastFmClient, type ListenedArtist } from '#server/providers/lastfm/lastfm.client.ts';
import {
  createListenBrainzClient,
  type ListenBrainzClient,
} from '#server/providers/listenbrainz/listenbrainz.client.ts';
import {
  type ImportSource,
  type ListeningPeriod,
  MUSIC_MESSAGES,
  type MusicExcludeList,
  type MusicFollowResult,
  type MusicPreview,
  type MusicSource,
} from '#shared/music-services.ts';
import { titleCase } from '#shared/text.ts';
import {
  deleteExclude,
  insertFavorites,
  selectArtistsByIds,
  selectCatalogMatches,
  selectExcludedIds,
  selectExcludes,
  selectFollowedIds,
} from './music-services.repo.ts';

export interface MusicServicesDeps {
  database: Database;
  /** Null when LASTFM_API_KEY is not set. */
  lastFm: LastFmClient | null;
  listenBrainz: ListenBrainzClient;
}

/** The Last.fm and ListenBrainz clients from the environment (the preview routes and the sync build the same). */
export function createMusicServicesDeps(database: Database, env: Env, record: CallRecorder): MusicServicesDeps {
  return {
    database,
    lastFm: env.LASTFM_API_KEY
      ? createLastFmClient({
          baseUrl: env.LASTFM_URL,
          apiKey: env.LASTFM_API_KEY,
          timeoutMs: env.PROVIDER_TIMEOUT_MS,
          record,
        })
      : null,
    listenBrainz: createListenBrainzClient({
      baseUrl: env.LISTENBRAINZ_URL,
      userAgent: `TourGuides/0.1 (+${env.publicUrl})`,
      timeoutMs: env.PROVIDER_TIMEOUT_MS,
      record,
    }),
  };
}

/** The service's answer, or a clear AppError: a wrong username, a service that is down or not set up. */
export async function fetchTopArtists(
  deps: MusicServicesDeps,
  source: MusicSource,
  username: string,
  period: ListeningPeriod,
  limit: number,
): Promise<ListenedArtist[] | null> {
  try {
    if (source === 'lastfm') {
      if (!deps.lastFm) throw new AppError('UNAVAILABLE', MUSIC_MESSAGES.notConfigured(source));
      return await deps.lastFm.topArtists(username, period, limit);
    }
    return await deps.listenBrainz.topArtists(username, period, limit);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === 'not-found') throw new AppError('NOT_FOUND', MUSIC_MESSAGES.unknownUser(source, username));
    throw new AppError('UNAVAILABLE', MUSIC_MESSAGES.providerDown(source), { cause: error });
  }
}

export async function previewListening(
  deps: MusicServicesDeps,
  actor: Actor,
  input: { source: MusicSource; username: string; period: ListeningPeriod; limit: number },
): Promise<MusicPreview> {
  const listened = await fetchTopArtists(deps, input.source, input.username, input.period, input.limit);
  const base = { source: input.source, username: input.username, period: input.period };
  if (!listened || listened.length === 0) return { ...base, artists: [], notice: MUSIC_MESSAGES.noStats(input.source) };
  return previewFromListened(deps.database, actor, base, listened);
}

/** The listened artists with their catalog match and whether the fan follows or excluded them. */
export async function previewFromListened(
  database: Database,
  actor: Actor,
  base: Pick<MusicPreview, 'source' | 'username' | 'period'>,
  listened: (ListenedArtist & { note?: string | null })[],
): Promise<MusicPreview> {
  const matches = await selectCatalogMatches(
    database.db,
    listened.map((artist, i) => ({ i, name: artist.name, mbid: artist.mbid })),
  );
  const byIndex = new Map(matches.map((match) => [match.i, match]));
  const ids = [...new Set(matches.map((match) => match.id))];
  const [followed, excluded] = await Promise.all([
    selectFollowedIds(database.db, actor.userId, ids),
    selectExcludedIds(database.db, actor.userId, ids),
  ]);
  return {
    ...base,
    notice: null,
    artists: listened.map((artist, i) => {
      const match = byIndex.get(i);
      return {
        rank: artist.rank,
        name: artist.name,
        plays: artist.plays,
        mbid: artist.mbid,
        ...(artist.note !== undefined ? { note: artist.note } : {}),
        match: match
          ? {
              confidence: match.confidence,
              artistId: match.id,
              artistSlug: match.slug,
              artistName: titleCase(match.name),
            }
          : null,
        followed: match ? followed.has(match.id) : false,
        excluded: match ? excluded.has(match.id) : false,
      };
    }),
  };
}

/**
 * Follows the chosen catalog artists with the service as their source, all or nothing (one
 * transaction). Artists on the fan's exclude list are skipped: only the fan takes them off it.
 */
export async function followListened(
  deps: MusicServicesDeps,
  actor: Actor,
  input: { source: ImportSource; artistIds: string[] },
): Promise<MusicFollowResult> {
  return deps.database.db.transaction(async (tx) => {
    const found = await selectArtistsByIds(tx, input.artistIds);
    if (found.length !== input.artistIds.length) throw new AppError('BAD_REQUEST', MUSIC_MESSAGES.unknownArtists);
    const [excluded, followed] = await Promise.all([
      selectExcludedIds(tx, actor.userId, input.artistIds),
      selectFollowedIds(tx, actor.userId, input.artistIds),
    ]);
    const toFollow = found.filter((artist) => !excluded.has(artist.id) && !followed.has(artist.id));
    const inserted = await insertFavorites(
      tx,
      toFollow.map((artist) => ({
        userId: actor.userId,
        artistId: artist.id,
        artistName: artist.name,
        artistSlug: artist.slug,
        source: input.source,
      })),
    );
    return {
      followed: inserted,
      alreadyFollowed: input.artistIds.length - excluded.size - inserted,
      excluded: excluded.size,
    };
  });
}

export async function listExcludes(database: Database, actor: Actor): Promise<MusicExcludeList> {
  const rows = await selectExcludes(database.db, actor.userId);
  return {
    excludes: rows.map((row) => ({
      artistId: row.artistId,
      artistSlug: row.artistSlug,
      artistName: titleCase(row.artistName),
      source: row.source,
      excludedAt: row.excludedAt.toISOString(),
    })),
  };
}

export async function removeExclude(database: Database, actor: Actor, artistId: string): Promise<MusicExcludeList> {
  if (!(await deleteExclude(database.db, actor.userId, artistId))) {
    throw new AppError('NOT_FOUND', MUSIC_MESSAGES.excludeNotFound);
  }
  return listExcludes(database, actor);
}
