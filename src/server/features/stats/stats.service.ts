import type { Database } from '#server/db/client.ts';
import type { Actor } from '#server/lib/actor.ts';
import { placeLabel } from '#shared/place-label.ts';
import {
  type ArtistCoverage,
  type FirstSeen,
  STATS_COVERAGE_LIMIT,
  STATS_FIRST_TIMES_LIMIT,
  STATS_NEVER_HEARD_LIMIT,
  STATS_SONGS_LIMIT,
  STATS_TOP_LIMIT,
  type StatsCount,
  type StatsCoverageResponse,
  type StatsFirstTimesResponse,
  type StatsResponse,
} from '#shared/stats.ts';
import { titleCase } from '#shared/text.ts';
import { statsCache } from './stats.cache.ts';
import { selectStatsFingerprint } from './stats.fingerprint.ts';
import { usMapSvg, usStateName, worldMapSvg } from './stats.map.ts';
import {
  type PlaceCount,
  type Scope,
  type StatsBundle,
  type StatsLimits,
  selectPlaces,
  selectStats,
} from './stats.repo.ts';

/** Every figure is the signed-in user's own: the actor's id scopes each query. */
const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** Month index (year * 12 + month - 1) → 'YYYY-MM'. */
export function monthOfIndex(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const count = ({ label, key, count }: StatsCount): StatsCount => ({ label, key, count });

const LIMITS: StatsLimits = {
  top: STATS_TOP_LIMIT,
  songs: STATS_SONGS_LIMIT,
  neverHeard: STATS_NEVER_HEARD_LIMIT,
  firstTimes: STATS_FIRST_TIMES_LIMIT,
  coverage: STATS_COVERAGE_LIMIT,
};
/** The "Show all" lists: every row, and only that figure computed. */
const ALL_ROWS: StatsLimits = { ...LIMITS, firstTimes: null, coverage: null };

const firstTimes = (rows: StatsBundle['firstTimes']): FirstSeen[] =>
  rows.map(({ artistName, artistSlug, date, venueName, stopId }) => ({
    artistName: titleCase(artistName),
    artistSlug,
    date,
    venueName,
    stopId,
  }));

const coverage = (rows: StatsBundle['coverage']): ArtistCoverage[] =>
  rows.map(({ artistName, artistSlug, shows, played, heard, neverHeard }) => ({
    artistName: titleCase(artistName),
    artistSlug,
    shows,
    played,
    heard,
    neverHeard: neverHeard ?? [],
  }));

export async function concertStats(database: Database, actor: Actor, year: number | null): Promise<StatsResponse> {
  const scope: Scope = { userId: actor.userId, year };
  return statsResponse(year, await selectStats(database.db, scope, LIMITS));
}

/**
 * GET /api/stats, serialised: the answer kept for this fan and year while the fingerprint of its
 * data is unchanged (stats.cache.ts), else computed and kept. The fingerprint and the statement
 * read one snapshot (a read-only repeatable-read transaction), so a kept answer is always the
 * answer of exactly the data fingerprinted.
 */
export async function concertStatsJson(database: Database, actor: Actor, year: number | null): Promise<string> {
  const scope: Scope = { userId: actor.userId, year };
  return database.db.transaction(
    (tx) =>
      statsCache(database).answer(
        `${actor.userId}|${year ?? 'all'}`,
        () => selectStatsFingerprint(tx, actor.userId),
        async () => JSON.stringify(statsResponse(year, await selectStats(tx, scope, LIMITS))),
      ),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function statsResponse(year: number | null, b: StatsBundle): StatsResponse {
  const showRef = (row: StatsResponse['firstShow']) => (row ? { ...row, artists: row.artists.map(titleCase) } : null);
  return {
    year,
    perYear: b.perYear,
    perMonth: year === null ? null : fillMonths(year, b.perMonth),
    totals: { ...b.totals, songs: b.songsHeard, km: b.home ? Math.round(b.km ?? 0) : null },
    topArtists: b.topArtists.map((row) => ({ ...count(row), label: titleCase(row.label) })),
    topVenues: b.topVenues.map(count),
    topCities: b.topCities.map((row) => ({ ...count(row), label: placeLabel({ ...row, city: row.label }) })),
    firstShow: showRef(b.firstShow),
    latestShow: showRef(b.latestShow),
    firstTimes: firstTimes(b.firstTimes),
    firstTimesTotal: b.firstTimesTotal,
    busiestMonth: b.busiestMonth,
    longestStreak: b.streak
      ? { months: b.streak.months, from: monthOfIndex(b.streak.fromIndex), to: monthOfIndex(b.streak.toIndex) }
      : null,
    ...placeLists(b.places),
    topSongs: b.topSongs.map(({ title, artistName, count }) => ({ title, artistName: titleCase(artistName), count })),
    coverage: coverage(b.coverage),
    coverageMore: b.coverageMore,
    hasSetlists: b.setlists > 0,
  };
}

/** "First time seeing each artist", every row (the page's "Show all"). */
export async function allFirstTimes(
  database: Database,
  actor: Actor,
  year: number | null,
): Promise<StatsFirstTimesResponse> {
  const b = await selectStats(database.db, { userId: actor.userId, year }, ALL_ROWS, ['firstTimes']);
  return { firstTimes: firstTimes(b.firstTimes) };
}

/** Songs heard of the tours seen, for every artist seen at least twice (the page's "Show all"). */
export async function allCoverage(
  database: Database,
  actor: Actor,
  year: number | null,
): Promise<StatsCoverageResponse> {
  const b = await selectStats(database.db, { userId: actor.userId, year }, ALL_ROWS, ['coverage']);
  return { coverage: coverage(b.coverage) };
}

/** Twelve months, the empty ones at 0, so the chart has a bar (and the table a row) per month. */
function fillMonths(year: number, rows: { month: string; count: number }[]) {
  const counts = new Map(rows.map((row) => [row.month, row.count]));
  return Array.from({ length: 12 }, (_, i) => {
    const month = `${year}-${String(i + 1).padStart(2, '0')}`;
    return { month, count: counts.get(month) ?? 0 };
  });
}

function placeLists(rows: PlaceCount[]) {
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
