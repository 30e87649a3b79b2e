import { resolveAuthSecret } from '#server/auth/secret.ts';
import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { Actor, ActorWithRole } from '#server/lib/actor.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Logger } from '#server/lib/logger.ts';
import { createSecretBox } from '#server/lib/secret-box.ts';
import { databaseCallRecorder } from '#server/providers/http.ts';
import type { ListenedArtist } from '#server/providers/lastfm/lastfm.client.ts';
import { createSpotifyClient, type SpotifyTimeRange } from '#server/providers/spotify/spotify.client.ts';
import { type ListeningPeriod, MUSIC_SOURCES, type MusicPreview, type MusicSource } from '#shared/music-services.ts';
import {
  type MusicConnection,
  type MusicConnectionList,
  type MusicProposalList,
  type MusicProposalsAnswer,
  type MusicSyncResult,
  type MusicSyncSummary,
  SYNC_MESSAGES,
  type SyncMode,
  type SyncSource,
} from '#shared/music-services-sync.ts';
import { titleCase } from '#shared/text.ts';
import { insertFavorites, selectCatalogMatches, selectExcludedIds, selectFollowedIds } from './music-services.repo.ts';
import {
  createMusicServicesDeps,
  fetchTopArtists,
  type MusicServicesDeps,
  previewFromListened,
} from './music-services.service.ts';
import {
  type ConnectionRow,
  deleteConnection,
  insertExcludes,
  insertProposals,
  selectConnection,
  selectConnectionById,
  selectConnectionBySource,
  selectConnections,
  selectProposals,
  takeProposals,
  updateConnection,
  upsertConnection,
} from './music-services.sync.repo.ts';
import { type SpotifyDeps, withSpotifyToken } from './spotify-connect.ts';

/**
 * Keeping music services in sync (ADR spotify-connect-and-sync): each connection (Spotify, or a
 * Last.fm / ListenBrainz username) is read weekly and on demand; matched artists the fan neither
 * follows nor excluded are followed ('auto'; fuzzy matches are proposed even then) or proposed
 * ('propose'). One transaction per sync result: nothing is ever half-followed.
 */
export interface MusicSyncDeps extends SpotifyDeps, MusicServicesDeps {}

export const SPOTIFY_CALLBACK_PATH = '/api/spotify/callback';

/** The clients and the token box, from the environment (routes and jobs build the same). */
export function createMusicSyncDeps({
  env,
  database,
  logger,
}: {
  env: Env;
  database: Database;
  logger: Logger;
}): MusicSyncDeps {
  const record = databaseCallRecorder(database, logger);
  return {
    ...createMusicServicesDeps(database, env, record),
    box: createSecretBox(resolveAuthSecret(env), 'music-service-tokens'),
    redirectUri: `${env.publicUrl}${SPOTIFY_CALLBACK_PATH}`,
    spotify: env.SPOTIFY_CLIENT_ID
      ? createSpotifyClient({
          clientId: env.SPOTIFY_CLIENT_ID,
          accountsUrl: env.SPOTIFY_ACCOUNTS_URL,
          apiUrl: env.SPOTIFY_API_URL,
          timeoutMs: env.PROVIDER_TIMEOUT_MS,
          record,
        })
      : null,
  };
}

const TIME_RANGES: Record<ListeningPeriod, SpotifyTimeRange> = {
  week: 'short_term',
  month: 'short_term',
  quarter: 'medium_term',
  'half-year': 'medium_term',
  year: 'long_term',
  all: 'long_term',
};

/** Top artists asked of a username service per sync. */
const SYNC_TOP_LIMIT = 50;

type Listened = ListenedArtist & { note: string | null };

/** Spotify's followed and top artists as one ranked list: the top ones in order, then the other followed ones. */
async function spotifyListened(deps: MusicSyncDeps, connection: ConnectionRow, period: ListeningPeriod) {
  const [top, followed] = await withSpotifyToken(deps, connection, (spotify, token) =>
    Promise.all([spotify.topArtists(token, TIME_RANGES[period]), spotify.followedArtists(token)]),
  );
  const followedIds = new Set(followed.map((artist) => artist.id));
  const topIds = new Set(top.map((artist) => artist.id));
  const ranked: Listened[] = top.map((artist, i) => ({
    rank: i + 1,
    name: artist.name,
    plays: 0,
    mbid: null,
    note: followedIds.has(artist.id) ? `Top ${i + 1} · Followed on Spotify` : `Top ${i + 1} on Spotify`,
  }));
  for (const artist of followed) {
    if (topIds.has(artist.id)) continue;
    ranked.push({ rank: ranked.length + 1, name: artist.name, plays: 0, mbid: null, note: 'Followed on Spotify' });
  }
  return ranked;
}

