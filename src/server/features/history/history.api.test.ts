import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import type { DidYouGoResponse, HistoryFilters, HistoryPage } from '#shared/history.ts';
import { FIXTURE_SHOWS, insertSetlist } from '#tests/factories/concert-history.ts';
import {
  FIXTURE_ANSWER_DAY as ANSWER_DAY,
  type FixtureHistory,
  fixtureHistory,
} from '#tests/factories/concert-history-setup.ts';
import type { SignedInFan } from '#tests/setup/fans.ts';

describe('History', () => {
  let server: AuthTestServer;
  let fixture: FixtureHistory;
  let fan: SignedInFan;
  let other: SignedInFan;
  const stop = (key: string) => fixture.stop(key);
  const mark: FixtureHistory['mark'] = (who, key, state, today) => fixture.mark(who, key, state, today);
  async function page(who: SignedInFan, query = ''): Promise<HistoryPage> {
    const response = await who.browser.request(`/api/history${query}`);
    expect(response.status).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    fixture = await fixtureHistory();
    ({ server, fan, other } = fixture);
    const rated = await fan.browser.request(`/api/shows/${stop('northern-lanterns@2024-12-14')}/details`, {
      method: 'PATCH',
      json: { rating: 5 },
    });
    expect(rated.status).toBe(200);
    await insertSetlist(server.database, {
      stopId: stop('northern-lanterns@2024-12-14'),
      source: 'setlistfm',
      lines: ['tape:Intro', 'Lantern Song', 'Harbour', '--', 'Northern Sky'],
    });
  });
  afterAll(() => server?.close());

  it('answers 401 to visitors', async () => {
    const visitor = new TestBrowser(server);
    const answers = await Promise.all(
      ['/api/history', '/api/history/filters', `/api/history/did-you-go?today=${ANSWER_DAY}`].map((p) =>
        visitor.request(p),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401]);
  });

  it('lists every attended show newest first, a co-bill once, the cancelled one never, page by page', async () => {
    const first = await page(fan, '?limit=15');
    expect(first.total).toBe(40);
    expect(first.shows).toHaveLength(15);
    expect(first.shows[0]).toMatchObject({
      date: '2024-12-14',
      venue: { name: 'Paradise', city: 'Boston', country: 'US' },
      rating: 5,
      setlistSongs: 3,
      artists: [{ artistName: 'Northern Lanterns', attended: true }],
    });
    expect(first.shows[0]!.stopId).toBe(stop('northern-lanterns@2024-12-14'));
    const all = [...first.shows];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await page(fan, `?limit=15&cursor=${cursor}`);
      all.push(...next.shows);
      cursor = next.nextCursor;
    }
    expect(all.map((s) => s.date)).toEqual(FIXTURE_SHOWS.map(([date]) => date).reverse());
    const coBill = all.find((s) => s.date === '2024-06-22')!;
    expect(coBill.artists.map((a) => [a.artistSlug, a.attended])).toEqual([
      ['glass-rivers', true],
      ['northern-lanterns', true],
    ]);
    // An artist on the bill the fan did not mark is listed, not counted as attended.
    const fillmore = all.find((s) => s.date === '2023-04-08')!;
    expect(fillmore.artists.map((a) => [a.artistSlug, a.attended])).toEqual([
      ['northern-lanterns', true],
      ['amber-skies', false],
    ]);
    expect(all.some((s) => s.date === '2024-03-23' || s.date === '2024-05-25' || s.date === '2024-12-20')).toBe(false);
  });

  it('filters by artist, venue, city, year and search text', async () => {
    expect((await page(fan, '?artist=glass-rivers')).shows.map((s) => s.date)).toEqual(['2024-06-22']);
    expect((await page(fan, '?artist=amber-skies')).total).toBe(9);
    const filters: HistoryFilters = await (await fan.browser.request('/api/history/filters')).json();
    const paradiso = filters.venues.find((v) => v.label === 'Paradiso')!.value;
    expect((await page(fan, `?venue=${paradiso}`)).shows.map((s) => s.date)).toEqual([
      '2024-11-09',
      '2023-10-14',
      '2022-10-22',
    ]);
    expect((await page(fan, `?city=${encodeURIComponent('boston|US')}`)).total).toBe(24);
    expect((await page(fan, '?year=2023')).total).toBe(14);
    const paradise = filters.venues.find((v) => v.label === 'Paradise')!.value;
    expect((await page(fan, `?year=2023&venue=${paradise}`)).total).toBe(6);
    expect((await page(fan, '?q=leeds')).total).toBe(3);
    expect((await page(fan, '?q=copper')).total).toBe(6);
    expect((await page(fan, '?q=nothing-like-this')).shows).toEqual([]);
    expect(filters.years).toEqual([
      { value: '2024', label: '2024', count: 14 },
      { value: '2023', label: '2023', count: 14 },
      { value: '2022', label: '2022', count: 12 },
    ]);
    expect(filters.artists.map((a) => [a.label, a.count])).toEqual([
      ['Amber Skies', 9],
      ['Copper Tide', 6],
      ['Glass Rivers', 1],
      ['Northern Lanterns', 16],
      ['Velvet Harbour', 12],
    ]);
    expect(filters.cities.find((c) => c.value === 'boston|US')).toEqual({
      value: 'boston|US',
      label: 'Boston, MA',
      count: 24,
    });
    expect(filters.venues).toHaveLength(6);
  });

  it('asks "Did you go?" for Going shows whose date passed, and one answer settles it', async () => {
    const before: DidYouGoResponse = await (
      await fan.browser.request('/api/history/did-you-go?today=2024-12-21')
    ).json();
    expect(before.prompts).toEqual([
      {
        stopId: stop('copper-tide@2024-12-20'),
        date: '2024-12-20',
        artistName: 'Copper Tide',
        venueName: 'Boston Orpheum',
        // The whole place, for the one place label ('Boston, MA').
        city: 'Boston',
        region: 'MA',
        country: 'US',
      },
    ]);
    // Not yet passed: no prompt.
    const sameDay = await (await fan.browser.request('/api/history/did-you-go?today=2024-12-20')).json();
    expect(sameDay.prompts).toEqual([]);
    await mark(fan, 'copper-tide@2024-12-20', 'attended', '2024-12-21');
    const after = await (await fan.browser.request('/api/history/did-you-go?today=2024-12-21')).json();
    expect(after.prompts).toEqual([]);
    expect((await page(fan)).shows[0]).toMatchObject({ date: '2024-12-20', artists: [{ artistName: 'Copper Tide' }] });
    expect((await page(fan)).total).toBe(41);
  });

  it('shows each fan only their own history', async () => {
    const theirs = await page(other);
    expect(theirs.total).toBe(1);
    expect(theirs.shows.map((s) => [s.date, s.rating, s.setlistSongs])).toEqual([['2022-01-15', null, 0]]);
    const response = await other.browser.request('/api/history/filters');
    const filters: HistoryFilters = await response.json();
    expect(response.status, JSON.stringify(filters)).toBe(200);
    expect(filters.artists.map((a) => a.value)).toEqual(['northern-lanterns']);
    const prompts = await (await other.browser.request('/api/history/did-you-go?today=2030-01-01')).json();
    expect(prompts.prompts).toEqual([]);
  });

  it('refuses bad input with a clear message', async () => {
    const bad = await fan.browser.request('/api/history?year=20x4');
    expect(bad.status).toBe(400);
    expect((await fan.browser.request('/api/history?cursor=nope')).status).toBe(400);
    expect((await fan.browser.request(`/api/history?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await fan.browser.request('/api/history/did-you-go?today=yesterday')).status).toBe(400);
  });
});
