import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { localIsoDate } from '#shared/dates.ts';
import type { ArtistLookupView } from '#shared/search-api.ts';
import { FAKE_BANDSINTOWN_KEY, type FakeBandsintown, startFakeBandsintown } from '#tests/fakes/bandsintown.ts';
import { NORTHERN_LANTERN_SOCIETY, NORTHERN_LANTERNS, WINTERBOURNE_KITES } from '#tests/fakes/dataset.ts';
import { FAKE_TICKETMASTER_KEY, type FakeTicketmaster, startFakeTicketmaster } from '#tests/fakes/ticketmaster.ts';
import { signedInFan } from '#tests/setup/fans.ts';

/**
 * The unknown band (issue 24 item 5): a fan picks a MusicBrainz artist; a job asks every enabled
 * source and writes each answer as it comes; the page polls the look-up.
 */

describe('looking up a band the catalog lacks, source by source', () => {
  let ticketmaster: FakeTicketmaster;
  let bandsintown: FakeBandsintown;
  let server: AuthTestServer;
  let visitor: TestBrowser;

  beforeAll(async () => {
    [ticketmaster, bandsintown] = await Promise.all([startFakeTicketmaster(), startFakeBandsintown()]);
    server = await startAuthTestServer(
      {
        TICKETMASTER_URL: ticketmaster.url,
        TICKETMASTER_API_KEY: FAKE_TICKETMASTER_KEY,
        BANDSINTOWN_URL: bandsintown.url,
        BANDSINTOWN_APP_ID: FAKE_BANDSINTOWN_KEY,
      },
      { jobs: true },
    );
    visitor = new TestBrowser(server);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([ticketmaster?.close(), bandsintown?.close()]);
  });

  afterEach(() => {
    ticketmaster.setMode('normal');
    bandsintown.setMode('normal');
  });

  async function start(artistName: string, mbid?: string): Promise<ArtistLookupView> {
    const response = await visitor.request('/api/search/lookups', { json: { artistName, mbid } });
    expect(response.status, await response.clone().text()).toBe(202);
    return response.json();
  }

  async function poll(id: string): Promise<ArtistLookupView> {
    const response = await visitor.request(`/api/search/lookups/${id}`);
    expect(response.status).toBe(200);
    return response.json();
  }

  async function finished(id: string, seen: ArtistLookupView[] = []): Promise<ArtistLookupView> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const view = await poll(id);
      seen.push(view);
      if (view.status !== 'running') return view;
      await sleep(50);
    }
    throw new Error(`look-up ${id} still running`);
  }

  it('answers at once with every enabled source searching, then each source as it answers', async () => {
    // Bandsintown answers a second late: the page must show Ticketmaster's dates meanwhile.
    bandsintown.setMode('slow', { delayMs: 1500, times: 1 });
    const started = await start('Northern Lanterns', NORTHERN_LANTERNS);
    expect(started.status).toBe('running');
    expect(started.sources).toEqual([
      { provider: 'ticketmaster', state: 'searching', dates: 0 },
      { provider: 'bandsintown', state: 'searching', dates: 0 },
    ]);

    const seen: ArtistLookupView[] = [];
    const done = await finished(started.id, seen);
    const ticketmasterFirst = seen.find(
      (view) => view.sources[0]?.state === 'found' && view.sources[1]?.state === 'searching',
    );
    expect(ticketmasterFirst?.sources[0]).toEqual({ provider: 'ticketmaster', state: 'found', dates: 3 });
    expect(done.status).toBe('done');
    expect(done.sources).toEqual([
      { provider: 'ticketmaster', state: 'found', dates: 3 },
      { provider: 'bandsintown', state: 'found', dates: 3 },
    ]);
    expect(done.result).toMatchObject({ artistName: 'Northern Lanterns', artistSlug: 'northern-lanterns' });
    expect(done.result?.stopsFound).toBeGreaterThan(0);
    const tour = await (await visitor.request(`/api/artists/northern-lanterns?today=${localIsoDate()}`)).json();
    expect(tour.tours.length).toBeGreaterThan(0);
    // A fan's interest: the sync planner sees the artist as searched (ADR 0046).
    const searched = await server.database.query(
      `select 1 from artist_searches s join artists a on a.id = s.artist_id where a.slug = 'northern-lanterns'`,
    );
    expect(searched.rows).toHaveLength(1);
  });

  it('a source that fails is failed, never "no dates"; the others still bring theirs', async () => {
    bandsintown.setMode('unavailable');
    const done = await finished((await start('Winterbourne Kites', WINTERBOURNE_KITES)).id);
    expect(done.status).toBe('done');
    expect(done.sources.find((source) => source.provider === 'bandsintown')?.state).toBe('failed');
    expect(done.sources.find((source) => source.provider === 'ticketmaster')?.state).toMatch(/found|none/);
  });

  it('when every source fails the look-up is failed (the page offers a retry), and nothing is written', async () => {
    ticketmaster.setMode('unavailable');
    bandsintown.setMode('unavailable');
    const done = await finished((await start('Glass Lanterns Unknown')).id);
    expect(done.status).toBe('failed');
    expect(done.sources.every((source) => source.state === 'failed')).toBe(true);
    expect(done.result).toBeNull();
  });

  it('no source has dates: done with 0 dates; the artist has a page, a fan follows anyway and hears of the first date', async () => {
    const done = await finished((await start('Northern Lantern Society', NORTHERN_LANTERN_SOCIETY)).id);
    expect(done.status).toBe('done');
    expect(done.sources.map((source) => source.state)).toEqual(['none', 'none']);
    expect(done.result).toEqual({
      artistName: 'Northern Lantern Society',
      artistSlug: 'northern-lantern-society',
      stopsFound: 0,
      stopsAdded: 0,
    });
    // Provider-confirmed (MusicBrainz): public, like any synced artist (ADR 0037).
    expect(
      (await new TestBrowser(server).request(`/api/artists/northern-lantern-society?today=${localIsoDate()}`)).status,
    ).toBe(200);

    const fan = await signedInFan(server);
    const followed = await fan.browser.request('/api/favorites/northern-lantern-society', { method: 'PUT' });
    expect(followed.status, await followed.clone().text()).toBe(200);

    // Ticketmaster announces their first show; the next look-up (any fan's, or the re-sync) finds it.
    ticketmaster.events.push({
      id: 'G5vYZ9NS001',
      attractions: [NORTHERN_LANTERN_SOCIETY],
      venueId: 'KovZ9177Rnd',
      daysFromToday: 60,
      time: '20:00:00',
    });
    const again = await finished((await start('Northern Lantern Society', NORTHERN_LANTERN_SOCIETY)).id);
    expect(again.result?.stopsFound).toBe(1);

    let titles: string[] = [];
    for (let attempt = 0; attempt < 100 && titles.length === 0; attempt++) {
      const { notifications } = await (await fan.browser.request('/api/notifications')).json();
      titles = notifications.map(
        (notification: { title: string; message: string }) => `${notification.title}: ${notification.message}`,
      );
      if (titles.length === 0) await sleep(100);
    }
    expect(titles.join(' ')).toMatch(/Northern Lantern Society.*1 new date/);
  });

  it('an unknown look-up is 404 with words for a fan; a malformed id is 400', async () => {
    const unknown = await visitor.request('/api/search/lookups/6f1d6c55-0d3a-4a4e-9d59-3a4a5e0f7a11');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe('This search has expired. Please search again.');
    expect((await visitor.request('/api/search/lookups/not-an-id')).status).toBe(400);
  });
});

describe('looking up a band on a server with no tour-date key', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthTestServer({}, { jobs: true });
  });
  afterAll(() => server?.close());

  it('lists no source (nothing about keys for a fan) and still gives the MusicBrainz artist its page', async () => {
    const visitor = new TestBrowser(server);
    const started = await visitor.request('/api/search/lookups', {
      json: { artistName: 'Northern Lantern Society', mbid: NORTHERN_LANTERN_SOCIETY },
    });
    expect(started.status).toBe(202);
    let view = (await started.json()) as ArtistLookupView;
    expect(view.sources).toEqual([]);
    for (let attempt = 0; attempt < 100 && view.status === 'running'; attempt++) {
      await sleep(50);
      view = await (await visitor.request(`/api/search/lookups/${view.id}`)).json();
    }
    expect(view).toMatchObject({
      status: 'done',
      sources: [],
      result: { artistSlug: 'northern-lantern-society', stopsFound: 0 },
    });
    expect(JSON.stringify(view)).not.toMatch(/key|configured/i);
  });
});
