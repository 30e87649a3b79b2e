import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import type { ArtistSetlistsView, StopSetlistsView } from '#shared/setlists.ts';
import { daysAgo, setlistFmCatalog } from '#tests/factories/concert-history-setup.ts';
import { NORTHERN_LANTERNS, VELVET_HARBOR } from '#tests/fakes/dataset.ts';
import { FAKE_SETLISTFM_KEY, FAKE_TOUR_DAYS, type FakeSetlistFm } from '#tests/fakes/setlistfm.ts';
import { signedInFan } from '#tests/setup/fans.ts';
import { setlistRetryJob } from './setlists.jobs.ts';

/** A signed-in fan's browser (the session travels with it). */
const fanBrowser = async (server: AuthTestServer): Promise<TestBrowser> => (await signedInFan(server)).browser;

const venue = { venue: 'Paradise Rock Club', city: 'Boston', region: 'MA', country: 'US' };

describe('setlists API', () => {
  let server: AuthTestServer;
  let fake: FakeSetlistFm;
  let close: () => Promise<void>;
  let stopIds: Record<string, string> = {};
  let lanternsId = '';

  const getStop = async (browser: TestBrowser, key: string) => {
    const response = await browser.request(`/api/setlists/stops/${stopIds[key]}`);
    expect(response.status).toBe(200);
    return (await response.json()) as StopSetlistsView;
  };
  const putMine = (browser: TestBrowser, key: string, json: unknown) =>
    browser.request(`/api/setlists/stops/${stopIds[key]}/mine`, { method: 'PUT', json });
  const queuedRetries = async (key: string) => {
    const { rows } = await server.database.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = $1 and singleton_key = $2 and state in ('created', 'retry')`,
      [setlistRetryJob.name, key],
    );
    return rows[0]!.n;
  };

  beforeAll(async () => {
    const setup = await setlistFmCatalog([
      {
        name: 'Northern Lanterns',
        mbid: NORTHERN_LANTERNS,
        tours: [
          {
            name: 'Autumn Tour',
            stops: [
              ...FAKE_TOUR_DAYS.slice(0, 4).map((days) => ({ date: daysAgo(days), ...venue })),
              { date: daysAgo(-30), ...venue },
            ],
          },
        ],
      },
      {
        name: 'Velvet Harbor',
        mbid: VELVET_HARBOR,
        tours: [{ name: 'Quiet', stops: [{ date: daysAgo(-10), ...venue }] }],
      },
      { name: 'No Mbid Band', tours: [{ name: 'Local', stops: [{ date: daysAgo(20), ...venue }] }] },
    ]);
    ({ server, fake, stopIds, close } = setup);
    const { rows } = await server.database.query<{ id: string }>(
      "select id from artists where slug = 'northern-lanterns'",
    );
    lanternsId = rows[0]!.id;
  });
  afterAll(() => close?.());
  beforeEach(() => {
    fake.setMode('normal');
    fake.throttle(0);
  });

  const lanterns = (days: number) => `northern-lanterns@${daysAgo(days)}`;

  it("fetches a past show's setlist from setlist.fm by artist MBID and date, with sets, tapes, covers and notes", async () => {
    fake.requests.length = 0;
    const visitor = new TestBrowser(server);
    const view = await getStop(visitor, lanterns(FAKE_TOUR_DAYS[0]!));
    expect(view.provider).toBe('ok');
    expect(view.mine).toBeNull();
    const setlist = view.setlistfm!;
    expect(setlist.url).toMatch(/^https:\/\/www\.setlist\.fm\/setlist\//);
    expect(setlist.tourName).toBe('Autumn Tour');
    expect(setlist.songs[0]).toMatchObject({ name: 'Intro', kind: 'tape', setIndex: 0 });
    expect(setlist.songs.find((song) => song.name === 'Old Song')?.coverArtistName).toBe('Some Other Band');
    expect(setlist.songs.find((song) => song.name === 'Lantern')).toMatchObject({ setIndex: 1, note: 'acoustic' });
    // Tapes do not count as songs.
    expect(setlist.songCount).toBe(setlist.songs.length - 1);
    const call = fake.requests.find((request) => request.path.endsWith('/search/setlists'))!;
    expect(call.headers['x-api-key']).toBe(FAKE_SETLISTFM_KEY);
    expect(call.query.get('artistMbid')).toBe(NORTHERN_LANTERNS);
    expect(call.query.get('date')).toMatch(/^\d{2}-\d{2}-\d{4}$/);

    // A fresh copy is not fetched again.
    fake.requests.length = 0;
    expect((await getStop(visitor, lanterns(FAKE_TOUR_DAYS[0]!))).setlistfm?.id).toBe(setlist.id);
    expect(fake.requests).toHaveLength(0);
  });

  it('backs off on 429 and succeeds on the retry', async () => {
    fake.requests.length = 0;
    fake.throttle(1);
    const started = Date.now();
    const view = await getStop(new TestBrowser(server), lanterns(FAKE_TOUR_DAYS[1]!));
    expect(view.provider).toBe('ok');
    expect(view.setlistfm?.songs.length).toBeGreaterThan(5);
    expect(fake.requests).toHaveLength(2);
    // The second attempt waited for the back-off (429s come without Retry-After).
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('when setlist.fm is down: stored setlists still show, the page says so, and a retry is queued', async () => {
    const key = lanterns(FAKE_TOUR_DAYS[0]!);
    // Time passes: the stored copy is stale and a refresh is due.
    await server.database.query(`update setlists set fetched_at = now() - interval '60 days' where stop_id = $1`, [
      stopIds[key],
    ]);
    await server.database.query(`update setlist_fetches set next_attempt_at = now() - interval '1 second'`);
    fake.setMode('unavailable', { retryAfterSeconds: 0 });
    const view = await getStop(new TestBrowser(server), key);
    expect(view.provider).toBe('unavailable');
    expect(view.retryPending).toBe(true);
    expect(view.setlistfm?.songs.length).toBeGreaterThan(5);
    expect(await queuedRetries(`stop:${stopIds[key]}`)).toBe(1);

    // While the retry waits, pages do not call setlist.fm again.
    fake.requests.length = 0;
    fake.setMode('normal');
    expect((await getStop(new TestBrowser(server), key)).retryPending).toBe(true);
    expect(fake.requests).toHaveLength(0);

    // A 5xx on a show never fetched: nothing stored, still a clear state.
    fake.setMode('unavailable', { retryAfterSeconds: 0 });
    const fresh = await getStop(new TestBrowser(server), lanterns(FAKE_TOUR_DAYS[2]!));
    expect(fresh).toMatchObject({ provider: 'unavailable', retryPending: true, setlistfm: null });
  });

  it('stops calling setlist.fm when the daily quota is used up', async () => {
    await server.database.query(
      `insert into provider_daily_usage (provider, day, calls) values ('setlistfm', (now() at time zone 'utc')::date, 1440)
       on conflict (provider, day) do update set calls = 1440`,
    );
    fake.requests.length = 0;
    const key = lanterns(FAKE_TOUR_DAYS[3]!);
    const view = await getStop(new TestBrowser(server), key);
    expect(view).toMatchObject({ provider: 'over-quota', retryPending: true });
    expect(fake.requests).toHaveLength(0);
    expect(await queuedRetries(`stop:${stopIds[key]}`)).toBe(1);
    await server.database.query(`delete from provider_daily_usage`);
    await server.database.query(`delete from setlist_fetches`);
  });

  it("predicts the next show from the current tour's setlists, with rarities", async () => {
    const response = await new TestBrowser(server).request('/api/setlists/artists/northern-lanterns');
    expect(response.status).toBe(200);
    const view = (await response.json()) as ArtistSetlistsView;
    expect(view.provider).toBe('ok');
    expect(view.tourName).toBe('Autumn Tour');
    expect(view.setlists).toHaveLength(20);
    const dates = view.setlists.map((setlist) => setlist.eventDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(view.showsCounted).toBe(20);
    // Hand-counted from the fake tour: 6 core songs, the cover and the encore every night; Driftwood every other.
    const names = view.predicted.map((song) => song.name);
    expect(new Set(names)).toEqual(
      new Set([
        'Harbour Lights',
        'Paper Boats',
        'Night Ferry',
        'Salt & Ember',
        'Driftwood',
        'Old Song',
        'Lighthouse Keeper',
        'Undertow',
        'Lantern',
      ]),
    );
    expect(names[0]).toBe('Harbour Lights');
    expect(view.predicted.at(-1)).toMatchObject({ name: 'Lantern', encore: true, playedAt: 20 });
    expect(names.indexOf('Paper Boats')).toBeLessThan(names.indexOf('Night Ferry'));
    expect(names.indexOf('Lighthouse Keeper')).toBeLessThan(names.indexOf('Undertow'));
    expect(view.predicted.find((song) => song.name === 'Driftwood')?.playedAt).toBe(10);
    expect(view.predicted.find((song) => song.name === 'Old Song')?.coverArtistName).toBe('Some Other Band');
    expect(names).not.toContain('Intro');
    expect(view.rarities.map((song) => [song.name, song.playedAt])).toEqual([
      // Most recently played first among equals.
      ['Winter Pier', 1],
      ['First Light', 1],
      ['Fog Horn', 5],
    ]);
    // The copies are linked to the catalog's stops of the same date.
    const linked = view.setlists.filter((setlist) => setlist.stopId !== null);
    expect(linked).toHaveLength(4);
  });

  it('answers 404 for an unknown artist or stop', async () => {
    const visitor = new TestBrowser(server);
    expect((await visitor.request('/api/setlists/artists/nobody-at-all')).status).toBe(404);
    expect((await visitor.request('/api/setlists/stops/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await visitor.request('/api/setlists/stops/not-a-uuid')).status).toBe(400);
  });

  describe("a fan's own setlist", () => {
    const noMbid = () => `no-mbid-band@${daysAgo(20)}`;
    const songs = [
      { name: 'Intro', setIndex: 0, kind: 'tape' },
      { name: 'Harbour Lights', setIndex: 0 },
      { name: 'Paper boats ', setIndex: 0, note: 'acoustic' },
      { name: 'Old Song', setIndex: 0, coverArtistName: 'Some Other Band' },
      { name: 'Lantern', setIndex: 1 },
      { name: 'Encore two', setIndex: 2 },
    ];

    it('is saved, shown only to its owner, and replaces the setlist.fm copy in their artist view', async () => {
      const owner = await fanBrowser(server);
      const other = await fanBrowser(server);
      const key = lanterns(FAKE_TOUR_DAYS[0]!);
      const saved = await putMine(owner, key, { songs, info: 'front row' });
      expect(saved.status).toBe(200);
      const view = (await saved.json()) as StopSetlistsView;
      expect(view.mine).toMatchObject({ source: 'user', mine: true, info: 'front row', songCount: 5, url: null });
      expect(view.mine!.songs.map((song) => [song.name, song.setIndex])).toEqual([
        ['Intro', 0],
        ['Harbour Lights', 0],
        // The artist's known song, whatever the case and spacing typed.
        ['Paper Boats', 0],
        ['Old Song', 0],
        ['Lantern', 1],
        ['Encore two', 2],
      ]);
      expect(view.setlistfm).not.toBeNull();

      expect((await getStop(other, key)).mine).toBeNull();
      expect((await getStop(new TestBrowser(server), key)).mine).toBeNull();
      // Another fan cannot delete it; their own PUT makes their own.
      expect((await other.request(`/api/setlists/stops/${stopIds[key]}/mine`, { method: 'DELETE' })).status).toBe(404);
      expect((await putMine(other, key, { songs: [{ name: 'Undertow', setIndex: 0 }] })).status).toBe(200);
      expect((await getStop(owner, key)).mine?.songs).toHaveLength(6);

      const artist = (await (
        await owner.request('/api/setlists/artists/northern-lanterns')
      ).json()) as ArtistSetlistsView;
      const atStop = artist.setlists.filter((setlist) => setlist.stopId === stopIds[key]);
      expect(atStop).toHaveLength(1);
      expect(atStop[0]).toMatchObject({ source: 'user', mine: true });
      expect(artist.showsCounted).toBe(20);

      const removed = await owner.request(`/api/setlists/stops/${stopIds[key]}/mine`, { method: 'DELETE' });
      expect(removed.status).toBe(200);
      expect(((await removed.json()) as StopSetlistsView).mine).toBeNull();
      expect((await getStop(other, key)).mine?.songs).toHaveLength(1);
    });

    it('refuses visitors and cross-site requests', async () => {
      const visitor = new TestBrowser(server);
      expect((await putMine(visitor, noMbid(), { songs })).status).toBe(401);
      const fan = await fanBrowser(server);
      const crossSite = await fan.request(`/api/setlists/stops/${stopIds[noMbid()]}/mine`, {
        method: 'PUT',
        json: { songs },
        headers: { origin: 'https://evil.example' },
      });
      expect(crossSite.status).toBe(403);
    });

    it('refuses bad input with a clear message and writes nothing', async () => {
      const fan = await fanBrowser(server);
      const key = noMbid();
      expect((await putMine(fan, key, { songs: songs.slice(1, 3) })).status).toBe(200);
      const expectRefused = async (body: unknown, message: string) => {
        const response = await putMine(fan, key, body);
        expect(response.status).toBe(400);
        expect((await response.json()).error.message).toBe(message);
      };
      await expectRefused(
        { songs: Array.from({ length: 201 }, (_, i) => ({ name: `Song ${i}`, setIndex: 0 })) },
        'A setlist can have at most 200 songs.',
      );
      await expectRefused(
        { songs: [{ name: 'x'.repeat(201), setIndex: 0 }] },
        'A song name can be at most 200 characters.',
      );
      await expectRefused({ songs: [{ name: '  ', setIndex: 0 }] }, 'Give each song a name.');
      await expectRefused(
        {
          songs: [
            { name: 'A', setIndex: 0 },
            { name: 'B', setIndex: 2 },
          ],
        },
        'Sets must follow each other: the main set, then encore 1, encore 2…',
      );
      await expectRefused(
        {
          songs: [
            { name: 'A', setIndex: 1 },
            { name: 'B', setIndex: 0 },
          ],
        },
        'Sets must follow each other: the main set, then encore 1, encore 2…',
      );
      // Exactly 200 songs of 200 characters is fine.
      const longest = Array.from({ length: 200 }, (_, i) => ({
        name: `${String(i).padStart(3, '0')}${'y'.repeat(197)}`,
        setIndex: 0,
      }));
      expect((await putMine(fan, key, { songs: longest })).status).toBe(200);
      expect((await putMine(fan, key, { songs: songs.slice(1, 3) })).status).toBe(200);
      expect((await getStop(fan, key)).mine?.songs.map((song) => song.name)).toEqual(['Harbour Lights', 'Paper boats']);
      // No setlist.fm lookup for an artist without an MBID.
      expect((await getStop(fan, key)).setlistfm).toBeNull();
    });

    it("suggests the artist's known songs, most played first", async () => {
      const response = await new TestBrowser(server).request(`/api/setlists/artist-songs/${lanternsId}?q=ha`);
      expect(response.status).toBe(200);
      const { songs: found } = (await response.json()) as { songs: { name: string; played: number }[] };
      expect(found[0]?.name).toBe('Harbour Lights');
      expect(found.every((song) => song.name.toLowerCase().includes('ha'))).toBe(true);
      expect(found[0]?.played).toBeGreaterThanOrEqual(20);
    });
  });
});
