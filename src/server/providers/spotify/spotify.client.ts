import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { type CallRecorder, ProviderError, providerGetJson } from '../http.ts';

/**
 * Spotify's accounts service (Authorization Code with PKCE, no client secret) and the two Web API
 * reads we need: followed artists (cursor paging) and top artists (shared/reference/provider-apis.md §7).
 * With a client secret, also an app token (client-credentials grant, cached until shortly before it
 * expires) for the admin's playlist import: a public playlist's items, paged by offset.
 * A 429 is retried after exactly its Retry-After when that is short enough, else it is the caller's
 * ProviderError 'busy' with `retryAfterMs`; a 401 is 'unauthorized' (the caller refreshes and retries).
 * No token or code ever goes into an error message or a call record.
 */
export const SPOTIFY = 'spotify';
/** Followed and top artists only: nothing else of the account is asked for. */
export const SPOTIFY_SCOPES = 'user-follow-read user-top-read';
export type SpotifyTimeRange = 'short_term' | 'medium_term' | 'long_term';

export interface SpotifyTokens {
  accessToken: string;
  /** Spotify may not send a new one on refresh: keep the old one then. */
  refreshToken: string | null;
  expiresInSeconds: number;
  scope: string;
}

export interface SpotifyArtist {
  id: string;
  name: string;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  scope: z.string().default(''),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
});

// followers / popularity / genres are gone for development-mode apps (February 2026): not required.
const artistSchema = z.object({ id: z.string().min(1), name: z.string().min(1) });

const followingSchema = z.object({
  artists: z.object({
    items: z.array(artistSchema),
    next: z.string().nullable(),
    cursors: z.object({ after: z.string().nullable().optional() }).nullable().optional(),
    total: z.number().int().optional(),
  }),
});

const topSchema = z.object({ items: z.array(artistSchema), total: z.number().int().optional() });

const appTokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});

// A playlist entry: since February 2026 the track is under `item`, with `track` still sent (deprecated)
// during the change-over. Either may be null (a track no longer available), episodes have no artists,
// and a local file's artists have no id: all of these are skipped by the caller.
const playlistTrackSchema = z
  .object({ artists: z.array(z.object({ id: z.string().nullable().optional(), name: z.string() })).optional() })
  .nullable()
  .optional();
const playlistNameSchema = z.object({ name: z.string() });

const playlistItemsSchema = z.object({
  items: z.array(z.object({ is_local: z.boolean().optional(), item: playlistTrackSchema, track: playlistTrackSchema })),
  next: z.string().nullable(),
  total: z.number().int().optional(),
});

export interface PlaylistArtistCount extends SpotifyArtist {
  /** How many of the playlist's tracks credit this artist. */
  tracks: number;
  /** The position of its first track: keeps the playlist's order among equal counts. */
  first: number;
}

export interface PlaylistRead {
  /** The playlist's title; null when Spotify would not say (the import is then labelled by its id). */
  name: string | null;
  artists: PlaylistArtistCount[];
  /** Tracks read with at least one artist (local files, episodes and unavailable tracks left out). */
  tracks: number;
  skipped: number;
}

export type SpotifyClient = ReturnType<typeof createSpotifyClient>;

/** Spotify's `next` address, kept on our API base (a test's fake, or a proxy) and its path only. */
function nextPage(next: string | null, api: string): URL | null {
  if (!next) return null;
  const given = new URL(next);
  const base = new URL(api);
  const path = given.pathname.replace(/^\/v1(?=\/)/, '');
  return new URL(`${base.origin}${base.pathname.replace(/\/$/, '')}${path}${given.search}`);
}

/** Pages of 50 followed artists read at most: 1,000 artists. */
const MAX_FOLLOWING_PAGES = 20;
/** Spotify caps a playlist at 10,000 items: 200 pages of 50. */
const MAX_PLAYLIST_PAGES = 200;
const PLAYLIST_PAGE = 50;
/** An app token is renewed this long before Spotify says it expires. */
const APP_TOKEN_MARGIN_MS = 60_000;

