import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local Spotify: the accounts service (consent page, /api/token for authorization_code with PKCE
 * S256 checked, refresh_token, and client_credentials with HTTP Basic id:secret checked) and the Web
 * API reads the app uses (GET /v1/me/following with cursor paging, GET /v1/me/top/artists, and
 * GET /v1/playlists/{id}/items with offset paging — the February 2026 name; the old …/tracks answers
 * 403 as it does for development-mode apps), with Spotify's answer and error shapes
 * (shared/reference/provider-apis.md §7): `{"error": {"status", "message"}}` on the Web API,
 * `{"error", "error_description"}` on the token endpoint, 401 on an expired or unknown token,
 * 403 without the scope, 429 with Retry-After when told to. Two servers sharing one state; control
 * routes (POST /__fake/…) on both, so a browser test in another process can steer them.
 */

export const FAKE_SPOTIFY_CLIENT_ID = 'fake-spotify-client-id';
/** Only the client-credentials grant takes it (HTTP Basic). */
export const FAKE_SPOTIFY_CLIENT_SECRET = 'fake-spotify-client-secret-3b9f';

/**
 * One playlist entry: a track by these artists, a local file (artists without ids), a podcast
 * episode (no artists), or null (a track no longer available).
 */
export type FakePlaylistEntry = { artists: string[] } | { local: string } | { episode: string } | null;
export interface FakePlaylist {
  name: string;
  entries: FakePlaylistEntry[];
}

/** The playlist the browser test pastes (a 22-character id, as Spotify's). */
export const FAKE_PLAYLIST_ID = '37i9dQZF1DXfakeLantern';

export function defaultSpotifyPlaylists(): Record<string, FakePlaylist> {
  return {
    [FAKE_PLAYLIST_ID]: {
      name: 'Lantern Nights',
      entries: [
        { artists: ['Amber Foxes'] },
        { artists: ['Copper Foxes', 'Amber Foxes'] },
        { local: 'My Demo Tape' },
        { artists: ['Glass Meridian'] },
        null,
        { artists: ['Amber Foxes'] },
        { episode: 'Tour Talk #12' },
        { artists: ['Velvet Harbor'] },
        { artists: ['Quartz Parade'] },
        { artists: ['Nobody Knows These Fakers'] },
      ],
    },
  };
}
/** The Spotify account the consent page signs in as unless told otherwise. */
export const SPOTIFY_FAN = 'lantern_spotify';

export type FakeTimeRange = 'short_term' | 'medium_term' | 'long_term';
export interface FakeSpotifyUser {
  followed: string[];
  top: Record<FakeTimeRange, string[]>;
}

export function defaultSpotifyUsers(): Record<string, FakeSpotifyUser> {
  return {
    [SPOTIFY_FAN]: {
      followed: ['The Midnight Lanterns', 'Amber Foxes', 'Unheard Of Band'],
      top: {
        short_term: ['Copper Foxes', 'Amber Foxes'],
        medium_term: ['Copper Foxes', 'Neon Foxes', 'The Midnight Lanterns'],
        long_term: ['Neon Foxes', 'Velvet Harbor'],
      },
    },
  };
}

const KNOWN_SCOPES = new Set([
  'user-follow-read',
  'user-top-read',
  'user-read-email',
  'user-read-private',
  'playlist-read-private',
  'user-library-read',
]);
const TIME_RANGES = new Set(['short_term', 'medium_term', 'long_term']);
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Artists whose Spotify id MusicBrainz links (tests/fakes/dataset.ts): their real-looking ids. */
const LINKED_SPOTIFY_IDS: Record<string, string> = { 'Glass Meridian': '4GlassMeridianSpotify0' };

/** A stable 22-character base62 id per name, as Spotify's look. */
export function fakeSpotifyId(name: string): string {
  const linked = LINKED_SPOTIFY_IDS[name];
  if (linked) return linked;
  const digest = createHash('sha256').update(name).digest();
  return Array.from(digest.subarray(0, 22), (byte) => BASE62[byte % 62]).join('');
}

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const token = () => randomBytes(24).toString('base64url');

export interface FakeSpotifyRequest {
  server: 'accounts' | 'api';
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams | null;
  status: number;
  at: number;
}

