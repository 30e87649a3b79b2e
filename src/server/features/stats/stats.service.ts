import type { Database } from '#server/db/client.ts';
import { STATS_TOP_LIMIT, type StatsResponse } from '#shared/stats.ts';
import { titleCase } from '#shared/text.ts';
import { usMapSvg, usStateName, worldMapSvg } from './stats.map.ts';
import {
  type Scope,
  selectBusiestMonth,
  selectEdgeShow,
  selectFirstTimes,
  selectKmFromHome,
  selectLongestStreak,
  selectPerMonth,
  selectPerYear,
  selectPlaces,
  selectTopArtists,
  selectTopCities,
  selectTopVenues,
  selectTotals,
} from './stats.repo.ts';
import { setlistStats } from './stats.setlists.ts';

/** Every figure is the signed-in user's own: the actor's id scopes each query. */
export interface Actor {
  userId: string;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** Month index (year * 12 + month - 1) → 'YYYY-MM'. */
export function monthOfIndex(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export async function concertStats(database: Database, actor: Actor, year: number | null): Promise<StatsResponse> {
  const db = database.db;
  const scope: Scope = { userId: actor.userId, year };
  const [
    totals,
    km,
    perYear,
    perMonth,
    topArtists,
    topVenues,
    topCities,
    firstShow,
    latestShow,
    firstTimes,
    busiestMonth,
    streak,
    places,
    setlists,
  ] = await Promise.all([
    selectTotals(db, scope),
    selectKmFromHome(db, scope),
    selectPerYear(db, actor.userId),
    year === null ? Promise.resolve(null) : selectPerMonth(db, scope),
    selectTopArtists(db, scope, STATS_TOP_LIMIT),
    selectTopVenues(db, scope, STATS_TOP_LIMIT),
    selectTopCities(db, scope, STATS_TOP_LIMIT),
    selectEdgeShow(db, scope, 'first'),
    selectEdgeShow(db, scope, 'latest'),
    selectFirstTimes(db, scope),
    selectBusiestMonth(db, scope),
    selectLongestStreak(db, scope),
    selectPlaces(db, scope),
    setlistStats(db, scope),
  ]);
  const showRef = (row: typeof firstShow) => (row ? { ...row, artists: row.artists.map(titleCase) } : null);
  return {
    year,
    perYear,
    perMonth: perMonth ? fillMonths(year!, perMonth) : null,
    totals: { ...totals, songs: setlists.songsHeard, km },
    topArtists: topArtists.map((row) => ({ ...row, label: titleCase(row.label) })),
    topVenues,
    topCities,
    firstShow: showRef(firstShow),
    latestShow: showRef(latestShow),
    firstTimes: firstTimes.map((row) => ({ ...row, artistName: titleCase(row.artistName) })),
    busiestMonth,
    longestStreak: streak
      ? { months: streak.months, from: monthOfIndex(streak.fromIndex), to: monthOfIndex(streak.toIndex) }
      : null,
    ...placeLists(places),
    topSongs: setlists.topSongs,
    coverage: setlists.coverage,
    hasSetlists: setlists.hasSetlists,
  };
}

/** Twelve months, the empty ones at 0, so the chart has a bar (and the table a row) per month. */
function fillMonths(year: number, rows: { month: string; count: number }[]) {
  const counts = new Map(rows.map((row) => [row.month, row.count]));
  return Array.from({ length: 12 }, (_, i) => {
    const month = `${year}-${String(i + 1).padStart(2, '0')}`;
    return { month, count: counts.get(month) ?? 0 };
  });
}

function placeLists(rows: { country: string; region: string | null; count: number }[]) {
  const countries = new Map<string, number>();
  const states = new Map<string, number>();
  for (const row of rows) {
    countries.set(row.country, (countries.get(row.country) ?? 0) + row.count);
    const state = row.country === 'US' ? usStateName(row.region) : null;
    if (state) states.set(state, (states.get(state) ?? 0) + row.count);
  }
  const byCount = <T extends { count: number; name: string }>(a: T, b: T) =>
    b.count - a.count || a.name.localeCompare(b.name);
  return {
    countries: [...countries]
      .map(([code, count]) => ({ code, name: countryNames.of(code) ?? code, count }))
      .sort(byCount),
    usStates: [...states].map(([name, count]) => ({ name, count })).sort(byCount),
  };
}

export async function statsMap(
  database: Database,
  actor: Actor,
  year: number | null,
  region: 'world' | 'us',
): Promise<string> {
  const lists = placeLists(await selectPlaces(database.db, { userId: actor.userId, year }));
  return region === 'world'
    ? worldMapSvg(lists.countries.map((c) => c.code))
    : usMapSvg(lists.usStates.map((s) => s.name));
}