async function listenedFor(deps: MusicSyncDeps, connection: ConnectionRow, period: ListeningPeriod) {
  if (connection.source === 'spotify') return spotifyListened(deps, connection, period);
  const found = await fetchTopArtists(
    deps,
    connection.source as MusicSource,
    connection.username ?? '',
    period,
    SYNC_TOP_LIMIT,
  );
  return (found ?? []).map((artist) => ({ ...artist, note: null }));
}

function toView(row: ConnectionRow): MusicConnection {
  return {
    id: row.id,
    source: row.source as SyncSource,
    username: row.username,
    status: row.status === 'reconnect' ? 'reconnect' : 'connected',
    mode: row.mode as SyncMode,
    period: row.period as ListeningPeriod,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastSummary: (row.lastSummary as MusicSyncSummary | null) ?? null,
    lastError: row.lastError,
    connectedAt: row.createdAt.toISOString(),
  };
}

/** The services this server offers and the fan's connections; the Spotify redirect URI (setup) for admins only. */
export async function listConnections(deps: MusicSyncDeps, actor: ActorWithRole): Promise<MusicConnectionList> {
  const rows = await selectConnections(deps.database.db, actor.userId);
  return {
    spotify: { configured: deps.spotify !== null, redirectUri: actor.isAdmin ? deps.redirectUri : null },
    sources: MUSIC_SOURCES.filter((source) => source !== 'lastfm' || deps.lastFm !== null),
    connections: rows.map(toView),
  };
}

async function ownConnection(deps: MusicSyncDeps, actor: Actor, id: string): Promise<ConnectionRow> {
  const row = await selectConnection(deps.database.db, actor.userId, id);
  if (!row) throw new AppError('NOT_FOUND', SYNC_MESSAGES.connectionNotFound);
  return row;
}

/** Reads the service and writes the result in one transaction; a failure is kept on the connection and thrown. */
export async function syncConnection(deps: MusicSyncDeps, connection: ConnectionRow): Promise<MusicSyncResult> {
  let listened: Listened[];
  try {
    listened = await listenedFor(deps, connection, connection.period as ListeningPeriod);
  } catch (error) {
    if (error instanceof AppError && error.code !== 'CONFLICT') {
      await updateConnection(deps.database.db, connection.userId, connection.id, { lastError: error.message });
    }
    throw error;
  }
  const matches = await selectCatalogMatches(
    deps.database.db,
    listened.map((artist, i) => ({ i, name: artist.name, mbid: artist.mbid })),
  );
  const confidence = new Map<string, string>();
  for (const match of matches) if (!confidence.has(match.id)) confidence.set(match.id, match.confidence);
  const ids = [...confidence.keys()];
  const userId = connection.userId;
  const source = connection.source;
  const updated = await deps.database.db.transaction(async (tx) => {
    const [excluded, followed] = await Promise.all([
      selectExcludedIds(tx, userId, ids),
      selectFollowedIds(tx, userId, ids),
    ]);
    const fresh = ids.filter((id) => !excluded.has(id) && !followed.has(id));
    const follow = connection.mode === 'auto' ? fresh.filter((id) => confidence.get(id) !== 'fuzzy') : [];
    const propose = fresh.filter((id) => !follow.includes(id));
    let added = 0;
    if (follow.length > 0) {
      const names = new Map(matches.map((match) => [match.id, match]));
      added = await insertFavorites(
        tx,
        follow.map((id) => ({
          userId,
          artistId: id,
          artistName: names.get(id)!.name,
          artistSlug: names.get(id)!.slug,
          source,
        })),
      );
    }
    const proposed = await insertProposals(
      tx,
      propose.map((artistId) => ({ userId, artistId, source })),
    );
    const summary: MusicSyncSummary = {
      added,
      proposed,
      alreadyFollowed: followed.size,
      excluded: excluded.size,
      notMatched: listened.length - new Set(matches.map((match) => match.i)).size,
    };
    const row = await updateConnection(tx, userId, connection.id, {
      lastSyncedAt: new Date(),
      lastSummary: summary,
      lastError: null,
    });
    return { row: row!, summary };
  });
  return { connection: toView(updated.row), summary: updated.summary };
}

