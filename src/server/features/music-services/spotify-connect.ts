import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import { ProviderError, retryAfterSeconds } from '#server/providers/http.ts';
import type { SpotifyClient, SpotifyTokens } from '#server/providers/spotify/spotify.client.ts';
import { type SpotifyOutcome, SYNC_MESSAGES } from '#shared/music-services-sync.ts';
import {
  type ConnectionRow,
  insertOauthState,
  selectConnectionBySource,
  takeOauthState,
  updateConnection,
  upsertConnection,
} from './music-services.sync.repo.ts';

/**
 * Spotify's Authorization Code flow with PKCE (ADR spotify-connect-and-sync). The state and the
 * verifier stay on the server (the state hashed, the verifier sealed), bound to the fan's session,
 * for ten minutes and one use. Tokens are sealed at rest, each bound to its fan and field; they are
 * refreshed a minute before they expire, or once after a 401. A refresh Spotify refuses turns the
 * connection into "reconnect" and forgets the tokens.
 */
export interface SpotifyDeps {
  database: Database;
  box: SecretBox;
  /** Null when SPOTIFY_CLIENT_ID is not set. */
  spotify: SpotifyClient | null;
  redirectUri: string;
}

const STATE_LIFETIME_MS = 10 * 60_000;
/** Refresh this long before Spotify's expiry, so a call never starts on a dying token. */
const EXPIRY_MARGIN_MS = 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const accessContext = (userId: string) => `music:${userId}:spotify:access`;
const refreshContext = (userId: string) => `music:${userId}:spotify:refresh`;
const verifierContext = (userId: string, stateHash: string) => `music-oauth:${userId}:${stateHash}`;

export function requireSpotify(deps: SpotifyDeps): SpotifyClient {
  if (!deps.spotify) throw new AppError('UNAVAILABLE', SYNC_MESSAGES.spotifyNotConfigured);
  return deps.spotify;
}

/** Starts a consent: the Spotify address to send the fan to. */
export async function startSpotifyConnect(
  deps: SpotifyDeps,
  actor: { userId: string; sessionId: string },
): Promise<{ authorizeUrl: string }> {
  const spotify = requireSpotify(deps);
  const state = randomBytes(24).toString('base64url');
  const verifier = randomBytes(48).toString('base64url');
  const stateHash = sha256(state);
  await insertOauthState(deps.database.db, {
    stateHash,
    userId: actor.userId,
    sessionId: actor.sessionId,
    verifierEnc: deps.box.seal(verifier, verifierContext(actor.userId, stateHash)),
    expiresAt: new Date(Date.now() + STATE_LIFETIME_MS),
  });
  return {
    authorizeUrl: spotify.authorizeUrl({ redirectUri: deps.redirectUri, state, codeChallenge: sha256(verifier) }),
  };
}

/** Spotify's redirect back, judged: the outcome word the page explains (never the code or a token). */
export async function finishSpotifyConnect(
  deps: SpotifyDeps,
  actor: { userId: string; sessionId: string } | null,
  query: { code?: string; state?: string; error?: string },
): Promise<SpotifyOutcome> {
  if (!deps.spotify) return 'unavailable';
  if (!actor) return 'signed-out';
  if (!query.state) return 'state';
  const stateHash = sha256(query.state);
  const row = await takeOauthState(deps.database.db, stateHash);
  if (!row || row.userId !== actor.userId || row.sessionId !== actor.sessionId) return 'state';
  if (row.expiresAt.getTime() < Date.now()) return 'expired';
  if (query.error) return query.error === 'access_denied' ? 'cancelled' : 'refused';
  if (!query.code) return 'state';
  let verifier: string;
  try {
    verifier = deps.box.open(row.verifierEnc, verifierContext(actor.userId, stateHash));
  } catch {
    return 'state';
  }
  let tokens: SpotifyTokens;
  try {
    tokens = await deps.spotify.exchangeCode({
      code: query.code,
      codeVerifier: verifier,
      redirectUri: deps.redirectUri,
    });
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'unauthorized') return 'refused';
    if (error instanceof ProviderError) return 'unavailable';
    throw error;
  }
  if (!tokens.refreshToken) return 'refused';
  const existing = await selectConnectionBySource(deps.database.db, actor.userId, 'spotify');
  await upsertConnection(deps.database.db, {
    userId: actor.userId,
    source: 'spotify',
    username: null,
    accessTokenEnc: deps.box.seal(tokens.accessToken, accessContext(actor.userId)),
    refreshTokenEnc: deps.box.seal(tokens.refreshToken, refreshContext(actor.userId)),
    tokenExpiresAt: new Date(Date.now() + tokens.expiresInSeconds * 1000),
    status: 'connected',
    mode: existing?.mode ?? 'propose',
    period: existing?.period ?? 'half-year',
    lastError: null,
  });
  return 'connected';
}

