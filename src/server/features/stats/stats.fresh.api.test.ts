import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthTestServer } from '#server/auth/auth.test-support.ts';
import { cancelStops } from '#server/features/sync/sync.repo.ts';
import type { StatsResponse } from '#shared/stats.ts';
import { insertSetlist } from '#tests/factories/concert-history.ts';
import { FIXTURE_ANSWER_DAY, type FixtureHistory, fixtureHistory } from '#tests/factories/concert-history-setup.ts';
import { type SignedInFan, signedInAdmin } from '#tests/setup/fans.ts';
import { statsCache } from './stats.cache.ts';
import { selectStatsFingerprint } from './stats.fingerprint.ts';

/** Denver in the places table (GeoNames id), as the account page sends it. */
const DENVER = '5419384';
const A = 'northern-lanterns';
const B = 'velvet-harbour';
const C = 'amber-skies';
const D = 'copper-tide';
const E = 'glass-rivers';

/**
 * GET /api/stats answers are kept per fan and year under a fingerprint of their data
 * (stats.cache.ts). Every kind of write that changes a figure must show in the very next answer:
 * each test reads the stats (kept), makes one change through the product's own write path, and
 * reads them again. The tests share one fixture fan and run in order, each from the state the
 * previous one left.
 */
describe('concert stats stay current with a kept answer', () => {
  let server: AuthTestServer;
  let fixture: FixtureHistory;
  let fan: SignedInFan;
  let other: SignedInFan;
  const stop = (key: string) => fixture.stop(key);
  const cache = () => statsCache(server.database);

  async function stats(who: SignedInFan, query = ''): Promise<StatsResponse> {
    const response = await who.browser.request(`/api/stats${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    return response.json();
  }
  /** The fan's stats, read twice: the second read must be the kept answer, unchanged. */
  async function kept(query = ''): Promise<StatsResponse> {
    const first = await stats(fan, query);
    const { hits, misses } = cache();
    expect(await stats(fan, query)).toEqual(first);
    expect({ hits: cache().hits, misses: cache().misses }).toEqual({ hits: hits + 1, misses });
    return first;
  }
  /** The fan's stats after a change: computed again, not the kept answer. */
  async function fresh(query = ''): Promise<StatsResponse> {
    const { misses } = cache();
    const answer = await stats(fan, query);
    expect(cache().misses).toBe(misses + 1);
    return answer;
  }
  const artistCount = (s: StatsResponse, label: string) => s.topArtists.find((a) => a.label === label)?.count;
  const coverageOf = (s: StatsResponse, slug: string) => s.coverage.find((c) => c.artistSlug === slug);

  beforeAll(async () => {
    fixture = await fixtureHistory({ jobs: true });
    ({ server, fan, other } = fixture);
    await server.database.query(`update users set home_lat = 42.3736, home_lon = -71.1097 where id = $1`, [fan.id]);
    await insertSetlist(server.database, {
      stopId: stop(`${A}@2022-01-15`),
      source: 'setlistfm',
      lines: ['Lantern Song', 'Harbour'],
    });
    await insertSetlist(server.database, { stopId: stop(`${A}@2023-01-21`), source: 'setlistfm', lines: ['Wildfire'] });
    // The fixture marks 44 shows over HTTP: past a minute on PGlite when the 2-core box is shared.
  }, 180_000);
  afterAll(() => server?.close());

  it('marking a show attended, then missed, then clearing it, shows at once (all time and the year)', async () => {
    const before = await kept();
    const year = await kept('?year=2023');
    // C on the A show of 2023-04-08 (same venue and day): one more artist-show, the same show count.
    await fixture.mark(fan, `${C}@2023-04-08`, 'attended', FIXTURE_ANSWER_DAY);
    const marked = await fresh();
    expect(artistCount(marked, 'Amber Skies')).toBe(artistCount(before, 'Amber Skies')! + 1);
    expect(marked.totals.shows).toBe(before.totals.shows);
    expect(artistCount(await fresh('?year=2023'), 'Amber Skies')).toBe(artistCount(year, 'Amber Skies')! + 1);

    await kept();
    await fixture.mark(fan, `${C}@2023-04-08`, 'missed', FIXTURE_ANSWER_DAY);
    expect(artistCount(await fresh(), 'Amber Skies')).toBe(artistCount(before, 'Amber Skies'));
    await fixture.mark(fan, `${C}@2023-04-08`, 'attended', FIXTURE_ANSWER_DAY);
    await kept();
    const cleared = await fan.browser.request(`/api/shows/stops/${stop(`${C}@2023-04-08`)}`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect(await fresh()).toEqual(before);
    expect(await fresh('?year=2023')).toEqual(year);
  });

  it('a setlist.fm setlist stored for an attended stop, and a new version of it, count at once', async () => {
    const before = await kept();
    await insertSetlist(server.database, {
      stopId: stop(`${B}@2024-08-10`),
      source: 'setlistfm',
      lines: ['Velvet', 'Undertow', 'tape:Outro'],
    });
    const stored = await fresh();
    expect(stored.totals.songs).toBe(before.totals.songs + 2);
    expect(stored.topSongs.map((s) => s.title)).toContain('Undertow');
    // The same setlist.fm copy refreshed with other songs: the setlist row keeps its id.
    await kept();
    await insertSetlist(server.database, { stopId: stop(`${B}@2024-08-10`), source: 'setlistfm', lines: ['Velvet'] });
    expect((await fresh()).totals.songs).toBe(before.totals.songs + 1);
  });

  it('a setlist.fm setlist of a show on a tour the fan saw, not attended, changes coverage at once', async () => {
    const before = coverageOf(await kept(), A)!;
    await insertSetlist(server.database, {
      stopId: stop(`${A}@2023-07-01`),
      source: 'setlistfm',
      lines: ['Wildfire', 'Slow Burn'],
    });
    const after = coverageOf(await fresh(), A)!;
    expect(after.played).toBe(before.played + 1);
    expect(after.neverHeard).toEqual([{ title: 'Slow Burn', timesPlayed: 1 }]);
  });

  it("a hand-entered setlist edit counts at once, and its removal; another fan's does not touch the kept answer", async () => {
    const before = await kept();
    const path = `/api/setlists/stops/${stop(`${A}@2022-01-15`)}/mine`;
    const saved = await fan.browser.request(path, {
      method: 'PUT',
      json: { songs: ['Lantern Song', 'Harbour', 'Northern Sky'].map((name) => ({ name, setIndex: 0 })) },
    });
    expect(saved.status).toBe(200);
    const own = await fresh();
    expect(own.totals.songs).toBe(before.totals.songs + 1);
    await kept();
    const edited = await fan.browser.request(path, {
      method: 'PUT',
      json: { songs: ['Lantern Song', 'Harbour', 'Northern Sky', 'Slow Burn'].map((name) => ({ name, setIndex: 0 })) },
    });
    expect(edited.status).toBe(200);
    expect((await fresh()).totals.songs).toBe(before.totals.songs + 2);

    // Another fan's own setlist of the same show, and their marks: this fan's answer stays kept.
    const fingerprint = await selectStatsFingerprint(server.database.db, fan.id);
    const theirs = await other.browser.request(path, {
      method: 'PUT',
      json: { songs: [{ name: 'Only Theirs', setIndex: 0 }] },
    });
    expect(theirs.status).toBe(200);
    await fixture.mark(other, `${B}@2024-08-10`, 'attended', FIXTURE_ANSWER_DAY);
    expect(await selectStatsFingerprint(server.database.db, fan.id)).toBe(fingerprint);
    await kept();

    expect((await fan.browser.request(path, { method: 'DELETE' })).status).toBe(200);
    expect((await fresh()).totals.songs).toBe(before.totals.songs);
  });

  it('a stop cancelled by a sync leaves the figures at once', async () => {
    const before = await kept();
    await server.database.db.transaction((tx) => cancelStops(tx, [stop(`${E}@2024-06-22`)]));
    const after = await fresh();
    expect(after.totals.artists).toBe(before.totals.artists - 1);
    expect(artistCount(after, 'Glass Rivers')).toBeUndefined();
    // Listed again by the next sync.
    await server.database.query(`update tour_stops set status = 'scheduled', updated_at = now() where id = $1`, [
      stop(`${E}@2024-06-22`),
    ]);
    expect(await fresh()).toEqual(before);
  });

  it('an artist renamed, then merged into another, by an admin shows at once', async () => {
    const admin = await signedInAdmin(server);
    await kept();
    const renamed = await admin.browser.request(`/api/admin/catalog/artists/${E}`, {
      method: 'PATCH',
      json: { name: 'Glass Rivers Band', genres: [], mbid: null },
    });
    expect(renamed.status).toBe(200);
    const afterRename = await fresh();
    expect(artistCount(afterRename, 'Glass Rivers Band')).toBe(1);
    expect(afterRename.firstTimes.map((f) => f.artistName)).toContain('Glass Rivers Band');

    const before = await kept();
    const merged = await admin.browser.request(`/api/admin/catalog/artists/${E}/merge`, { json: { into: D } });
    expect(merged.status).toBe(200);
    const after = await fresh();
    expect(after.totals.artists).toBe(before.totals.artists - 1);
    expect(artistCount(after, 'Copper Tide')).toBe(artistCount(before, 'Copper Tide')! + 1);
    expect(artistCount(after, 'Glass Rivers Band')).toBeUndefined();
  });

  it('a new home changes the kilometres at once; clearing it too', async () => {
    const before = await kept();
    const moved = await fan.browser.request('/api/account/profile', {
      method: 'PATCH',
      json: { fullName: 'History Fan', homePlaceId: DENVER },
    });
    expect(moved.status).toBe(200);
    const denver = await fresh();
    expect(denver.totals.km).toBeGreaterThan(before.totals.km! * 2);
    await kept();
    const cleared = await fan.browser.request('/api/account/profile', {
      method: 'PATCH',
      json: { fullName: 'History Fan', homePlaceId: null },
    });
    expect(cleared.status).toBe(200);
    expect((await fresh()).totals.km).toBeNull();
  });

  it('an import of past shows counts at once, and its undo takes it back at once', async () => {
    const before = await kept();
    const browser = fan.browser;
    const csv = ['Date,Artist,Venue,City,Country', '2023-04-08,Amber Skies,The Fillmore,San Francisco,US'].join('\r\n');
    const posted = await server.fetch(
      '/api/history-imports/csv?date=Date&artist=Artist&venue=Venue&city=City&country=Country&name=shows.csv',
      {
        method: 'POST',
        headers: {
          origin: 'http://localhost:3000',
          cookie: browser.cookieHeader(),
          'x-forwarded-for': browser.ip,
          'content-type': 'text/csv',
        },
        body: csv,
      },
    );
    expect(posted.status).toBe(201);
    const preview = (await posted.json()) as { id: string; counts: { matched: number } };
    expect(preview.counts.matched).toBe(1);
    expect(
      (await browser.request(`/api/history-imports/${preview.id}/start`, { method: 'POST', json: {} })).status,
    ).toBe(200);
    for (let i = 0; i < 120; i++) {
      const view = (await (await browser.request(`/api/history-imports/${preview.id}`)).json()) as { state: string };
      if (view.state === 'done') break;
      expect(view.state).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const imported = await fresh();
    expect(artistCount(imported, 'Amber Skies')).toBe(artistCount(before, 'Amber Skies')! + 1);
    await kept();
    const undone = await browser.request(`/api/history-imports/${preview.id}/undo`, { method: 'POST', json: {} });
    expect(undone.status).toBe(200);
    expect(await fresh()).toEqual(before);
  });

  it('keeps each fan to their own answer', async () => {
    const mine = await kept();
    const theirs = await stats(other);
    expect(theirs.totals.shows).toBe(2);
    expect(theirs).not.toEqual(mine);
    expect(await stats(fan)).toEqual(mine);
  });
});
