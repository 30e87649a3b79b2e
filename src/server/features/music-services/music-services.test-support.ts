import { expect } from 'vitest';
import {
  type AuthTestServer,
  PUBLIC_URL,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from '#server/auth/auth.test-support.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { NORTHERN_LANTERNS, VELVET_HARBOR } from '#tests/fakes/dataset.ts';
import {
  FAKE_LASTFM_KEY,
  type FakeLastFm,
  type FakeListenBrainz,
  startFakeLastFm,
  startFakeListenBrainz,
} from '#tests/fakes/listening.ts';
import {
  FAKE_SPOTIFY_CLIENT_ID,
  FAKE_SPOTIFY_CLIENT_SECRET,
  type FakeSpotify,
  startFakeSpotify,
} from '#tests/fakes/spotify.ts';
import type { TestServerOptions } from '#tests/setup/test-server.ts';

/**
 * The music-services API tests' one set-up: the fakes they ask for, a server pointed at them, and the
 * catalog the fakes' artists match (by MBID, exact and fuzzy name); plus a fan and Spotify's consent.
 */
export const MUSIC_PASSWORD = 'heart-of-glass-77';

export interface MusicTestBed {
  server: AuthTestServer;
  spotify: FakeSpotify | null;
  lastFm: FakeLastFm | null;
  listenBrainz: FakeListenBrainz | null;
  close(): Promise<void>;
}

export async function startMusicTestBed(
  wanted: { spotify?: boolean; spotifySecret?: boolean; lastFm?: boolean; listenBrainz?: boolean },
  options: TestServerOptions & { env?: Record<string, string> } = {},
): Promise<MusicTestBed> {
  const spotify = wanted.spotify ? await startFakeSpotify() : null;
  const lastFm = wanted.lastFm ? await startFakeLastFm() : null;
  const listenBrainz = wanted.listenBrainz ? await startFakeListenBrainz() : null;
  const server = await startAuthTestServer(
    {
      ...(spotify
        ? {
            SPOTIFY_CLIENT_ID: FAKE_SPOTIFY_CLIENT_ID,
            SPOTIFY_ACCOUNTS_URL: spotify.accountsUrl,
            SPOTIFY_API_URL: spotify.apiUrl,
            ...(wanted.spotifySecret ? { SPOTIFY_CLIENT_SECRET: FAKE_SPOTIFY_CLIENT_SECRET } : {}),
          }
        : {}),
      ...(lastFm ? { LASTFM_URL: lastFm.url, LASTFM_API_KEY: FAKE_LASTFM_KEY } : {}),
      ...(listenBrainz ? { LISTENBRAINZ_URL: listenBrainz.url } : {}),
      PROVIDER_TIMEOUT_MS: '2000',
      ...options.env,
    },
    { log: options.log, jobs: options.jobs },
  );
  await seedCatalog(server.database, [
    // Same id as Last.fm's, different spelling: only the MBID can match it.
    { name: 'Northern Lanterns UK', mbid: NORTHERN_LANTERNS, tours: [] },
    { name: 'The Midnight Lanterns', tours: [] },
    { name: 'Amber Foxes', tours: [] },
    { name: 'Copper Foxes', tours: [] },
    { name: 'Neon Foxes', tours: [] },
    { name: 'Velvet Harbor', mbid: VELVET_HARBOR, tours: [] },
  ]);
  return {
    server,
    spotify,
    lastFm,
    listenBrainz,
    close: async () => {
      await server.close();
      await Promise.all([spotify?.close(), lastFm?.close(), listenBrainz?.close()]);
    },
  };
}

/** A new fan, signed up (the browser keeps the session); the e-mail for signing in elsewhere. */
export async function newMusicFan(server: AuthTestServer, label = 'fan'): Promise<{ fan: TestBrowser; email: string }> {
  const fan = new TestBrowser(server);
  const email = uniqueEmail(label);
  expect((await signUp(fan, email, MUSIC_PASSWORD)).status).toBe(200);
  return { fan, email };
}

export interface ConsentOptions {
  answer?: 'agree' | 'cancel';
  /** Changes the authorize address before the fan follows it (a forged challenge). */
  tamper?: (url: URL) => void;
  /** Runs between Spotify's redirect and our callback. */
  beforeCallback?: () => Promise<void>;
  /** Every answer body and Location header of ours is pushed here (for the no-secret checks). */
  seen?: string[];
}

/** The fan's consent at the fake Spotify, as a browser follows it; returns our callback's answer. */
export async function spotifyConsent(spotify: FakeSpotify, fan: TestBrowser, options: ConsentOptions = {}) {
  const started = await fan.request('/api/music-services/spotify/connect', { json: {} });
  const startedText = await started.text();
  options.seen?.push(startedText);
  expect(started.status).toBe(200);
  const authorize = new URL((JSON.parse(startedText) as { authorizeUrl: string }).authorizeUrl);
  options.tamper?.(authorize);
  const page = await fetch(authorize);
  expect(page.status, await page.clone().text()).toBe(200);
  const html = await page.text();
  const link = new RegExp(`id="${options.answer ?? 'agree'}"[^>]*href="([^"]+)"`)
    .exec(html)![1]!
    .replace(/&amp;/g, '&');
  const back = await fetch(new URL(link, spotify.accountsUrl), { redirect: 'manual' });
  expect(back.status).toBe(302);
  const callback = new URL(back.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe(`${PUBLIC_URL}/api/spotify/callback`);
  await options.beforeCallback?.();
  const answer = await fan.request(callback.pathname + callback.search);
  options.seen?.push(await answer.text(), answer.headers.get('location') ?? '');
  return { status: answer.status, location: answer.headers.get('location'), callback, authorize };
}

/** Consent given and the connection made. */
export async function connectSpotify(spotify: FakeSpotify, fan: TestBrowser, seen?: string[]) {
  const answer = await spotifyConsent(spotify, fan, { seen });
  expect(answer.location).toBe('/music-services?spotify=connected');
  return answer;
}