/** Spotify refused our refresh token: forget the tokens, keep the row so the page says "reconnect". */
async function markReconnect(deps: SpotifyDeps, connection: ConnectionRow): Promise<never> {
  await updateConnection(deps.database.db, connection.userId, connection.id, {
    status: 'reconnect',
    accessTokenEnc: null,
    refreshTokenEnc: null,
    tokenExpiresAt: null,
    lastError: SYNC_MESSAGES.reconnect,
  });
  throw new AppError('CONFLICT', SYNC_MESSAGES.reconnect);
}

async function refreshTokens(deps: SpotifyDeps, connection: ConnectionRow): Promise<string> {
  const spotify = requireSpotify(deps);
  if (!connection.refreshTokenEnc) return markReconnect(deps, connection);
  let refreshToken: string;
  try {
    refreshToken = deps.box.open(connection.refreshTokenEnc, refreshContext(connection.userId));
  } catch {
    // Sealed under another auth secret (it changed): only a new consent helps.
    return markReconnect(deps, connection);
  }
  let tokens: SpotifyTokens;
  try {
    tokens = await spotify.refresh(refreshToken);
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'unauthorized') return markReconnect(deps, connection);
    throw spotifyFailure(error);
  }
  const expiresAt = new Date(Date.now() + tokens.expiresInSeconds * 1000);
  const accessTokenEnc = deps.box.seal(tokens.accessToken, accessContext(connection.userId));
  const refreshTokenEnc = tokens.refreshToken
    ? deps.box.seal(tokens.refreshToken, refreshContext(connection.userId))
    : connection.refreshTokenEnc;
  await updateConnection(deps.database.db, connection.userId, connection.id, {
    accessTokenEnc,
    refreshTokenEnc,
    tokenExpiresAt: expiresAt,
  });
  Object.assign(connection, { accessTokenEnc, refreshTokenEnc, tokenExpiresAt: expiresAt });
  return tokens.accessToken;
}

/** Spotify's trouble in the fan's words: 429 with its wait, anything else "not answering". */
export function spotifyFailure(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  if (error.status === 429) {
    const seconds = retryAfterSeconds(error);
    return new AppError('RATE_LIMITED', SYNC_MESSAGES.rateLimited(seconds), {
      headers: { 'Retry-After': String(seconds) },
      cause: error,
    });
  }
  return new AppError('UNAVAILABLE', SYNC_MESSAGES.spotifyDown, { cause: error });
}

/**
 * Runs `call` with a live access token: refreshed first when (nearly) expired, and refreshed and
 * retried once when Spotify answers 401 anyway.
 */
export async function withSpotifyToken<T>(
  deps: SpotifyDeps,
  connection: ConnectionRow,
  call: (spotify: SpotifyClient, accessToken: string) => Promise<T>,
): Promise<T> {
  const spotify = requireSpotify(deps);
  if (connection.status !== 'connected') throw new AppError('CONFLICT', SYNC_MESSAGES.reconnect);
  let accessToken: string | null = null;
  const fresh = connection.tokenExpiresAt && connection.tokenExpiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now();
  if (fresh && connection.accessTokenEnc) {
    try {
      accessToken = deps.box.open(connection.accessTokenEnc, accessContext(connection.userId));
    } catch {
      accessToken = null;
    }
  }
  accessToken ??= await refreshTokens(deps, connection);
  try {
    return await call(spotify, accessToken);
  } catch (error) {
    if (!(error instanceof ProviderError && error.kind === 'unauthorized' && error.status === 401)) {
      throw spotifyFailure(error);
    }
  }
  const renewed = await refreshTokens(deps, connection);
  try {
    return await call(spotify, renewed);
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'unauthorized') return markReconnect(deps, connection);
    throw spotifyFailure(error);
  }
}
