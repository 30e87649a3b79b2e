import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestBrowser } from '#server/auth/auth.test-support.ts';
import type { MusicConnectionList } from '#shared/music-services-sync.ts';
import { FAKE_PLAYLIST_ID, FAKE_SPOTIFY_CLIENT_ID, FAKE_SPOTIFY_CLIENT_SECRET } from '#tests/fakes/spotify.ts';
import { signedInAdmin } from '#tests/setup/fans.ts';
import { musicSyncPlanJob } from './music-services.sync.jobs.ts';
import {
  connectSpotify,
  type MusicTestBed,
  newMusicFan,
  spotifyConsent,
  startMusicTestBed,
} from './music-services.test-support.ts';

/**
 * Issue 15's rule "no token or code ever appears in logs, URLs kept in history, or error messages",
 * checked end to end: the whole Spotify life (consent, callback, preview, sync by hand and by the weekly
 * job, refresh before and after a 401, a refused exchange, a 429, disconnect) and the admin's playlist
 * import (client secret, app token), with every log line the server writes (level trace) and every
 * console write captured, then searched for each secret the fake Spotify ever issued or received.
 */
describe('Spotify secrets stay out of logs, records and addresses', () => {
  let bed: MusicTestBed;
  const logLines: string[] = [];
  const consoleLines: string[] = [];
  /** Our answers' bodies and Location headers. */
  const seen: string[] = [];

  beforeAll(async () => {
    bed = await startMusicTestBed(
      { spotify: true, spotifySecret: true },
      { log: { level: 'trace', write: (line) => logLines.push(line) }, jobs: true },
    );
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        consoleLines.push(
          args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : String(arg))).join(' '),
        );
      });
    }
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await bed?.close();
  });

  const call = async (browser: TestBrowser, path: string, options: Parameters<TestBrowser['request']>[1] = {}) => {
    const response = await browser.request(path, options);
    const text = await response.text();
    seen.push(text, response.headers.get('location') ?? '');
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  };

  it('never writes a token, code, verifier or the client secret anywhere', async () => {
    const spotify = bed.spotify!;
    const { server } = bed;
    const { fan } = await newMusicFan(server, 'secrets');

    // A consent whose code Spotify refuses (the PKCE challenge was forged): the failure is logged, not the code.
    const refused = await spotifyConsent(spotify, fan, {
      seen,
      tamper: (url) => url.searchParams.set('code_challenge', 'B'.repeat(43)),
    });
    expect(refused.location).toBe('/music-services?spotify=refused');

    await connectSpotify(spotify, fan, seen);
    const list = (await call(fan, '/api/music-services/connections')).body as unknown as MusicConnectionList;
    const connection = list.connections.find((c) => c.source === 'spotify')!;
    expect((await call(fan, '/api/music-services/spotify/preview', { json: { period: 'month' } })).status).toBe(200);
    expect((await call(fan, `/api/music-services/connections/${connection.id}/sync`, { json: {} })).status).toBe(200);

    // Refresh after Spotify's 401, then before the call by our own clock.
    spotify.expireAccessTokens();
    expect((await call(fan, '/api/music-services/spotify/preview', { json: {} })).status).toBe(200);
    await server.database.query(`update music_connections set token_expires_at = now() - interval '1 second'`);
    expect((await call(fan, '/api/music-services/spotify/preview', { json: {} })).status).toBe(200);
    // A 429 passed on to the fan.
    spotify.rateLimit(10, 120);
    expect((await call(fan, '/api/music-services/spotify/preview', { json: {} })).status).toBe(429);
    spotify.rateLimit(0, 1);

    // The weekly job syncs it too (its own logger lines: job start, end).
    await server.database.query('update music_connections set last_synced_at = null where id = $1', [connection.id]);
    await server.background.queue.send(musicSyncPlanJob, {});
    let synced = false;
    for (let i = 0; i < 120 && !synced; i++) {
      await sleep(250);
      const now = (await call(fan, '/api/music-services/connections')).body as unknown as MusicConnectionList;
      synced = Boolean(now.connections.find((c) => c.id === connection.id)?.lastSyncedAt);
    }
    expect(synced).toBe(true);

    // The admin's playlist import: the client secret and an app token.
    const admin = await signedInAdmin(server);
    const playlist = await call(admin.browser, '/api/admin/spotify-import/playlist', {
      json: { link: `https://open.spotify.com/playlist/${FAKE_PLAYLIST_ID}?si=0123abcd` },
    });
    expect(playlist.status).toBe(202);

    // Disconnect: the tokens are forgotten.
    expect((await call(fan, `/api/music-services/connections/${connection.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );

    // Everything secret the fake issued or was sent.
    const verifiers = spotify.requests.map((r) => r.form?.get('code_verifier')).filter((v): v is string => Boolean(v));
    const basic = Buffer.from(`${FAKE_SPOTIFY_CLIENT_ID}:${FAKE_SPOTIFY_CLIENT_SECRET}`).toString('base64');
    const secrets = [...spotify.issuedSecrets(), ...verifiers, FAKE_SPOTIFY_CLIENT_SECRET, basic];
    const grants = spotify.requests.map((r) => r.form?.get('grant_type')).filter(Boolean);
    // The flow really ran: codes exchanged (one refused), refreshes, an app token, verifiers sent.
    expect(grants).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token', 'client_credentials']));
    expect(grants.filter((g) => g === 'refresh_token').length).toBeGreaterThanOrEqual(2);
    expect(verifiers.length).toBeGreaterThanOrEqual(2);
    expect(secrets.length).toBeGreaterThanOrEqual(10);

    const calls = await server.database.query<Record<string, unknown>>(
      "select * from provider_calls where provider = 'spotify'",
    );
    const operations = new Set(calls.rows.map((row) => row.operation));
    for (const operation of ['token', 'token-refresh', 'app-token', 'playlist-items', 'following', 'top-artists']) {
      expect(operations, operation).toContain(operation);
    }
    // The log really holds the requests (paths without their queries) and the jobs' lines.
    const log = logLines.join('');
    expect(log).toContain('"path":"/api/spotify/callback"');
    expect(log).toContain('"path":"/api/admin/spotify-import/playlist"');
    expect(logLines.length).toBeGreaterThan(20);

    const places = {
      log,
      console: consoleLines.join('\n'),
      'provider calls': JSON.stringify(calls.rows),
      'answers and Location headers': seen.join('\n'),
    };
    for (const [place, text] of Object.entries(places)) {
      for (const secret of secrets) {
        expect(text.includes(secret), `a secret (${secret.slice(0, 4)}…) in the ${place}`).toBe(false);
      }
    }
    // The callback's code reached our server only in its query, which no log line keeps.
    expect(log).not.toContain('code=');
  }, 90_000);
});