interface Grant {
  user: string;
  scope: string;
}

export interface FakeSpotify {
  accountsUrl: string;
  /** Put in SPOTIFY_API_URL (ends in /v1). */
  apiUrl: string;
  users: Record<string, FakeSpotifyUser>;
  /** Public playlists by id; any other id answers 404. */
  playlists: Record<string, FakePlaylist>;
  requests: FakeSpotifyRequest[];
  /** The next `times` Web API reads answer 429 with this Retry-After. */
  rateLimit(times: number, retryAfterSeconds: number): void;
  /** Every access token issued so far expires now. */
  expireAccessTokens(): void;
  /** Every refresh token is revoked (the user removed the app's access). */
  revokeRefreshTokens(): void;
  /** Who the consent page signs in as. */
  signInAs(user: string): void;
  /** Lifetime of new access tokens. */
  setTokenLifetime(seconds: number): void;
  liveAccessTokens(): string[];
  /** Every access token, refresh token and authorization code ever issued (expired or used ones too). */
  issuedSecrets(): string[];
  reset(): void;
  close(): Promise<void>;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

export async function startFakeSpotify(
  options: { accountsPort?: number; apiPort?: number } = {},
): Promise<FakeSpotify> {
  const users = defaultSpotifyUsers();
  const playlists = defaultSpotifyPlaylists();
  const requests: FakeSpotifyRequest[] = [];
  const pending = new Map<string, { redirectUri: string; state: string | null; challenge: string; scope: string }>();
  const codes = new Map<
    string,
    { redirectUri: string; challenge: string; user: string; scope: string; expiresAt: number; used: boolean }
  >();
  const accessTokens = new Map<string, Grant & { expiresAt: number }>();
  const refreshTokens = new Map<string, Grant & { revoked: boolean }>();
  let limited = { times: 0, retryAfterSeconds: 1 };
  let currentUser = SPOTIFY_FAN;
  let lifetimeSeconds = 3600;

  const api = {
    rateLimit(times: number, retryAfterSeconds: number) {
      limited = { times, retryAfterSeconds };
    },
    expireAccessTokens() {
      for (const grant of accessTokens.values()) grant.expiresAt = 0;
    },
    revokeRefreshTokens() {
      for (const grant of refreshTokens.values()) grant.revoked = true;
      for (const grant of accessTokens.values()) grant.expiresAt = 0;
    },
    signInAs(user: string) {
      currentUser = user;
    },
    setTokenLifetime(seconds: number) {
      lifetimeSeconds = seconds;
    },
    liveAccessTokens: () => [...accessTokens].filter(([, grant]) => grant.expiresAt > Date.now()).map(([t]) => t),
    issuedSecrets: () => [...accessTokens.keys(), ...refreshTokens.keys(), ...codes.keys()],
    reset() {
      limited = { times: 0, retryAfterSeconds: 1 };
      currentUser = SPOTIFY_FAN;
      lifetimeSeconds = 3600;
      requests.length = 0;
      Object.assign(users, defaultSpotifyUsers());
      for (const id of Object.keys(playlists)) delete playlists[id];
      Object.assign(playlists, defaultSpotifyPlaylists());
    },
  };

  type Reply = { status: number; body: unknown; headers?: Record<string, string>; html?: string };
  const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({ status, body, headers });
  const apiError = (status: number, message: string, headers?: Record<string, string>) =>
    json(status, { error: { status, message } }, headers);
  const oauthError = (error: string, description: string) => json(400, { error, error_description: description });

  async function control(req: http.IncomingMessage, pathname: string): Promise<Reply> {
    if (pathname === '/__fake/health') return json(200, { ok: true });
    if (req.method !== 'POST') return json(405, { error: 'POST only' });
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    switch (pathname) {
      case '/__fake/reset':
        api.reset();
        return json(200, { ok: true });
      case '/__fake/rate-limit':
        api.rateLimit(Number(body.times ?? 1), Number(body.retryAfterSeconds ?? 1));
        return json(200, { ok: true });
      case '/__fake/expire-tokens':
        api.expireAccessTokens();
        return json(200, { ok: true });
      case '/__fake/revoke':
        api.revokeRefreshTokens();
        return json(200, { ok: true });
      case '/__fake/sign-in-as':
        api.signInAs(String(body.user));
        return json(200, { ok: true });
      case '/__fake/users':
        Object.assign(users, body as Record<string, FakeSpotifyUser>);
        return json(200, { ok: true });
      case '/__fake/playlists':
        Object.assign(playlists, body as Record<string, FakePlaylist>);
        return json(200, { ok: true });
      default:
        return json(404, { error: 'unknown control route' });
    }
  }

  function consentPage(id: string, scope: string): Reply {
    const scopes = scope
      .split(' ')
      .map((s) => `<li>${s}</li>`)
      .join('');
    return {
      status: 200,
      body: null,
      html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Spotify – Log in</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"></head>
<body style="font-family:sans-serif;background:#121212;color:#fff;padding:2rem">
<h1>Connect TourGuides to your Spotify account?</h1>
<p>Signed in as <strong>${currentUser}</strong>. TourGuides asks to:</p><ul>${scopes}</ul>
<p><a id="agree" style="color:#1ed760" href="/authorize/decide?request=${id}&amp;answer=agree">Agree</a>
 &nbsp; <a id="cancel" style="color:#fff" href="/authorize/decide?request=${id}&amp;answer=cancel">Cancel</a></p>
</body></html>`,
    };
  }

  function accounts(
    method: string,
    url: URL,
    form: URLSearchParams | null,
    headers: http.IncomingHttpHeaders = {},
  ): Reply {
    const q = url.searchParams;
    if (method === 'GET' && url.pathname === '/authorize') {
      if (q.get('client_id') !== FAKE_SPOTIFY_CLIENT_ID)
        return { status: 400, body: null, html: 'INVALID_CLIENT: Invalid client' };
      const redirectUri = q.get('redirect_uri');
      if (!redirectUri) return { status: 400, body: null, html: 'INVALID_CLIENT: Invalid redirect URI' };
      if (q.get('response_type') !== 'code') return { status: 400, body: null, html: 'unsupported_response_type' };
      const challenge = q.get('code_challenge') ?? '';
      if (q.get('code_challenge_method') !== 'S256' || !/^[\w-]{43}$/.test(challenge)) {
        return { status: 400, body: null, html: 'invalid_request: code_challenge' };
      }
      const scope = q.get('scope') ?? '';
      if (scope.split(' ').some((s) => s && !KNOWN_SCOPES.has(s))) {
        return { status: 400, body: null, html: 'INVALID_SCOPE: Invalid scope' };
      }
      const id = token();
      pending.set(id, { redirectUri, state: q.get('state'), challenge, scope });
      return consentPage(id, scope);
    }
    if (method === 'GET' && url.pathname === '/authorize/decide') {
      const request = pending.get(q.get('request') ?? '');
      if (!request) return { status: 400, body: null, html: 'This request expired. Start again.' };
      pending.delete(q.get('request')!);
      const back = new URL(request.redirectUri);
      if (q.get('answer') === 'agree') {
        const code = token();
        codes.set(code, {
          redirectUri: request.redirectUri,
          challenge: request.challenge,
          user: currentUser,
          scope: request.scope,
          expiresAt: Date.now() + 10 * 60_000,
          used: false,
        });
        back.searchParams.set('code', code);
      } else {
        back.searchParams.set('error', 'access_denied');
      }
      if (request.state !== null) back.searchParams.set('state', request.state);
      return { status: 302, body: null, headers: { Location: back.toString() } };
    }
    if (method === 'POST' && url.pathname === '/api/token') {
      if (!form) return oauthError('invalid_request', 'Unsupported content type');
      if (form.get('grant_type') === 'client_credentials') return clientCredentials(headers.authorization);
      if (form.get('client_id') !== FAKE_SPOTIFY_CLIENT_ID) return oauthError('invalid_client', 'Invalid client');
      const issue = (grant: Grant, refresh: string | null) => {
        const access = token();
        accessTokens.set(access, { ...grant, expiresAt: Date.now() + lifetimeSeconds * 1000 });
        return json(200, {
          access_token: access,
          token_type: 'Bearer',
          scope: grant.scope,
          expires_in: lifetimeSeconds,
          ...(refresh ? { refresh_token: refresh } : {}),
        });
      };
      if (form.get('grant_type') === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        if (!code || code.used || code.expiresAt < Date.now()) {
          return oauthError('invalid_grant', 'Invalid authorization code');
        }
        code.used = true;
        if (form.get('redirect_uri') !== code.redirectUri) return oauthError('invalid_grant', 'Invalid redirect URI');
        const verifier = form.get('code_verifier') ?? '';
        if (!/^[\w.~-]{43,128}$/.test(verifier) || challengeOf(verifier) !== code.challenge) {
          return oauthError('invalid_grant', 'code_verifier was incorrect');
        }
        const refresh = token();
        refreshTokens.set(refresh, { user: code.user, scope: code.scope, revoked: false });
        return issue({ user: code.user, scope: code.scope }, refresh);
      }
      if (form.get('grant_type') === 'refresh_token') {
        const grant = refreshTokens.get(form.get('refresh_token') ?? '');
        if (!grant || grant.revoked) return oauthError('invalid_grant', 'Refresh token revoked');
        // Spotify may keep the refresh token: no new one here, the old one stays good.
        return issue({ user: grant.user, scope: grant.scope }, null);
      }
      return oauthError('unsupported_grant_type', 'grant_type parameter is missing');
    }
    return json(404, { error: 'not found' });
  }

  /** The app's own token: HTTP Basic base64(client_id:client_secret), no user, no scope, no refresh token. */
  function clientCredentials(authorization: string | undefined): Reply {
    const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization ?? '');
    if (!basic) return json(400, { error: 'invalid_client', error_description: 'Invalid client' });
    const [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
    if (id !== FAKE_SPOTIFY_CLIENT_ID)
      return json(400, { error: 'invalid_client', error_description: 'Invalid client' });
    if (secret !== FAKE_SPOTIFY_CLIENT_SECRET) {
      return json(400, { error: 'invalid_client', error_description: 'Invalid client secret' });
    }
    const access = token();
    accessTokens.set(access, { user: '', scope: '', expiresAt: Date.now() + lifetimeSeconds * 1000 });
    return json(200, { access_token: access, token_type: 'Bearer', expires_in: lifetimeSeconds });
  }

  function playlistEntry(entry: FakePlaylistEntry, index: number) {
    const added = {
      added_at: '2026-03-14T21:07:25Z',
      is_local: false,
      primary_color: null,
      video_thumbnail: { url: null },
    };
    const addedBy = {
      external_urls: { spotify: 'https://open.spotify.com/user/lantern_spotify' },
      href: 'https://api.spotify.com/v1/users/lantern_spotify',
      id: 'lantern_spotify',
      type: 'user',
      uri: 'spotify:user:lantern_spotify',
    };
    if (entry === null) return { ...added, added_by: addedBy, item: null, track: null };
    if ('episode' in entry) {
      const id = fakeSpotifyId(`episode:${entry.episode}`);
      const episode = {
        description: '',
        duration_ms: 1_800_000,
        external_urls: { spotify: `https://open.spotify.com/episode/${id}` },
        href: `https://api.spotify.com/v1/episodes/${id}`,
        id,
        name: entry.episode,
        release_date: '2026-03-01',
        type: 'episode',
        uri: `spotify:episode:${id}`,
      };
      return { ...added, added_by: addedBy, item: episode, track: episode };
    }
    const local = 'local' in entry;
    const names = local ? [entry.local] : entry.artists;
    const title = `Track ${index + 1}`;
    const trackId = local ? null : fakeSpotifyId(`track:${index}:${names.join()}`);
    const artists = names.map((name) => {
      const id = local ? null : fakeSpotifyId(name);
      return {
        external_urls: id ? { spotify: `https://open.spotify.com/artist/${id}` } : {},
        href: id ? `https://api.spotify.com/v1/artists/${id}` : null,
        id,
        name,
        type: 'artist',
        uri: id ? `spotify:artist:${id}` : `spotify:local:${encodeURIComponent(name)}`,
      };
    });
    const track = {
      album: {
        album_type: local ? null : 'album',
        artists,
        available_markets: [],
        external_urls: {},
        href: null,
        id: null,
        images: [],
        name: local ? '' : `${names[0]} – Live`,
        release_date: null,
        release_date_precision: null,
        type: 'album',
        uri: null,
      },
      artists,
      available_markets: [],
      disc_number: local ? 0 : 1,
      duration_ms: 214_533,
      explicit: false,
      external_ids: local ? {} : { isrc: 'GBAAA2600001' },
      external_urls: trackId ? { spotify: `https://open.spotify.com/track/${trackId}` } : {},
      href: trackId ? `https://api.spotify.com/v1/tracks/${trackId}` : null,
      id: trackId,
      is_local: local,
      name: title,
      popularity: 0,
      preview_url: null,
      track_number: index + 1,
      type: 'track',
      uri: trackId ? `spotify:track:${trackId}` : `spotify:local:${encodeURIComponent(names[0]!)}:::${title}:214`,
    };
    return { ...added, is_local: local, added_by: addedBy, item: track, track };
  }

