/**
 * /api/stats (issue 12, Stats at /stats): the signed-in fan's concert stats, computed by SQL on
 * the server. Types and texts only (the page imports no zod; schemas: stats-api.ts).
 *
 * What counts: a show is one venue on one date (a co-bill is one show) among the fan's stops marked
 * I was there, cancelled stops excluded. An artist is "seen" when the fan marked their stop.
 */

import type { CityPlace } from './place-label.ts';
export interface StatsCount {
  label: string;
  /** Slug (artist, venue) or 'city|country' — for links and keys. */
  key: string;
  count: number;
}

export interface StatsShowRef extends CityPlace {
  stopId: string;
  date: string;
  artists: string[];
  venueName: string;
}

export interface FirstSeen {
  artistName: string;
  artistSlug: string;
  date: string;
  venueName: string;
  stopId: string;
}

export interface StatsTotals {
  shows: number;
  artists: number;
  venues: number;
  cities: number;
  countries: number;
  /** Songs heard live: distinct songs in the setlists of attended performances. */
  songs: number;
  /** Home → venue and back for every show with coordinates; null without a home place. */
  km: number | null;
}

export interface SongCount {
  title: string;
  artistName: string;
  count: number;
}

/** For an artist seen at least twice: their songs played on the tours you saw, and which you heard. */
export interface ArtistCoverage {
  artistName: string;
  artistSlug: string;
  shows: number;
  heard: number;
  played: number;
  /** Their most-played songs on those tours that you never heard live. */
  neverHeard: { title: string; timesPlayed: number }[];
}

export interface StatsResponse {
  /** The year filter, or null for all time. */
  year: number | null;
  /** Every year with a show (all time): the year filter's choices and the bar chart. */
  perYear: { year: number; count: number }[];
  /** Shows per month of the filtered year (12 entries) when a year is chosen. */
  perMonth: { month: string; count: number }[] | null;
  totals: StatsTotals;
  topArtists: StatsCount[];
  topVenues: StatsCount[];
  topCities: StatsCount[];
  firstShow: StatsShowRef | null;
  latestShow: StatsShowRef | null;
  /**
   * Artists whose first show with the fan falls in the period, in order of that first time: the
   * first STATS_FIRST_TIMES_LIMIT; GET /api/stats/first-times has them all.
   */
  firstTimes: FirstSeen[];
  /** How many artists were first seen in the period. */
  firstTimesTotal: number;
  busiestMonth: { month: string; count: number } | null;
  longestStreak: { months: number; from: string; to: string } | null;
  /** ISO 3166-1 alpha-2 code, English name, shows there. */
  countries: { code: string; name: string; count: number }[];
  /** US states by name. */
  usStates: { name: string; count: number }[];
  topSongs: SongCount[];
  /** The first STATS_COVERAGE_LIMIT artists (most shows first); GET /api/stats/coverage has them all. */
  coverage: ArtistCoverage[];
  /** True when more artists have coverage than `coverage` lists. */
  coverageMore: boolean;
  /** False while no setlists are stored for any of the fan's shows. */
  hasSetlists: boolean;
}

export const STATS_TOP_LIMIT = 10;
export const STATS_SONGS_LIMIT = 15;
export const STATS_NEVER_HEARD_LIMIT = 5;
/**
 * Rows of the two long lists in GET /api/stats. A fan with thousands of shows has seen ~1,600 artists
 * for the first time and ~900 at least twice: every row made the answer ~440 KB and its statement
 * read every seen artist's tours. The rest come with "Show all" (their own requests).
 */
export const STATS_FIRST_TIMES_LIMIT = 24;
export const STATS_COVERAGE_LIMIT = 10;

/** GET /api/stats/first-times?year= */
export interface StatsFirstTimesResponse {
  firstTimes: FirstSeen[];
}
/** GET /api/stats/coverage?year= */
export interface StatsCoverageResponse {
  coverage: ArtistCoverage[];
}

export const statsMessages = {
  title: 'Stats',
  intro: 'Your concert life, added up.',
  emptyHeading: 'No stats yet',
  emptyHint: 'Stats come from the shows you went to: mark past shows I was there and they add up here.',
  allTime: 'All time',
  share: 'Share image',
  noHome: 'Set your home place in Settings to count the kilometres travelled.',
} as const;
