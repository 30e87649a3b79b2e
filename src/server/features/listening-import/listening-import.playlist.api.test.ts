import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, type TestBrowser } from '#server/auth/auth.test-support.ts';
import {
  type AdminImportList,
  LISTENING_IMPORT_MESSAGES,
  type ListeningImportArtistPage,
  type ListeningImportView,
  NOT_MATCHED_REASONS,
} from '#shared/listening-import.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { GLASS_MERIDIAN, QUARTZ_PARADE, VELVET_HARBOR } from '#tests/fakes/dataset.ts';
import { type FakeMusicBrainz, startFakeMusicBrainz } from '#tests/fakes/musicbrainz.ts';
import {
  FAKE_PLAYLIST_ID,
  FAKE_SPOTIFY_CLIENT_ID,
  FAKE_SPOTIFY_CLIENT_SECRET,
  type FakePlaylistEntry,
  type FakeSpotify,
  fakeSpotifyId,
  startFakeSpotify,
} from '#tests/fakes/spotify.ts';
import { type SignedInFan, signedInAdmin, signedInFan } from '#tests/setup/fans.ts';

type Answer = ListeningImportView & { error: { code: string; message: string } };
const ADMIN_BASE = '/api/admin/spotify-import';
const link = (id: string) => `https://open.spotify.com/playlist/${id}?si=8f2c1e0a9b7d4c3e`;