  /** GET /v1/playlists/{id}/items: offset paging, limit 1–50 (default 20), `next` while more remain. */
  function playlistItems(playlistId: string, q: URLSearchParams): Reply {
    const playlist = playlists[playlistId];
    if (!playlist) return apiError(404, 'Resource not found');
    const limit = Number(q.get('limit') ?? 20);
    const offset = Number(q.get('offset') ?? 0);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) return apiError(400, 'Invalid limit');
    if (!Number.isInteger(offset) || offset < 0) return apiError(400, 'Invalid offset');
    const base = `https://api.spotify.com/v1/playlists/${playlistId}/items`;
    const total = playlist.entries.length;
    return json(200, {
      href: `${base}?offset=${offset}&limit=${limit}`,
      items: playlist.entries.slice(offset, offset + limit).map((entry, i) => playlistEntry(entry, offset + i)),
      limit,
      next: offset + limit < total ? `${base}?offset=${offset + limit}&limit=${limit}` : null,
      offset,
      previous: offset > 0 ? `${base}?offset=${Math.max(0, offset - limit)}&limit=${limit}` : null,
      total,
    });
  }

  /** GET /v1/playlists/{id}: the playlist object; `fields` keeps only the named top-level keys, as Spotify's filter. */
  function playlistObject(playlistId: string, q: URLSearchParams): Reply {
    const playlist = playlists[playlistId];
    if (!playlist) return apiError(404, 'Resource not found');
    const whole: Record<string, unknown> = {
      collaborative: false,
      description: '',
      external_urls: { spotify: `https://open.spotify.com/playlist/${playlistId}` },
      href: `https://api.spotify.com/v1/playlists/${playlistId}`,
      id: playlistId,
      name: playlist.name,
      owner: { display_name: 'Lantern Curator', id: 'lantern_curator', type: 'user' },
      public: true,
      type: 'playlist',
      uri: `spotify:playlist:${playlistId}`,
      items: { href: `https://api.spotify.com/v1/playlists/${playlistId}/items`, total: playlist.entries.length },
    };
    const fields = q.get('fields');
    if (!fields) return json(200, whole);
    return json(200, Object.fromEntries(fields.split(',').map((key) => [key.trim(), whole[key.trim()]])));
  }

  function webApi(method: string, url: URL, headers: http.IncomingHttpHeaders): Reply {
    const auth = /^Bearer (.+)$/.exec(headers.authorization ?? '');
    if (!auth) return apiError(401, 'No token provided');
    const grant = accessTokens.get(auth[1]!);
    if (!grant) return apiError(401, 'Invalid access token');
    if (grant.expiresAt <= Date.now()) return apiError(401, 'The access token expired');
    if (limited.times > 0) {
      limited.times -= 1;
      return apiError(429, 'API rate limit exceeded', { 'Retry-After': String(limited.retryAfterSeconds) });
    }
    if (method !== 'GET') return apiError(405, 'Method not allowed');
    const playlistPath = /^\/v1\/playlists\/([^/]+)\/(items|tracks)$/.exec(url.pathname);
    // The old name is gone for development-mode apps since March 2026: 403, as Spotify answers.
    if (playlistPath?.[2] === 'tracks') return apiError(403, 'Forbidden');
    if (playlistPath) return playlistItems(decodeURIComponent(playlistPath[1]!), url.searchParams);
    const playlistOnly = /^\/v1\/playlists\/([^/]+)$/.exec(url.pathname);
    if (playlistOnly) return playlistObject(decodeURIComponent(playlistOnly[1]!), url.searchParams);
    const user = users[grant.user] ?? { followed: [], top: { short_term: [], medium_term: [], long_term: [] } };
    const base = `${apiUrl}`;
    const q = url.searchParams;
    const limit = Number(q.get('limit') ?? 20);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) return apiError(400, 'Invalid limit');
    const artist = (name: string) => {
      const id = fakeSpotifyId(name);
      return {
        external_urls: { spotify: `https://open.spotify.com/artist/${id}` },
        genres: [],
        href: `https://api.spotify.com/v1/artists/${id}`,
        id,
        images: [],
        name,
        type: 'artist',
        uri: `spotify:artist:${id}`,
      };
    };
    if (url.pathname === '/v1/me/following') {
      if (!grant.scope.split(' ').includes('user-follow-read')) return apiError(403, 'Insufficient client scope');
      if (q.get('type') !== 'artist') return apiError(400, "Only valid type is 'artist'");
      const after = q.get('after');
      const start = after ? user.followed.findIndex((name) => fakeSpotifyId(name) === after) + 1 : 0;
      const page = user.followed.slice(start, start + limit);
      const last = page.at(-1);
      const more = start + limit < user.followed.length;
      return json(200, {
        artists: {
          items: page.map(artist),
          next: more && last ? `${base}/me/following?type=artist&after=${fakeSpotifyId(last)}&limit=${limit}` : null,
          total: user.followed.length,
          cursors: { after: more && last ? fakeSpotifyId(last) : null },
          limit,
          href: `${base}/me/following?type=artist&limit=${limit}${after ? `&after=${after}` : ''}`,
        },
      });
    }
    if (url.pathname === '/v1/me/top/artists') {
      if (!grant.scope.split(' ').includes('user-top-read')) return apiError(403, 'Insufficient client scope');
      const range = q.get('time_range') ?? 'medium_term';
      if (!TIME_RANGES.has(range)) return apiError(400, 'Invalid time range');
      const offset = Number(q.get('offset') ?? 0);
      const all = user.top[range as FakeTimeRange];
      const items = all.slice(offset, offset + limit).map(artist);
      return json(200, {
        items,
        total: all.length,
        limit,
        offset,
        href: `${base}/me/top/artists?time_range=${range}&limit=${limit}&offset=${offset}`,
        previous: null,
        next: offset + limit < all.length ? `${base}/me/top/artists?offset=${offset + limit}&limit=${limit}` : null,
      });
    }
    return apiError(404, 'Service not found');
  }

  const serve = (which: 'accounts' | 'api') =>
    http.createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake.local');
      const send = (reply: Reply) => {
        if (reply.html !== undefined) {
          res.writeHead(reply.status, { 'Content-Type': 'text/html; charset=utf-8', ...reply.headers });
          res.end(reply.html);
          return;
        }
        res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
        res.end(reply.body === null ? '' : JSON.stringify(reply.body));
      };
      if (url.pathname.startsWith('/__fake/')) return send(await control(req, url.pathname));
      const method = req.method ?? 'GET';
      const isForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      const form = method === 'POST' && isForm ? new URLSearchParams(await readBody(req)) : null;
      const reply = which === 'accounts' ? accounts(method, url, form, req.headers) : webApi(method, url, req.headers);
      requests.push({
        server: which,
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form,
        status: reply.status,
        at: Date.now(),
      });
      send(reply);
    });

  const listen = async (server: http.Server, port: number | undefined) => {
    await new Promise<void>((resolve) => server.listen(port ?? 0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const accountsServer = serve('accounts');
  const apiServer = serve('api');
  const accountsPort = await listen(accountsServer, options.accountsPort);
  const apiPort = await listen(apiServer, options.apiPort);
  const apiUrl = `http://127.0.0.1:${apiPort}/v1`;
  const close = (server: http.Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    ...api,
    accountsUrl: `http://127.0.0.1:${accountsPort}`,
    apiUrl,
    users,
    playlists,
    requests,
    close: async () => {
      await Promise.all([close(accountsServer), close(apiServer)]);
    },
  };
}