export async function syncNow(deps: MusicSyncDeps, actor: Actor, id: string): Promise<MusicSyncResult> {
  return syncConnection(deps, await ownConnection(deps, actor, id));
}

/** The weekly job's step for one connection; quiet when it was removed or needs a reconnect meanwhile. */
export async function syncConnectionById(deps: MusicSyncDeps, id: string): Promise<MusicSyncResult | null> {
  const row = await selectConnectionById(deps.database.db, id);
  if (row?.status !== 'connected') return null;
  return syncConnection(deps, row);
}

/** Keeps a Last.fm / ListenBrainz username in sync: checked by a first sync, which creates nothing when it fails. */
export async function connectUsername(
  deps: MusicSyncDeps,
  actor: Actor,
  input: { source: MusicSource; username: string; period: ListeningPeriod; mode: SyncMode },
): Promise<MusicSyncResult> {
  await fetchTopArtists(deps, input.source, input.username, input.period, 1);
  const row = await upsertConnection(deps.database.db, {
    userId: actor.userId,
    source: input.source,
    username: input.username,
    status: 'connected',
    mode: input.mode,
    period: input.period,
    lastError: null,
  });
  return syncConnection(deps, row);
}

export async function changeConnection(
  deps: MusicSyncDeps,
  actor: Actor,
  id: string,
  changes: { mode?: SyncMode; period?: ListeningPeriod },
): Promise<MusicConnection> {
  // The update is scoped to the fan: no row back means not theirs (or gone), without a read first.
  const row = await updateConnection(deps.database.db, actor.userId, id, changes);
  if (!row) throw new AppError('NOT_FOUND', SYNC_MESSAGES.connectionNotFound);
  return toView(row);
}

/** Disconnecting forgets the connection and its tokens here (PKCE apps have no revoke endpoint at Spotify). */
export async function disconnect(deps: MusicSyncDeps, actor: ActorWithRole, id: string): Promise<MusicConnectionList> {
  if (!(await deleteConnection(deps.database.db, actor.userId, id))) {
    throw new AppError('NOT_FOUND', SYNC_MESSAGES.connectionNotFound);
  }
  return listConnections(deps, actor);
}

export async function previewSpotify(
  deps: MusicSyncDeps,
  actor: Actor,
  input: { period: ListeningPeriod },
): Promise<MusicPreview> {
  const connection = await selectConnectionBySource(deps.database.db, actor.userId, 'spotify');
  if (!connection) throw new AppError('NOT_FOUND', SYNC_MESSAGES.notConnected);
  const listened = await spotifyListened(deps, connection, input.period);
  const base = { source: 'spotify' as const, username: 'Your Spotify', period: input.period };
  if (listened.length === 0) {
    return { ...base, artists: [], notice: 'Spotify has no followed or top artists for you in this period yet.' };
  }
  return previewFromListened(deps.database, actor, base, listened);
}

export async function listProposals(database: Database, actor: Actor): Promise<MusicProposalList> {
  const rows = await selectProposals(database.db, actor.userId);
  return {
    proposals: rows.map((row) => ({
      artistId: row.artistId,
      artistSlug: row.artistSlug,
      artistName: titleCase(row.artistName),
      source: row.source,
      proposedAt: row.proposedAt.toISOString(),
    })),
  };
}

/** Accept follows, dismiss excludes: all the chosen proposals or none (one transaction). */
export async function answerProposals(
  database: Database,
  actor: Actor,
  answer: 'accept' | 'dismiss',
  artistIds: string[],
): Promise<MusicProposalsAnswer> {
  const counts = await database.db.transaction(async (tx) => {
    const taken = await takeProposals(tx, actor.userId, artistIds);
    if (taken.length !== artistIds.length) throw new AppError('NOT_FOUND', SYNC_MESSAGES.proposalsNotFound);
    if (answer === 'dismiss') {
      await insertExcludes(
        tx,
        taken.map((row) => ({ userId: actor.userId, artistId: row.artistId, source: row.source })),
      );
      return { followed: 0, dismissed: taken.length };
    }
    const excluded = await selectExcludedIds(tx, actor.userId, artistIds);
    const followed = await insertFavorites(
      tx,
      taken
        .filter((row) => !excluded.has(row.artistId))
        .map((row) => ({
          userId: actor.userId,
          artistId: row.artistId,
          artistName: row.artist.name,
          artistSlug: row.artist.slug,
          source: row.source,
        })),
    );
    return { followed, dismissed: 0 };
  });
  return { ...counts, ...(await listProposals(database, actor)) };
}
