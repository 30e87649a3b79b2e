import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  PUBLIC_URL,
  signIn,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from '#server/auth/auth.test-support.ts';
import type { FavoritesList } from '#shared/favorites.ts';
import type { MusicExcludeList, MusicPreview } from '#shared/music-services.ts';
import {
  type MusicConnectionList,
  type MusicProposalList,
  type MusicProposalsAnswer,
  type MusicSyncResult,
  SPOTIFY_OUTCOME_MESSAGES,
  SYNC_MESSAGES,
} from '#shared/music-services-sync.ts';
import { LASTFM_FAN } from '#tests/fakes/listening.ts';
import { FAKE_SPOTIFY_CLIENT_ID, type FakeSpotify, fakeSpotifyId } from '#tests/fakes/spotify.ts';
import { signedInAdmin } from '#tests/setup/fans.ts';
import { musicSyncPlanJob } from './music-services.sync.jobs.ts';
import {
  type ConsentOptions,
  connectSpotify,
  MUSIC_PASSWORD,
  type MusicTestBed,
  newMusicFan,
  spotifyConsent,
  startMusicTestBed,
} from './music-services.test-support.ts';

type ErrorAnswer = { error: { code: string; message: string } };

describe('Spotify connect and music sync API', () => {
  let bed: MusicTestBed;
  let server: AuthTestServer;
  let spotify: FakeSpotify;
  /** Every answer body and Location our server gave: no token or code may ever be in one. */
  const seen: string[] = [];

  const emails = new Map<TestBrowser, string>();
  const newFan = async () => {
    const { fan, email } = await newMusicFan(server, 'spotify');
    emails.set(fan, email);
    return fan;
  };
  const call = async <T>(fan: TestBrowser, path: string, options: Parameters<TestBrowser['request']>[1] = {}) => {
    const response = await fan.request(path, options);
    const text = await response.text();
    seen.push(text, response.headers.get('location') ?? '');
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as T & ErrorAnswer,
    };
  };
  const connections = async (fan: TestBrowser) =>
    (await call<MusicConnectionList>(fan, '/api/music-services/connections')).body;
  const spotifyConnection = async (fan: TestBrowser) =>
    (await connections(fan)).connections.find((c) => c.source === 'spotify');
  const favorites = async (fan: TestBrowser) =>
    (await call<FavoritesList>(fan, '/api/favorites?today=2026-11-20')).body.favorites
      .map((f) => [f.artistSlug, f.source])
      .sort();
  const preview = (fan: TestBrowser, period = 'half-year') =>
    call<MusicPreview>(fan, '/api/music-services/spotify/preview', { json: { period } });

  const consent = (fan: TestBrowser, options: Omit<ConsentOptions, 'seen'> = {}) =>
    spotifyConsent(spotify, fan, { ...options, seen });
  const connect = (fan: TestBrowser) => connectSpotify(spotify, fan, seen);

  beforeAll(async () => {
    bed = await startMusicTestBed({ spotify: true, lastFm: true }, { jobs: true });
    ({ server } = bed);
    spotify = bed.spotify!;
  });
  afterAll(async () => {
    await bed?.close();
  });
  beforeEach(() => spotify.reset());

  it('connects with PKCE, stores the tokens sealed, and redirects to a clean address', async () => {
    const fan = await newFan();
    const answer = await connect(fan);
    expect(answer.status).toBe(303);
    // What went to Spotify: our client id, the two read scopes only, S256.
    const q = answer.authorize.searchParams;
    expect(q.get('client_id')).toBe(FAKE_SPOTIFY_CLIENT_ID);
    expect(q.get('scope')).toBe('user-follow-read user-top-read');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/spotify/callback`);
    const exchange = spotify.requests.find((r) => r.path === '/api/token')!;
    expect(exchange.form!.get('grant_type')).toBe('authorization_code');
    expect(exchange.form!.get('client_secret')).toBeNull();
    expect(exchange.form!.get('code_verifier')!.length).toBeGreaterThanOrEqual(43);

    const connection = await spotifyConnection(fan);
    expect(connection).toMatchObject({ source: 'spotify', status: 'connected', mode: 'propose', username: null });
    const [tokens] = spotify.liveAccessTokens();
    const { rows } = await server.database.query<Record<string, string>>(
      'select access_token_enc, refresh_token_enc from music_connections where id = $1',
      [connection!.id],
    );
    expect(rows[0]!.access_token_enc).toMatch(/^v1\./);
    expect(rows[0]!.access_token_enc).not.toContain(tokens!);
    // The state is single use: replaying the same callback is refused.
    const replay = await fan.request(answer.callback.pathname + answer.callback.search);
    expect(replay.headers.get('location')).toBe('/music-services?spotify=state');
  });

  it('previews followed and top artists of the chosen range, and follows them with source spotify', async () => {
    const fan = await newFan();
    await connect(fan);
    const { status, body } = await preview(fan, 'month');
    expect(status).toBe(200);
    expect(
      spotify.requests
        .filter((r) => r.path === '/v1/me/top/artists')
        .at(-1)!
        .query.get('time_range'),
    ).toBe('short_term');
    expect(body.source).toBe('spotify');
    expect(body.artists.map((a) => [a.rank, a.name, a.note, a.match?.confidence ?? null])).toEqual([
      [1, 'Copper Foxes', 'Top 1 on Spotify', 'name'],
      [2, 'Amber Foxes', 'Top 2 · Followed on Spotify', 'name'],
      [3, 'The Midnight Lanterns', 'Followed on Spotify', 'name'],
      [4, 'Unheard Of Band', 'Followed on Spotify', null],
    ]);
    const ids = body.artists.filter((a) => a.match).map((a) => a.match!.artistId);
    const followed = await call(fan, '/api/music-services/follow', { json: { source: 'spotify', artistIds: ids } });
    expect(followed.body).toEqual({ followed: 3, alreadyFollowed: 0, excluded: 0 });
    expect(await favorites(fan)).toEqual([
      ['amber-foxes', 'spotify'],
      ['copper-foxes', 'spotify'],
      ['the-midnight-lanterns', 'spotify'],
    ]);
  });

  it('reads every page of followed artists through the after cursor', async () => {
    const fan = await newFan();
    const many = Array.from({ length: 120 }, (_, i) => `Paged Band ${String(i + 1).padStart(3, '0')}`);
    spotify.users.paged_fan = { followed: many, top: { short_term: [], medium_term: [], long_term: [] } };
    spotify.signInAs('paged_fan');
    await connect(fan);
    const { body } = await preview(fan);
    expect(body.artists.map((a) => a.name)).toEqual(many);
    const pages = spotify.requests.filter((r) => r.path === '/v1/me/following');
    expect(pages.map((r) => r.query.get('after'))).toEqual([null, fakeSpotifyId(many[49]!), fakeSpotifyId(many[99]!)]);
    expect(pages.every((r) => r.query.get('type') === 'artist' && r.query.get('limit') === '50')).toBe(true);
  });

  it("refuses another fan's or another session's callback, and a state it never issued", async () => {
    const owner = await newFan();
    const intruder = await newFan();
    const stolen = await consent(owner, {
      beforeCallback: async () => {},
    });
    expect(stolen.location).toBe('/music-services?spotify=connected');

    // The intruder replays a fresh consent of the owner's in their own session.
    const started = await call<{ authorizeUrl: string }>(owner, '/api/music-services/spotify/connect', { json: {} });
    const state = new URL(started.body.authorizeUrl).searchParams.get('state')!;
    const forged = await intruder.request(`/api/spotify/callback?code=whatever&state=${encodeURIComponent(state)}`);
    expect(forged.status).toBe(303);
    expect(forged.headers.get('location')).toBe('/music-services?spotify=state');
    expect(await spotifyConnection(intruder)).toBeUndefined();

    const unknown = await owner.request('/api/spotify/callback?code=abc&state=never-issued');
    expect(unknown.headers.get('location')).toBe('/music-services?spotify=state');
    const bare = await owner.request('/api/spotify/callback');
    expect(bare.headers.get('location')).toBe('/music-services?spotify=state');

    // The same fan signed in elsewhere (another session) cannot finish this session's consent.
    const elsewhere = new TestBrowser(server);
    expect((await signIn(elsewhere, emails.get(owner)!, MUSIC_PASSWORD)).status).toBe(200);
    const mine = await call<{ authorizeUrl: string }>(owner, '/api/music-services/spotify/connect', { json: {} });
    const myState = new URL(mine.body.authorizeUrl).searchParams.get('state')!;
    const otherSession = await elsewhere.request(`/api/spotify/callback?code=x&state=${encodeURIComponent(myState)}`);
    expect(otherSession.headers.get('location')).toBe('/music-services?spotify=state');

    const visitor = new TestBrowser(server);
    const signedOut = await visitor.request('/api/spotify/callback?code=abc&state=x');
    expect(signedOut.headers.get('location')).toBe('/music-services?spotify=signed-out');
    expect(SPOTIFY_OUTCOME_MESSAGES.state).toMatch(/connect again/);
  });

  it('says so when the PKCE check fails at Spotify, and connects nothing', async () => {
    const fan = await newFan();
    const answer = await consent(fan, {
      tamper: (url) => url.searchParams.set('code_challenge', 'A'.repeat(43)),
    });
    expect(answer.location).toBe('/music-services?spotify=refused');
    const exchange = spotify.requests.find((r) => r.path === '/api/token')!;
    expect(exchange.status).toBe(400);
    expect(await spotifyConnection(fan)).toBeUndefined();
  });

  it('says so when the fan cancels on Spotify, or takes longer than ten minutes', async () => {
    const fan = await newFan();
    const cancelled = await consent(fan, { answer: 'cancel' });
    expect(cancelled.callback.searchParams.get('error')).toBe('access_denied');
    expect(cancelled.location).toBe('/music-services?spotify=cancelled');
    const late = await consent(fan, {
      beforeCallback: async () => {
        await server.database.query(`update music_oauth_states set expires_at = now() - interval '1 minute'`);
      },
    });
    expect(late.location).toBe('/music-services?spotify=expired');
    expect(await spotifyConnection(fan)).toBeUndefined();
    expect(spotify.requests.filter((r) => r.path === '/api/token')).toEqual([]);
  });

  it('refreshes an expired token: before the call when the clock says so, after a 401 otherwise', async () => {
    const fan = await newFan();
    await connect(fan);
    // Spotify expired it early: 401, refresh, one retry.
    spotify.expireAccessTokens();
    const first = await preview(fan);
    expect(first.status).toBe(200);
    const refreshes = () => spotify.requests.filter((r) => r.form?.get('grant_type') === 'refresh_token');
    expect(refreshes()).toHaveLength(1);
    expect(spotify.requests.filter((r) => r.server === 'api' && r.status === 401).length).toBeGreaterThanOrEqual(1);
    // Our own clock: refreshed before calling, no 401.
    const before401 = spotify.requests.filter((r) => r.status === 401).length;
    await server.database.query(`update music_connections set token_expires_at = now() - interval '1 second'`);
    expect((await preview(fan)).status).toBe(200);
    expect(refreshes()).toHaveLength(2);
    expect(spotify.requests.filter((r) => r.status === 401).length).toBe(before401);
    // Spotify sent no new refresh token: the old one keeps working.
    spotify.expireAccessTokens();
    expect((await preview(fan)).status).toBe(200);
  });

  it('waits out a 429 for its Retry-After, and says how long when the wait is too long', async () => {
    const fan = await newFan();
    await connect(fan);
    spotify.rateLimit(1, 1);
    const { status } = await preview(fan);
    expect(status).toBe(200);
    const reads = spotify.requests.filter((r) => r.server === 'api');
    const limited = reads.findIndex((r) => r.status === 429);
    expect(limited).toBeGreaterThanOrEqual(0);
    const retried = reads.slice(limited + 1).find((r) => r.path === reads[limited]!.path)!;
    expect(retried.status).toBe(200);
    // Retry-After: 1 means a second, not the default half-second backoff.
    expect(retried.at - reads[limited]!.at).toBeGreaterThanOrEqual(950);

    spotify.rateLimit(10, 120);
    const refused = await preview(fan);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('120');
    expect(refused.body.error.message).toBe(SYNC_MESSAGES.rateLimited(120));
    const connection = (await spotifyConnection(fan))!;
    const sync = await call(fan, `/api/music-services/connections/${connection.id}/sync`, { json: {} });
    expect(sync.status).toBe(429);
    expect(await favorites(fan)).toEqual([]);
  });

  it('turns a revoked refresh token into "reconnect", forgetting the tokens', async () => {
    const fan = await newFan();
    await connect(fan);
    spotify.revokeRefreshTokens();
    const refused = await preview(fan);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(SYNC_MESSAGES.reconnect);
    const connection = await spotifyConnection(fan);
    expect(connection).toMatchObject({ status: 'reconnect', lastError: SYNC_MESSAGES.reconnect });
    const { rows } = await server.database.query<Record<string, unknown>>(
      'select access_token_enc, refresh_token_enc from music_connections where id = $1',
      [connection!.id],
    );
    expect(rows[0]).toEqual({ access_token_enc: null, refresh_token_enc: null });
    // Connecting again heals it.
    await connect(fan);
    expect(await spotifyConnection(fan)).toMatchObject({ status: 'connected', lastError: null });
  });

  it('disconnects: the connection and its tokens are gone', async () => {
    const fan = await newFan();
    await connect(fan);
    const connection = (await spotifyConnection(fan))!;
    const answer = await call<MusicConnectionList>(fan, `/api/music-services/connections/${connection.id}`, {
      method: 'DELETE',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.connections).toEqual([]);
    const { rows } = await server.database.query('select 1 from music_connections where id = $1', [connection.id]);
    expect(rows).toEqual([]);
    expect((await preview(fan)).body.error.message).toBe(SYNC_MESSAGES.notConnected);
  });

  it('re-syncs weekly through the job: adds new artists, never the excluded one', async () => {
    const fan = await newFan();
    await connect(fan);
    const connection = (await spotifyConnection(fan))!;
    const set = await call(fan, `/api/music-services/connections/${connection.id}`, {
      method: 'PATCH',
      json: { mode: 'auto', period: 'month' },
    });
    expect(set.status).toBe(200);
    const first = await call<MusicSyncResult>(fan, `/api/music-services/connections/${connection.id}/sync`, {
      json: {},
    });
    expect(first.body.summary).toEqual({ added: 3, proposed: 0, alreadyFollowed: 0, excluded: 0, notMatched: 1 });
    // Unfollowed by hand: on the exclude list.
    await fan.request('/api/favorites/amber-foxes', { method: 'DELETE' });
    // Spotify now also has Neon Foxes on top.
    spotify.users.lantern_spotify!.top.short_term = ['Copper Foxes', 'Amber Foxes', 'Neon Foxes'];
    await server.database.query('update music_connections set last_synced_at = null where id = $1', [connection.id]);
    await server.background.queue.send(musicSyncPlanJob, {});
    let synced: string | null = null;
    for (let i = 0; i < 120 && !synced; i++) {
      await sleep(250);
      synced = (await spotifyConnection(fan))!.lastSyncedAt;
    }
    expect(synced).not.toBeNull();
    const after = (await spotifyConnection(fan))!;
    expect(after.lastSummary).toEqual({ added: 1, proposed: 0, alreadyFollowed: 2, excluded: 1, notMatched: 1 });
    expect(await favorites(fan)).toEqual([
      ['copper-foxes', 'spotify'],
      ['neon-foxes', 'spotify'],
      ['the-midnight-lanterns', 'spotify'],
    ]);
  });

  it('keeps a Last.fm username in sync in propose mode: proposals to accept or dismiss', async () => {
    const fan = await newFan();
    const wrong = await call(fan, '/api/music-services/connections', {
      json: { source: 'lastfm', username: 'no_such_person' },
    });
    expect(wrong.status).toBe(404);
    expect((await connections(fan)).connections).toEqual([]);

    const made = await call<MusicSyncResult>(fan, '/api/music-services/connections', {
      json: { source: 'lastfm', username: LASTFM_FAN, period: 'quarter', mode: 'propose' },
    });
    expect(made.status).toBe(200);
    expect(made.body.connection).toMatchObject({ source: 'lastfm', username: LASTFM_FAN, mode: 'propose' });
    expect(made.body.summary).toEqual({ added: 0, proposed: 6, alreadyFollowed: 0, excluded: 0, notMatched: 1 });
    expect(await favorites(fan)).toEqual([]);
    const listed = (await call<MusicProposalList>(fan, '/api/music-services/proposals')).body.proposals;
    expect(listed.map((p) => p.artistSlug).sort()).toEqual([
      'amber-foxes',
      'copper-foxes',
      'neon-foxes',
      'northern-lanterns-uk',
      'the-midnight-lanterns',
      'velvet-harbor',
    ]);
    const id = (slug: string) => listed.find((p) => p.artistSlug === slug)!.artistId;
    const accepted = await call<MusicProposalsAnswer>(fan, '/api/music-services/proposals/accept', {
      json: { artistIds: [id('amber-foxes'), id('copper-foxes')] },
    });
    expect(accepted.body.followed).toBe(2);
    expect(accepted.body.proposals).toHaveLength(4);
    const dismissed = await call<MusicProposalsAnswer>(fan, '/api/music-services/proposals/dismiss', {
      json: { artistIds: [id('neon-foxes')] },
    });
    expect(dismissed.body.dismissed).toBe(1);
    expect(await favorites(fan)).toEqual([
      ['amber-foxes', 'lastfm'],
      ['copper-foxes', 'lastfm'],
    ]);
    const excluded = (await call<MusicExcludeList>(fan, '/api/music-services/excludes')).body.excludes;
    expect(excluded.map((e) => e.artistSlug)).toEqual(['neon-foxes']);
    // A proposal answered twice: nothing changes.
    const again = await call(fan, '/api/music-services/proposals/accept', { json: { artistIds: [id('amber-foxes')] } });
    expect(again.status).toBe(404);
    // Syncing again proposes nothing new: the dismissed one stays out, accepted ones are followed.
    const resync = await call<MusicSyncResult>(fan, `/api/music-services/connections/${made.body.connection.id}/sync`, {
      json: {},
    });
    expect(resync.body.summary).toEqual({ added: 0, proposed: 0, alreadyFollowed: 2, excluded: 1, notMatched: 1 });
  });

  it("never shows, syncs, changes or deletes another fan's connection or proposals", async () => {
    const owner = await newFan();
    const other = await newFan();
    await connect(owner);
    const made = await call<MusicSyncResult>(owner, '/api/music-services/connections', {
      json: { source: 'lastfm', username: LASTFM_FAN },
    });
    const ownerIds = (await connections(owner)).connections.map((c) => c.id);
    expect(ownerIds).toHaveLength(2);
    expect((await connections(other)).connections).toEqual([]);
    for (const id of ownerIds) {
      expect((await call(other, `/api/music-services/connections/${id}/sync`, { json: {} })).status).toBe(404);
      expect((await call(other, `/api/music-services/connections/${id}`, { method: 'DELETE' })).status).toBe(404);
      const patch = await call(other, `/api/music-services/connections/${id}`, {
        method: 'PATCH',
        json: { mode: 'auto' },
      });
      expect(patch.status).toBe(404);
      expect(patch.body.error.message).toBe(SYNC_MESSAGES.connectionNotFound);
    }
    expect((await call(other, '/api/music-services/spotify/preview', { json: {} })).status).toBe(404);
    const proposal = (await call<MusicProposalList>(owner, '/api/music-services/proposals')).body.proposals[0]!;
    expect(made.body.summary.proposed).toBeGreaterThan(0);
    expect((await call<MusicProposalList>(other, '/api/music-services/proposals')).body.proposals).toEqual([]);
    const steal = await call(other, '/api/music-services/proposals/accept', {
      json: { artistIds: [proposal.artistId] },
    });
    expect(steal.status).toBe(404);
    expect((await connections(owner)).connections.map((c) => [c.id, c.mode])).toEqual(
      ownerIds.map((id) => [id, 'propose']),
    );
    // Visitors get nothing at all.
    const visitor = new TestBrowser(server);
    expect((await visitor.request('/api/music-services/connections')).status).toBe(401);
    expect((await visitor.request('/api/music-services/spotify/connect', { json: {} })).status).toBe(401);
  });

  it('never puts a token or a code in an answer, an address or a provider call record', async () => {
    const issued = spotify.issuedSecrets();
    const secrets = spotify.requests
      .flatMap((r) => [r.form?.get('code_verifier')])
      .filter((value): value is string => Boolean(value));
    const { rows } = await server.database.query<{ error: string | null; operation: string }>(
      "select operation, error from provider_calls where provider = 'spotify'",
    );
    const haystack = [...seen, ...rows.map((row) => `${row.operation} ${row.error ?? ''}`)].join('\n');
    for (const secret of [...issued, ...secrets]) expect(haystack).not.toContain(secret);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('tells a fan only which services this server offers; the setup (redirect URI) goes to admins', async () => {
    const bare = await startAuthTestServer({});
    try {
      const fan = new TestBrowser(bare);
      await signUp(fan, uniqueEmail('nospotify'), MUSIC_PASSWORD);
      const list = (await (await fan.request('/api/music-services/connections')).json()) as MusicConnectionList;
      // No SPOTIFY_CLIENT_ID and no LASTFM_API_KEY here: ListenBrainz is all this server offers.
      expect(list.spotify).toEqual({ configured: false, redirectUri: null });
      expect(list.sources).toEqual(['listenbrainz']);
      expect(JSON.stringify(list)).not.toMatch(/callback|SPOTIFY_CLIENT_ID|LASTFM_API_KEY/);
      const start = await fan.request('/api/music-services/spotify/connect', { json: {} });
      expect(start.status).toBe(503);
      const message = ((await start.json()) as ErrorAnswer).error.message;
      expect(message).toBe("Spotify isn't available on this server.");
      expect(message).toBe(SYNC_MESSAGES.spotifyNotConfigured);
      const lastFm = await fan.request('/api/music-services/preview', {
        json: { source: 'lastfm', username: 'someone', period: 'year', limit: 10 },
      });
      expect(((await lastFm.json()) as ErrorAnswer).error.message).toBe("Last.fm isn't available on this server.");

      const admin = (await signedInAdmin(bare)).browser;
      const adminList = (await (await admin.request('/api/music-services/connections')).json()) as MusicConnectionList;
      expect(adminList.spotify).toEqual({ configured: false, redirectUri: `${PUBLIC_URL}/api/spotify/callback` });
    } finally {
      await bare.close();
    }
  });
});