describe('admin Spotify playlist import API', () => {
  let server: AuthTestServer;
  let musicBrainz: FakeMusicBrainz;
  let spotify: FakeSpotify;
  let admin: SignedInFan;
  /** Every answer body: the app token must never be in one. */
  const seen: string[] = [];

  const call = async (browser: TestBrowser, path: string, options: { method?: string; json?: unknown } = {}) => {
    const response = await browser.request(path, { method: options.method ?? 'POST', json: options.json });
    const text = await response.text();
    seen.push(text);
    return { status: response.status, headers: response.headers, body: JSON.parse(text) as Answer };
  };
  const importPlaylist = (browser: TestBrowser, text: string) =>
    call(browser, `${ADMIN_BASE}/playlist`, { json: { link: text } });
  const waitFor = async (id: string, states: string[]) => {
    for (let i = 0; i < 240; i++) {
      const view = (await call(admin.browser, `${ADMIN_BASE}/${id}`, { method: 'GET' })).body;
      if (states.includes(view.state)) return view;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`import ${id} never reached ${states.join('/')}`);
  };
  const preview = async (id: string) =>
    (await (await admin.browser.request(`${ADMIN_BASE}/${id}/artists?limit=200`)).json()) as ListeningImportArtistPage;
  const importCount = async () =>
    (await server.database.query<{ n: number }>(`select count(*)::int as n from listening_imports`)).rows[0]!.n;
  const tokenRequests = () => spotify.requests.filter((r) => r.form?.get('grant_type') === 'client_credentials');
  const itemPages = () => spotify.requests.filter((r) => /^\/v1\/playlists\/[^/]+\/items$/.test(r.path));
  const nameReads = () => spotify.requests.filter((r) => /^\/v1\/playlists\/[^/]+$/.test(r.path));

  beforeAll(async () => {
    musicBrainz = await startFakeMusicBrainz();
    spotify = await startFakeSpotify();
    server = await startAuthTestServer(
      {
        MUSICBRAINZ_URL: musicBrainz.url,
        SPOTIFY_CLIENT_ID: FAKE_SPOTIFY_CLIENT_ID,
        SPOTIFY_CLIENT_SECRET: FAKE_SPOTIFY_CLIENT_SECRET,
        SPOTIFY_ACCOUNTS_URL: spotify.accountsUrl,
        SPOTIFY_API_URL: spotify.apiUrl,
        PROVIDER_TIMEOUT_MS: '2000',
      },
      { jobs: true },
    );
    admin = await signedInAdmin(server);
    await seedCatalog(server.database, [
      { name: 'Amber Foxes', tours: [] },
      { name: 'Copper Foxes', tours: [] },
      { name: 'Velvet Harbor', mbid: VELVET_HARBOR, tours: [] },
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await spotify?.close();
    await musicBrainz?.close();
  });
  beforeEach(() => spotify.reset());

  it('reads every page with an app token, counts tracks per artist, and adds the picked artists', async () => {
    // 131 entries: three pages of 50, with gone (null), local and podcast entries in between.
    const filler: FakePlaylistEntry[] = Array.from({ length: 121 }, (_, i) =>
      i % 40 === 7 ? null : { artists: [i % 2 ? 'Copper Foxes' : 'Amber Foxes'] },
    );
    spotify.playlists[FAKE_PLAYLIST_ID]!.entries.push(...filler);
    const started = await importPlaylist(admin.browser, link(FAKE_PLAYLIST_ID));
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ kind: 'admin', state: 'matching', artists: 6, plays: 125 });
    // 10 default entries (a null, a local file, an episode skipped) and 121 more (3 nulls).
    expect(started.body.files).toEqual([
      {
        name: 'Spotify playlist “Lantern Nights”',
        bytes: 0,
        plays: 125,
        playlist: { id: FAKE_PLAYLIST_ID, skipped: 6 },
      },
    ]);

    // One app token, asked with HTTP Basic id:secret and nothing else of ours in the form.
    const [tokenCall] = tokenRequests();
    expect(tokenRequests()).toHaveLength(1);
    expect(tokenCall!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${FAKE_SPOTIFY_CLIENT_ID}:${FAKE_SPOTIFY_CLIENT_SECRET}`).toString('base64')}`,
    );
    expect([...tokenCall!.form!.keys()]).toEqual(['grant_type']);
    // The current endpoint, limit 50, followed through `next` to the end.
    expect(itemPages().map((r) => [r.path, r.query.get('offset'), r.query.get('limit'), r.status])).toEqual([
      [`/v1/playlists/${FAKE_PLAYLIST_ID}/items`, '0', '50', 200],
      [`/v1/playlists/${FAKE_PLAYLIST_ID}/items`, '50', '50', 200],
      [`/v1/playlists/${FAKE_PLAYLIST_ID}/items`, '100', '50', 200],
    ]);
    // Then its title, for the import's label: the name field only.
    expect(nameReads().map((r) => [r.path, r.query.get('fields'), r.status])).toEqual([
      [`/v1/playlists/${FAKE_PLAYLIST_ID}`, 'name', 200],
    ]);

    await waitFor(started.body.id, ['preview']);
    const rows = (await preview(started.body.id)).artists;
    // Most tracks first, equal counts in the playlist's order; a track by two artists counts for both.
    expect(rows.map((a) => [a.name, a.plays, a.match?.confidence ?? null])).toEqual([
      ['Amber Foxes', 64, 'name'],
      ['Copper Foxes', 58, 'name'],
      ['Glass Meridian', 1, null],
      ['Velvet Harbor', 1, 'name'],
      ['Quartz Parade', 1, null],
      ['Nobody Knows These Fakers', 1, null],
    ]);
    expect(rows[3]!.key).toBe(`spotify:${fakeSpotifyId('Velvet Harbor')}`);

    const run = await call(admin.browser, `${ADMIN_BASE}/${started.body.id}/run`, { json: { all: true } });
    expect(run.status).toBe(202);
    const done = await waitFor(started.body.id, ['done', 'failed']);
    expect(done.state).toBe('done');
    // Glass Meridian through MusicBrainz's link to its Spotify page, Quartz Parade by name; the rest known.
    expect(done.summary).toMatchObject({ added: 2, skipped: 3, notMatched: 1 });
    expect(done.summary!.reasons).toEqual(
      expect.arrayContaining([{ reason: NOT_MATCHED_REASONS.noMusicBrainz, count: 1 }]),
    );
    const added = await server.database.query<{ mbid: string }>(
      `select mbid from artists where mbid = any($1::text[]) order by mbid`,
      [[GLASS_MERIDIAN, QUARTZ_PARADE]],
    );
    expect(added.rows).toHaveLength(2);
    const audit = await server.database.query<{ action: string; target_label: string }>(
      `select action, target_label from admin_audit_log where target_id = $1 order by created_at`,
      [started.body.id],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['spotify-import.playlist', 'spotify-import.run']);
    expect(audit.rows[0]!.target_label).toBe('Spotify playlist “Lantern Nights”');

    // A second playlist within the token's lifetime: the cached token, no new grant.
    const again = await importPlaylist(admin.browser, `spotify:playlist:${FAKE_PLAYLIST_ID}`);
    expect(again.status).toBe(202);
    expect(tokenRequests()).toHaveLength(1);
    // Spotify dropped it early (401): one new token, and the read goes on.
    spotify.expireAccessTokens();
    expect((await importPlaylist(admin.browser, link(FAKE_PLAYLIST_ID))).status).toBe(202);
    expect(tokenRequests()).toHaveLength(2);

    const tokens = spotify.liveAccessTokens();
    expect(tokens.length).toBeGreaterThan(0);
    const records = await server.database.query<{ operation: string; error: string | null }>(
      "select operation, error from provider_calls where provider = 'spotify'",
    );
    const haystack = [...seen, ...records.rows.map((row) => `${row.operation} ${row.error ?? ''}`)].join('\n');
    for (const secret of [...tokens, FAKE_SPOTIFY_CLIENT_SECRET]) expect(haystack).not.toContain(secret);
  }, 60_000);

  it('says "Playlist not found or not public" for an unknown playlist, and keeps nothing', async () => {
    const before = await importCount();
    const answer = await importPlaylist(admin.browser, link('0000000000000000000000'));
    expect(answer.status).toBe(404);
    expect(answer.body.error.message).toBe(LISTENING_IMPORT_MESSAGES.playlistNotFound);
    expect(await importCount()).toBe(before);
  });

  it('waits out a short 429 for its Retry-After; a long one is passed on with nothing kept', async () => {
    spotify.rateLimit(1, 1);
    const ok = await importPlaylist(admin.browser, link(FAKE_PLAYLIST_ID));
    expect(ok.status).toBe(202);
    const pages = itemPages();
    expect(pages.map((r) => r.status)).toEqual([429, 200]);
    expect(pages[1]!.at - pages[0]!.at).toBeGreaterThanOrEqual(950);

    const before = await importCount();
    spotify.rateLimit(10, 120);
    const refused = await importPlaylist(admin.browser, link(FAKE_PLAYLIST_ID));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('120');
    expect(refused.body.error.message).toBe(LISTENING_IMPORT_MESSAGES.spotifyRateLimited(120));
    expect(await importCount()).toBe(before);
  });

  it('refuses a link that is not a playlist, and answers 401 and 403 to visitors and fans', async () => {
    for (const text of ['https://open.spotify.com/artist/4GlassMeridianSpotify0', 'Lantern Nights', '']) {
      const answer = await importPlaylist(admin.browser, text);
      expect(answer.status, text).toBe(400);
    }
    const fan = await signedInFan(server);
    const forbidden = await importPlaylist(fan.browser, link(FAKE_PLAYLIST_ID));
    expect(forbidden.status).toBe(403);
    expect((await fan.browser.request(ADMIN_BASE)).status).toBe(403);
    const visitor = await server.fetch(`${ADMIN_BASE}/playlist`, { method: 'POST' });
    expect(visitor.status).toBe(401);
    expect(itemPages()).toEqual([]);
  });

  it('explains which variable is missing: the secret, or the whole Spotify app', async () => {
    const check = async (env: Record<string, string>, missing: string, message: string) => {
      const bare = await startAuthTestServer(env);
      try {
        const boss = await signedInAdmin(bare);
        const list = (await (await boss.browser.request(ADMIN_BASE)).json()) as AdminImportList;
        expect(list.playlist).toEqual({ configured: false, missing });
        const answer = await boss.browser.request(`${ADMIN_BASE}/playlist`, {
          json: { link: link(FAKE_PLAYLIST_ID) },
        });
        expect(answer.status).toBe(503);
        expect(((await answer.json()) as Answer).error.message).toBe(message);
      } finally {
        await bare.close();
      }
    };
    const spotifyEnv = {
      SPOTIFY_ACCOUNTS_URL: spotify.accountsUrl,
      SPOTIFY_API_URL: spotify.apiUrl,
    };
    await check(
      { ...spotifyEnv, SPOTIFY_CLIENT_ID: FAKE_SPOTIFY_CLIENT_ID },
      'SPOTIFY_CLIENT_SECRET',
      LISTENING_IMPORT_MESSAGES.playlistNeedsSecret,
    );
    await check(spotifyEnv, 'SPOTIFY_CLIENT_ID', LISTENING_IMPORT_MESSAGES.playlistNeedsId);
    expect(LISTENING_IMPORT_MESSAGES.playlistNeedsSecret).toContain('SPOTIFY_CLIENT_SECRET');
    expect(spotify.requests).toEqual([]);
    const list = (await (await admin.browser.request(ADMIN_BASE)).json()) as AdminImportList;
    expect(list.playlist).toEqual({ configured: true, missing: null });
  }, 60_000);
});
