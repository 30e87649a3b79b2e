import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import type { StatsResponse } from '#shared/stats.ts';
import { FIXTURE_VENUES, insertSetlist } from '#tests/factories/concert-history.ts';
import { type FixtureHistory, fixtureHistory } from '#tests/factories/concert-history-setup.ts';
import { type SignedInFan, signedInFan } from '#tests/setup/fans.ts';
import { selectStats } from './stats.repo.ts';

/** Cambridge, MA: the fan's home. */
const HOME = { lat: 42.3736, lon: -71.1097 };

/** Independent of the SQL: the haversine distance in km. */
function km(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Shows per venue, counted by hand from FIXTURE_SHOWS: there and back for each. */
function expectedKm(perVenue: Partial<Record<keyof typeof FIXTURE_VENUES, number>>): number {
  let total = 0;
  for (const [venue, count] of Object.entries(perVenue)) {
    total += count * 2 * km(HOME, FIXTURE_VENUES[venue as keyof typeof FIXTURE_VENUES]);
  }
  return Math.round(total);
}

describe('concert stats', () => {
  let server: AuthTestServer;
  let fixture: FixtureHistory;
  let fan: SignedInFan;
  let other: SignedInFan;
  const stop = (key: string) => fixture.stop(key);
  const A = 'northern-lanterns';
  const B = 'velvet-harbour';
  const C = 'amber-skies';
  async function stats(who: SignedInFan, query = ''): Promise<StatsResponse> {
    const response = await who.browser.request(`/api/stats${query}`);
    expect(response.status).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    // The fixture fan: 40 attended shows, A@2024-03-23 attended then cancelled, one missed, one Going.
    fixture = await fixtureHistory();
    ({ server, fan, other } = fixture);
    await server.database.query(
      `update users set home_city = 'Cambridge', home_lat = $2, home_lon = $3 where id = $1`,
      [fan.id, HOME.lat, HOME.lon],
    );

    // Setlists (setlist.fm copies unless said): a tape, a cover, encores.
    const fm = (key: string, lines: string[]) =>
      insertSetlist(server.database, { stopId: stop(key), source: 'setlistfm', lines });
    await fm(`${A}@2022-01-15`, [
      'tape:Intro Tape',
      'Lantern Song',
      'Harbour',
      'Heroes|cover:David Bowie',
      '--',
      'Northern Sky',
    ]);
    await fm(`${A}@2023-01-21`, ['Lantern Song', 'Wildfire', '--', 'Harbour', '--', 'Northern Sky']);
    await fm(`${A}@2023-07-01`, ['Lantern Song', 'Slow Burn', 'Wildfire']);
    await fm(`${A}@2024-12-14`, ['Lantern Song', 'Harbour', 'Slow Burn']);
    await insertSetlist(server.database, {
      stopId: stop(`${A}@2024-12-14`),
      source: 'user',
      ownerId: fan.id,
      lines: ['Lantern Song', 'Harbour'],
    });
    // Another fan's own setlist of a show this fan attended: never this fan's.
    await insertSetlist(server.database, {
      stopId: stop(`${A}@2024-04-13`),
      source: 'user',
      ownerId: other.id,
      lines: ['Slow Burn'],
    });
    await fm(`${A}@2024-03-23`, ['Slow Burn']);
    await fm(`${B}@2022-03-05`, ['Velvet', 'Undertow']);
    await fm(`${B}@2023-03-18`, ['Velvet']);
    await fm(`${C}@2023-04-08`, ['Amber']);
  });
  afterAll(() => server?.close());

  it('answers 401 to visitors', async () => {
    const visitor = new TestBrowser(server);
    const answers = await Promise.all(
      [
        '/api/stats',
        '/api/stats/first-times',
        '/api/stats/coverage',
        '/api/stats/map.svg',
        '/api/stats/summary.png?year=2023',
      ].map((path) => visitor.request(path)),
    );
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
  });

  it('adds up every show of all time: totals, years, tops, firsts, busiest month, streak, places', async () => {
    const all = await stats(fan);
    expect(all.year).toBeNull();
    expect(all.totals).toEqual({
      shows: 40,
      artists: 5,
      venues: 6,
      cities: 5,
      countries: 3,
      songs: 7,
      km: expectedKm({ paradise: 18, palladium: 7, fillmore: 3, brudenell: 3, paradiso: 3, orpheum: 6 }),
    });
    expect(all.perYear).toEqual([
      { year: 2022, count: 12 },
      { year: 2023, count: 14 },
      { year: 2024, count: 14 },
    ]);
    expect(all.perMonth).toBeNull();
    expect(all.topArtists.map((a) => [a.label, a.count])).toEqual([
      ['Northern Lanterns', 16],
      ['Velvet Harbour', 12],
      ['Amber Skies', 9],
      ['Copper Tide', 6],
      ['Glass Rivers', 1],
    ]);
    expect(all.topVenues.map((v) => [v.label, v.count])).toEqual([
      ['Paradise', 18],
      ['The Palladium', 7],
      ['Boston Orpheum', 6],
      ['Brudenell Social Club', 3],
      ['Paradiso', 3],
      ['The Fillmore', 3],
    ]);
    expect(all.topCities.map((c) => [c.label, c.count])).toEqual([
      ['Boston, MA', 24],
      ['Worcester, MA', 7],
      ['Amsterdam, Netherlands', 3],
      ['Leeds, United Kingdom', 3],
      ['San Francisco, CA', 3],
    ]);
    expect(all.firstShow).toMatchObject({
      date: '2022-01-15',
      venueName: 'Paradise',
      artists: ['Northern Lanterns'],
      // The whole place, for the one place label.
      city: 'Boston',
      region: 'MA',
      country: 'US',
    });
    expect(all.latestShow).toMatchObject({ date: '2024-12-14', venueName: 'Paradise', artists: ['Northern Lanterns'] });
    expect(all.firstTimes.map((f) => [f.artistName, f.date, f.venueName])).toEqual([
      ['Northern Lanterns', '2022-01-15', 'Paradise'],
      ['Velvet Harbour', '2022-02-10', 'The Palladium'],
      ['Amber Skies', '2022-04-20', 'The Fillmore'],
      ['Copper Tide', '2022-05-14', 'Paradise'],
      ['Glass Rivers', '2024-06-22', 'Paradise'],
    ]);
    expect(all.busiestMonth).toEqual({ month: '2023-05', count: 3 });
    expect(all.longestStreak).toEqual({ months: 17, from: '2023-08', to: '2024-12' });
    expect(all.countries).toEqual([
      { code: 'US', name: 'United States', count: 34 },
      { code: 'NL', name: 'Netherlands', count: 3 },
      { code: 'GB', name: 'United Kingdom', count: 3 },
    ]);
    expect(all.usStates).toEqual([
      { name: 'Massachusetts', count: 31 },
      { name: 'California', count: 3 },
    ]);
  });

  it('counts songs heard live from the right setlists: own first, tapes never, cancelled and others’ never', async () => {
    const all = await stats(fan);
    expect(all.hasSetlists).toBe(true);
    expect(all.topSongs.map((s) => [s.title, s.artistName, s.count])).toEqual([
      ['Harbour', 'Northern Lanterns', 3],
      ['Lantern Song', 'Northern Lanterns', 3],
      ['Northern Sky', 'Northern Lanterns', 2],
      ['Velvet', 'Velvet Harbour', 2],
      ['Heroes', 'Northern Lanterns', 1],
      ['Undertow', 'Velvet Harbour', 1],
      ['Wildfire', 'Northern Lanterns', 1],
    ]);
    expect(all.coverage).toEqual([
      {
        artistName: 'Northern Lanterns',
        artistSlug: A,
        shows: 16,
        played: 6,
        heard: 5,
        neverHeard: [{ title: 'Slow Burn', timesPlayed: 1 }],
      },
      { artistName: 'Velvet Harbour', artistSlug: B, shows: 12, played: 2, heard: 2, neverHeard: [] },
      {
        artistName: 'Amber Skies',
        artistSlug: C,
        shows: 9,
        played: 1,
        heard: 0,
        neverHeard: [{ title: 'Amber', timesPlayed: 1 }],
      },
    ]);
  });

  it('caps the two long lists and serves every row of them on request', async () => {
    const all = await stats(fan);
    // Under the caps here: every row, nothing more to show.
    expect(all.firstTimesTotal).toBe(5);
    expect(all.coverageMore).toBe(false);
    const firstTimes = await fan.browser.request('/api/stats/first-times');
    expect(firstTimes.status).toBe(200);
    expect(await firstTimes.json()).toEqual({ firstTimes: all.firstTimes });
    const coverage = await fan.browser.request('/api/stats/coverage');
    expect(await coverage.json()).toEqual({ coverage: all.coverage });
    const inYear = await (await fan.browser.request('/api/stats/first-times?year=2024')).json();
    expect(inYear.firstTimes.map((f: { artistName: string }) => f.artistName)).toEqual(['Glass Rivers']);
    const coverage2023 = await (await fan.browser.request('/api/stats/coverage?year=2023')).json();
    expect(coverage2023.coverage.map((c: { artistSlug: string; played: number }) => [c.artistSlug, c.played])).toEqual([
      [A, 5],
      [B, 1],
      [C, 1],
    ]);
    expect((await other.browser.request('/api/stats/coverage')).status).toBe(200);
    expect(await (await other.browser.request('/api/stats/first-times')).json()).toEqual({
      firstTimes: [expect.objectContaining({ artistSlug: A, date: '2022-01-15' })],
    });

    // Small caps, straight on the statement: the first rows in the list's order, the count of all.
    const capped = (firstTimes: number, coverage: number) =>
      selectStats(
        server.database.db,
        { userId: fan.id, year: null },
        { top: 10, songs: 15, neverHeard: 5, firstTimes, coverage },
      );
    const two = await capped(2, 1);
    expect(two.firstTimes.map((f) => f.artistSlug)).toEqual([A, B]);
    expect(two.firstTimesTotal).toBe(5);
    expect(two.coverage.map((c) => [c.artistSlug, c.played, c.heard])).toEqual([[A, 6, 5]]);
    expect(two.coverageMore).toBe(true);
    expect((await capped(2, 2)).coverageMore).toBe(true);
    // Copper Tide was seen six times but no setlist of theirs is stored: not a row, so no more after three.
    const three = await capped(5, 3);
    expect(three.coverage.map((c) => c.artistSlug)).toEqual([A, B, C]);
    expect(three.coverageMore).toBe(false);
    expect(three.firstTimes).toHaveLength(5);
    // The figures outside the lists do not depend on the caps.
    expect(two.topSongs).toEqual(three.topSongs);
    expect(two.totals).toEqual(three.totals);
  });

  it('narrows every figure to a year', async () => {
    const year = await stats(fan, '?year=2023');
    expect(year.year).toBe(2023);
    expect(year.totals).toEqual({
      shows: 14,
      artists: 4,
      venues: 6,
      cities: 5,
      countries: 3,
      songs: 5,
      km: expectedKm({ paradise: 6, palladium: 3, fillmore: 1, brudenell: 1, paradiso: 1, orpheum: 2 }),
    });
    // The chart keeps every year: it is also the year picker.
    expect(year.perYear.map((y) => y.count)).toEqual([12, 14, 14]);
    expect(year.perMonth?.map((m) => m.count)).toEqual([1, 1, 2, 1, 3, 1, 0, 1, 1, 1, 1, 1]);
    expect(year.topArtists.map((a) => [a.label, a.count])).toEqual([
      ['Northern Lanterns', 6],
      ['Velvet Harbour', 4],
      ['Amber Skies', 3],
      ['Copper Tide', 3],
    ]);
    expect(year.topVenues.map((v) => [v.label, v.count])).toEqual([
      ['Paradise', 6],
      ['The Palladium', 3],
      ['Boston Orpheum', 2],
      ['Brudenell Social Club', 1],
      ['Paradiso', 1],
      ['The Fillmore', 1],
    ]);
    expect(year.firstShow).toMatchObject({ date: '2023-01-21', artists: ['Northern Lanterns'] });
    expect(year.latestShow).toMatchObject({ date: '2023-12-16', artists: ['Copper Tide', 'Velvet Harbour'] });
    expect(year.firstTimes).toEqual([]);
    expect(year.busiestMonth).toEqual({ month: '2023-05', count: 3 });
    expect(year.longestStreak).toEqual({ months: 6, from: '2023-01', to: '2023-06' });
    expect(year.coverage.map((c) => [c.artistSlug, c.shows, c.played, c.heard, c.neverHeard])).toEqual([
      [A, 6, 5, 4, [{ title: 'Slow Burn', timesPlayed: 1 }]],
      [B, 4, 1, 1, []],
      [C, 3, 1, 0, [{ title: 'Amber', timesPlayed: 1 }]],
    ]);
    const y2024 = await stats(fan, '?year=2024');
    expect(y2024.firstTimes.map((f) => f.artistName)).toEqual(['Glass Rivers']);
    expect(y2024.totals.shows).toBe(14);
  });

  it('shows each fan only their own figures', async () => {
    const theirs = await stats(other);
    expect(theirs.totals).toMatchObject({ shows: 1, artists: 1, venues: 1, songs: 4, km: null });
    expect(theirs.coverage).toEqual([]);
    const empty = await stats(await signedInFan(server));
    expect(empty.totals).toEqual({ shows: 0, artists: 0, venues: 0, cities: 0, countries: 0, songs: 0, km: null });
    expect(empty.firstShow).toBeNull();
    expect(empty.longestStreak).toBeNull();
    expect(empty.hasSetlists).toBe(false);
  });

  it('draws the visited countries and states, and renders the year summary as a PNG', async () => {
    const world = await fan.browser.request('/api/stats/map.svg');
    expect(world.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await world.text();
    const visited = [...svg.matchAll(/data-visited="true"><title>([^<]+)</g)].map((m) => m[1]);
    expect(visited.sort()).toEqual(['Netherlands', 'United Kingdom', 'United States of America']);
    const us = await (await fan.browser.request('/api/stats/map.svg?region=us&year=2022')).text();
    expect(us.match(/data-visited/g)).toHaveLength(2);
    const png = await fan.browser.request('/api/stats/summary.png?year=2023');
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    const { default: sharp } = await import('sharp');
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it('refuses bad years with a clear message', async () => {
    const response = await fan.browser.request('/api/stats?year=1800');
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('Year must be between 1950 and 2100');
    expect((await fan.browser.request('/api/stats/summary.png')).status).toBe(400);
    expect((await fan.browser.request('/api/stats/map.svg?region=moon')).status).toBe(400);
    expect((await fan.browser.request('/api/stats/coverage?year=abc')).status).toBe(400);
  });
});
