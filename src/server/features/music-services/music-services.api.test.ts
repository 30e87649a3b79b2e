import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import type { FavoritesList } from '#shared/favorites.ts';
import {
  MUSIC_MESSAGES,
  type MusicExcludeList,
  type MusicFollowResult,
  type MusicPreview,
} from '#shared/music-services.ts';
import {
  FAKE_LASTFM_KEY,
  type FakeLastFm,
  type FakeListenBrainz,
  LASTFM_FAN,
  LISTENBRAINZ_FAN,
  LISTENBRAINZ_NEW_USER,
} from '#tests/fakes/listening.ts';
import { type MusicTestBed, newMusicFan, startMusicTestBed } from './music-services.test-support.ts';

type ErrorAnswer = { error: { code: string; message: string } };

describe('Music services API', () => {
  let bed: MusicTestBed;
  let server: AuthTestServer;
  let lastFm: FakeLastFm;
  let listenBrainz: FakeListenBrainz;

  const newFan = async () => (await newMusicFan(server)).fan;
  const preview = async (fan: TestBrowser, json: Record<string, unknown>) => {
    const response = await fan.request('/api/music-services/preview', { json });
    return { status: response.status, body: (await response.json()) as MusicPreview & ErrorAnswer };
  };
  const follow = async (fan: TestBrowser, json: Record<string, unknown>) => {
    const response = await fan.request('/api/music-services/follow', { json });
    return { status: response.status, body: (await response.json()) as MusicFollowResult & ErrorAnswer };
  };
  const favorites = async (fan: TestBrowser) =>
    ((await (await fan.request('/api/favorites?today=2026-11-20')).json()) as FavoritesList).favorites;
  const excludes = async (fan: TestBrowser) =>
    ((await (await fan.request('/api/music-services/excludes')).json()) as MusicExcludeList).excludes;
  const idOf = (body: MusicPreview, name: string) => body.artists.find((a) => a.name === name)!.match!.artistId;

  beforeAll(async () => {
    bed = await startMusicTestBed({ lastFm: true, listenBrainz: true }, { env: { PROVIDER_TIMEOUT_MS: '1000' } });
    ({ server } = bed);
    lastFm = bed.lastFm!;
    listenBrainz = bed.listenBrainz!;
  });
  afterAll(async () => {
    await bed?.close();
  });
  beforeEach(() => {
    lastFm.setMode('normal');
    listenBrainz.setMode('normal');
  });

  it('answers 401 to visitors', async () => {
    const visitor = new TestBrowser(server);
    const response = await visitor.request('/api/music-services/preview', {
      json: { source: 'lastfm', username: LASTFM_FAN },
    });
    expect(response.status).toBe(401);
    expect((await visitor.request('/api/music-services/excludes')).status).toBe(401);
  });

  it('previews Last.fm top artists with their catalog match and its confidence', async () => {
    const fan = await newFan();
    const { status, body } = await preview(fan, {
      source: 'lastfm',
      username: LASTFM_FAN,
      period: 'quarter',
      limit: 50,
    });
    expect(status).toBe(200);
    expect(body.notice).toBeNull();
    const rows = body.artists.map((a) => [
      a.rank,
      a.name,
      a.plays,
      a.match?.confidence ?? null,
      a.match?.artistSlug ?? null,
    ]);
    expect(rows).toEqual([
      [1, 'Northern Lanterns', 1511, 'mbid', 'northern-lanterns-uk'],
      [2, 'The Midnight Lanterns', 980, 'name', 'the-midnight-lanterns'],
      [3, 'Amber Foxes', 702, 'name', 'amber-foxes'],
      [4, 'Copper Foxes', 655, 'name', 'copper-foxes'],
      [5, 'Neon Foxs', 401, 'fuzzy', 'neon-foxes'],
      [6, 'Velvet Harbor', 300, 'mbid', 'velvet-harbor'],
      [7, 'Unheard Of Band', 120, null, null],
    ]);
    // The period and key reached Last.fm in its own words.
    const sent = lastFm.requests.at(-1)!.query;
    expect(sent.get('period')).toBe('3month');
    expect(sent.get('api_key')).toBe(FAKE_LASTFM_KEY);
    expect(body.artists.every((a) => !a.followed && !a.excluded)).toBe(true);
  });

  it('previews ListenBrainz statistics, matching on MusicBrainz ids', async () => {
    const fan = await newFan();
    const { status, body } = await preview(fan, { source: 'listenbrainz', username: LISTENBRAINZ_FAN, period: 'all' });
    expect(status).toBe(200);
    expect(body.artists.map((a) => [a.name, a.plays, a.match?.confidence ?? null])).toEqual([
      ['Velvet Harbor', 420, 'mbid'],
      ['Northern Lanterns', 233, 'mbid'],
      ['Glass Meridian', 90, null],
      ['Amber Foxes', 41, 'name'],
    ]);
    expect(listenBrainz.requests.at(-1)!.query.get('range')).toBe('all_time');
  });

  it('says when ListenBrainz has no statistics yet (204)', async () => {
    const fan = await newFan();
    const { status, body } = await preview(fan, { source: 'listenbrainz', username: LISTENBRAINZ_NEW_USER });
    expect(status).toBe(200);
    expect(body.artists).toEqual([]);
    expect(body.notice).toBe(MUSIC_MESSAGES.noStats('listenbrainz'));
  });

  it('says so clearly for a wrong username on either service', async () => {
    const fan = await newFan();
    const wrongLastFm = await preview(fan, { source: 'lastfm', username: 'no_such_person' });
    expect(wrongLastFm.status).toBe(404);
    expect(wrongLastFm.body.error.message).toBe(MUSIC_MESSAGES.unknownUser('lastfm', 'no_such_person'));
    const wrongLb = await preview(fan, { source: 'listenbrainz', username: 'no_such_person' });
    expect(wrongLb.status).toBe(404);
    expect(wrongLb.body.error.message).toBe(MUSIC_MESSAGES.unknownUser('listenbrainz', 'no_such_person'));
    const invalid = await preview(fan, { source: 'lastfm', username: 'a/../b' });
    expect(invalid.status).toBe(400);
  });

  it('says so when the service is down, slow or answers garbage, and follows nothing', async () => {
    const fan = await newFan();
    lastFm.setMode('unavailable');
    const down = await preview(fan, { source: 'lastfm', username: LASTFM_FAN });
    expect(down.status).toBe(503);
    expect(down.body.error.message).toBe(MUSIC_MESSAGES.providerDown('lastfm'));
    listenBrainz.setMode('slow', { delayMs: 3000 });
    const slow = await preview(fan, { source: 'listenbrainz', username: LISTENBRAINZ_FAN });
    expect(slow.status).toBe(503);
    expect(slow.body.error.message).toBe(MUSIC_MESSAGES.providerDown('listenbrainz'));
    lastFm.setMode('malformed');
    const garbage = await preview(fan, { source: 'lastfm', username: LASTFM_FAN });
    expect(garbage.status).toBe(503);
    expect(await favorites(fan)).toEqual([]);
  });

  it('follows the chosen artists with the service as source, all in one go', async () => {
    const fan = await newFan();
    const { body } = await preview(fan, { source: 'lastfm', username: LASTFM_FAN });
    const chosen = ['Northern Lanterns', 'The Midnight Lanterns', 'Neon Foxs'].map((name) => idOf(body, name));
    const first = await follow(fan, { source: 'lastfm', artistIds: chosen });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ followed: 3, alreadyFollowed: 0, excluded: 0 });
    const list = await favorites(fan);
    expect(list.map((f) => [f.artistSlug, f.source]).sort()).toEqual([
      ['neon-foxes', 'lastfm'],
      ['northern-lanterns-uk', 'lastfm'],
      ['the-midnight-lanterns', 'lastfm'],
    ]);
    // Following again changes nothing; the preview now shows them as followed.
    expect((await follow(fan, { source: 'lastfm', artistIds: chosen })).body).toEqual({
      followed: 0,
      alreadyFollowed: 3,
      excluded: 0,
    });
    const again = await preview(fan, { source: 'lastfm', username: LASTFM_FAN });
    expect(again.body.artists.filter((a) => a.followed).map((a) => a.name)).toEqual([
      'Northern Lanterns',
      'The Midnight Lanterns',
      'Neon Foxs',
    ]);
  });

  it('follows nothing when one of the chosen ids is not a catalog artist', async () => {
    const fan = await newFan();
    const { body } = await preview(fan, { source: 'listenbrainz', username: LISTENBRAINZ_FAN });
    const response = await follow(fan, {
      source: 'listenbrainz',
      artistIds: [idOf(body, 'Velvet Harbor'), '00000000-0000-4000-8000-000000000000'],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(MUSIC_MESSAGES.unknownArtists);
    expect(await favorites(fan)).toEqual([]);
  });

  it('puts an imported artist unfollowed by hand on the exclude list, which the import honours', async () => {
    const fan = await newFan();
    const { body } = await preview(fan, { source: 'lastfm', username: LASTFM_FAN });
    const amber = idOf(body, 'Amber Foxes');
    const copper = idOf(body, 'Copper Foxes');
    await follow(fan, { source: 'lastfm', artistIds: [amber, copper] });
    // A hand-followed artist unfollowed by hand is not an import's business.
    await fan.request('/api/favorites/velvet-harbor', { method: 'PUT' });
    await fan.request('/api/favorites/velvet-harbor', { method: 'DELETE' });
    await fan.request('/api/favorites/amber-foxes', { method: 'DELETE' });

    const list = await excludes(fan);
    expect(list.map((e) => [e.artistSlug, e.artistName, e.source])).toEqual([['amber-foxes', 'Amber Foxes', 'lastfm']]);
    const shown = await preview(fan, { source: 'lastfm', username: LASTFM_FAN });
    expect(shown.body.artists.find((a) => a.name === 'Amber Foxes')).toMatchObject({ excluded: true, followed: false });

    // Another import (even from the other service) never re-adds it.
    const again = await follow(fan, { source: 'listenbrainz', artistIds: [amber, copper] });
    expect(again.body).toEqual({ followed: 0, alreadyFollowed: 1, excluded: 1 });
    expect((await favorites(fan)).map((f) => f.artistSlug)).toEqual(['copper-foxes']);

    // Taken off the list, it can be imported again.
    const removed = await fan.request(`/api/music-services/excludes/${amber}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as MusicExcludeList).excludes).toEqual([]);
    expect((await follow(fan, { source: 'lastfm', artistIds: [amber] })).body.followed).toBe(1);
  });

  it("never shows or changes another fan's exclude list", async () => {
    const owner = await newFan();
    const other = await newFan();
    const { body } = await preview(owner, { source: 'lastfm', username: LASTFM_FAN });
    const copper = idOf(body, 'Copper Foxes');
    await follow(owner, { source: 'lastfm', artistIds: [copper] });
    await owner.request('/api/favorites/copper-foxes', { method: 'DELETE' });
    expect(await excludes(owner)).toHaveLength(1);

    expect(await excludes(other)).toEqual([]);
    const attempt = await other.request(`/api/music-services/excludes/${copper}`, { method: 'DELETE' });
    expect(attempt.status).toBe(404);
    expect(((await attempt.json()) as ErrorAnswer).error.message).toBe(MUSIC_MESSAGES.excludeNotFound);
    expect(await excludes(owner)).toHaveLength(1);
    // Another fan's follow of the same artist is theirs alone, and leaves the owner's list alone.
    expect((await follow(other, { source: 'lastfm', artistIds: [copper] })).body.followed).toBe(1);
    expect(await favorites(owner)).toEqual([]);
  });

  it('takes an artist off the exclude list when the fan follows it again by hand', async () => {
    const fan = await newFan();
    const { body } = await preview(fan, { source: 'lastfm', username: LASTFM_FAN });
    await follow(fan, { source: 'lastfm', artistIds: [idOf(body, 'The Midnight Lanterns')] });
    await fan.request('/api/favorites/the-midnight-lanterns', { method: 'DELETE' });
    expect(await excludes(fan)).toHaveLength(1);
    await fan.request('/api/favorites/the-midnight-lanterns', { method: 'PUT' });
    expect(await excludes(fan)).toEqual([]);
    expect((await favorites(fan)).map((f) => [f.artistSlug, f.source])).toEqual([['the-midnight-lanterns', 'manual']]);
  });

  it('refuses a state-changing request from another origin (CSRF)', async () => {
    const fan = await newFan();
    const response = await fan.request('/api/music-services/follow', {
      json: { source: 'lastfm', artistIds: ['00000000-0000-4000-8000-000000000000'] },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
  });
});