export function createSpotifyClient(options: {
  clientId: string;
  /** Only for the app token (client credentials); the fans' PKCE flow never sends it. */
  clientSecret?: string;
  accountsUrl: string;
  apiUrl: string;
  timeoutMs: number;
  record: CallRecorder;
  /** Retry-After up to this is waited for; longer ones are the caller's to schedule (default 10 s). */
  maxRetryWaitMs?: number;
}) {
  const accounts = options.accountsUrl.replace(/\/$/, '');
  const api = options.apiUrl.replace(/\/$/, '');
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 10_000;

  async function tokenRequest(
    operation: string,
    form: Record<string, string>,
    basicAuth?: string,
  ): Promise<SpotifyTokens> {
    const started = performance.now();
    let status: number | null = null;
    let outcome: SpotifyTokens | ProviderError;
    try {
      outcome = await postToken(
        operation,
        form,
        (value) => {
          status = value;
        },
        basicAuth,
      );
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      outcome = new ProviderError(
        SPOTIFY,
        operation,
        timedOut ? 'timeout' : 'unavailable',
        timedOut ? 'no answer' : 'network error',
      );
    }
    await options.record({
      provider: SPOTIFY,
      operation,
      status,
      latencyMs: Math.round(performance.now() - started),
      error: outcome instanceof ProviderError ? outcome.message : null,
    });
    if (outcome instanceof ProviderError) throw outcome;
    return outcome;
  }

  async function postToken(
    operation: string,
    form: Record<string, string>,
    onStatus: (status: number) => void,
    basicAuth?: string,
  ): Promise<SpotifyTokens | ProviderError> {
    // The app's own token authenticates with HTTP Basic (id:secret); the PKCE grants send the id in the form.
    const response = await fetch(`${accounts}/api/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        ...(basicAuth ? { Authorization: `Basic ${basicAuth}` } : {}),
      },
      body: new URLSearchParams(basicAuth ? form : { ...form, client_id: options.clientId }).toString(),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const status = response.status;
    onStatus(status);
    const text = await response.text();
    const failure = (kind: ProviderError['kind'], message: string) =>
      new ProviderError(SPOTIFY, operation, kind, message, status);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return failure('bad-response', `HTTP ${status}, not JSON`);
    }
    if (status === 400 || status === 401) {
      // The OAuth error word only ("invalid_grant"): its description could echo what we sent.
      const word = z.object({ error: z.string().regex(/^[a-z_]{1,40}$/) }).safeParse(json);
      return failure('unauthorized', `token refused (${word.success ? word.data.error : `HTTP ${status}`})`);
    }
    if (status !== 200)
      return failure(status >= 500 || status === 429 ? 'unavailable' : 'bad-response', `HTTP ${status}`);
    if (basicAuth) {
      const app = appTokenSchema.safeParse(json);
      if (!app.success) return failure('bad-response', 'unexpected token answer');
      return {
        accessToken: app.data.access_token,
        refreshToken: null,
        expiresInSeconds: app.data.expires_in,
        scope: '',
      };
    }
    const parsed = tokenSchema.safeParse(json);
    if (!parsed.success) return failure('bad-response', 'unexpected token answer');
    return {
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token ?? null,
      expiresInSeconds: parsed.data.expires_in,
      scope: parsed.data.scope,
    };
  }

  /** One Web API read: 429 waited out (Retry-After, when short), one retry for a 5xx or a dropped line. */
  async function get<T>(operation: string, url: URL, accessToken: string, schema: z.ZodType<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await providerGetJson({
          provider: SPOTIFY,
          operation,
          url,
          headers: { Authorization: `Bearer ${accessToken}` },
          schema,
          timeoutMs: options.timeoutMs,
          record: options.record,
          maxAttempts: 1,
        });
      } catch (error) {
        if (!(error instanceof ProviderError) || attempt >= 4) throw error;
        if (error.status === 429) {
          const wait = error.retryAfterMs ?? 1_000;
          if (wait > maxRetryWaitMs) {
            throw new ProviderError(SPOTIFY, operation, 'busy', 'rate limited (HTTP 429)', 429, wait);
          }
          await sleep(wait);
          continue;
        }
        if (error.kind === 'unavailable' && attempt < 2) {
          await sleep(500);
          continue;
        }
        throw error;
      }
    }
  }

  // The app token, kept in memory until shortly before it expires; one request at a time asks for it.
  let appToken: { value: string; renewAt: number } | null = null;
  let appTokenRequest: Promise<string> | null = null;

  function currentAppToken(): Promise<string> {
    if (appToken && appToken.renewAt > Date.now()) return Promise.resolve(appToken.value);
    const secret = options.clientSecret;
    if (!secret) throw new ProviderError(SPOTIFY, 'app-token', 'unauthorized', 'no client secret');
    appTokenRequest ??= tokenRequest(
      'app-token',
      { grant_type: 'client_credentials' },
      Buffer.from(`${options.clientId}:${secret}`).toString('base64'),
    )
      .then((tokens) => {
        const lifetimeMs = tokens.expiresInSeconds * 1000;
        appToken = {
          value: tokens.accessToken,
          renewAt: Date.now() + lifetimeMs - Math.min(APP_TOKEN_MARGIN_MS, lifetimeMs / 2),
        };
        return tokens.accessToken;
      })
      .finally(() => {
        appTokenRequest = null;
      });
    return appTokenRequest;
  }

  /** A read with the app token; a 401 (revoked or expired early) gets one new token and one retry. */
  async function getAsApp<T>(operation: string, url: URL, schema: z.ZodType<T>): Promise<T> {
    try {
      return await get(operation, url, await currentAppToken(), schema);
    } catch (error) {
      if (!(error instanceof ProviderError && error.status === 401)) throw error;
      appToken = null;
      return get(operation, url, await currentAppToken(), schema);
    }
  }

  /**
   * A playlist's title, read after its items (so a refusal is the items' to report): a label for the
   * admin's import list, not worth failing an import the items already gave.
   */
  async function playlistName(playlistId: string): Promise<string | null> {
    const url = new URL(`${api}/playlists/${encodeURIComponent(playlistId)}`);
    url.search = new URLSearchParams({ fields: 'name' }).toString();
    try {
      const body = await getAsApp('playlist', url, playlistNameSchema);
      return body.name.trim() || null;
    } catch {
      return null;
    }
  }

  return {
    clientId: options.clientId,
    /** Whether the app token (and so the playlist import) is possible. */
    hasClientSecret: Boolean(options.clientSecret),
    /**
     * Every track of a public playlist, counted per credited artist (offset paging, following `next`).
     * Local files, episodes and tracks that are gone (null) are counted as skipped.
     */
    async playlistArtists(playlistId: string): Promise<PlaylistRead> {
      const counts = new Map<string, PlaylistArtistCount>();
      let tracks = 0;
      let skipped = 0;
      let position = 0;
      let url: URL | null = new URL(`${api}/playlists/${encodeURIComponent(playlistId)}/items`);
      url.search = new URLSearchParams({ limit: String(PLAYLIST_PAGE), offset: '0' }).toString();
      for (let page = 0; url && page < MAX_PLAYLIST_PAGES; page++) {
        const body: z.infer<typeof playlistItemsSchema> = await getAsApp('playlist-items', url, playlistItemsSchema);
        for (const entry of body.items) {
          position += 1;
          const track = entry.item ?? entry.track;
          const artists = (track?.artists ?? []).filter((artist) => artist.id && artist.name.trim());
          if (entry.is_local || artists.length === 0) {
            skipped += 1;
            continue;
          }
          tracks += 1;
          for (const artist of new Map(artists.map((a) => [a.id!, a])).values()) {
            const known = counts.get(artist.id!);
            if (known) known.tracks += 1;
            else counts.set(artist.id!, { id: artist.id!, name: artist.name.trim(), tracks: 1, first: position });
          }
        }
        url = nextPage(body.next, api);
      }
      return { name: await playlistName(playlistId), artists: [...counts.values()], tracks, skipped };
    },
    authorizeUrl(input: { redirectUri: string; state: string; codeChallenge: string }): string {
      const url = new URL(`${accounts}/authorize`);
      url.search = new URLSearchParams({
        client_id: options.clientId,
        response_type: 'code',
        redirect_uri: input.redirectUri,
        scope: SPOTIFY_SCOPES,
        state: input.state,
        code_challenge_method: 'S256',
        code_challenge: input.codeChallenge,
      }).toString();
      return url.toString();
    },
    exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<SpotifyTokens> {
      return tokenRequest('token', {
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
      });
    },
    refresh(refreshToken: string): Promise<SpotifyTokens> {
      return tokenRequest('token-refresh', { grant_type: 'refresh_token', refresh_token: refreshToken });
    },
    /** Every followed artist (cursor paging, `after` = the last id), up to 1,000. */
    async followedArtists(accessToken: string): Promise<SpotifyArtist[]> {
      const found: SpotifyArtist[] = [];
      let after: string | null = null;
      for (let page = 0; page < MAX_FOLLOWING_PAGES; page++) {
        const url = new URL(`${api}/me/following`);
        url.search = new URLSearchParams({ type: 'artist', limit: '50', ...(after ? { after } : {}) }).toString();
        const body = await get('following', url, accessToken, followingSchema);
        found.push(...body.artists.items.map(({ id, name }) => ({ id, name })));
        after = body.artists.cursors?.after ?? null;
        if (!body.artists.next || !after || body.artists.items.length === 0) break;
      }
      return found;
    },
    /** The top artists of a time range, best first (one page, ≤ 50). */
    async topArtists(accessToken: string, timeRange: SpotifyTimeRange, limit = 50): Promise<SpotifyArtist[]> {
      const url = new URL(`${api}/me/top/artists`);
      url.search = new URLSearchParams({ time_range: timeRange, limit: String(limit), offset: '0' }).toString();
      const body = await get('top-artists', url, accessToken, topSchema);
      return body.items.map(({ id, name }) => ({ id, name }));
    },
  };
}
