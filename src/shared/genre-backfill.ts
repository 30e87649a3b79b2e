import type { AdminJobView } from './admin-jobs.ts';

/** /admin/genre-backfill: artists without genres get MusicBrainz's, previewed with their votes first. */

export const GENRE_PREVIEW_DEFAULT = 50;
export const GENRE_PREVIEW_MAX = 500;
/** At most this many genres are applied per artist, most votes first. */
export const GENRES_APPLIED_MAX = 5;

export interface GenreVote {
  name: string;
  count: number;
}

export interface GenreProposal {
  artistId: string;
  name: string;
  slug: string;
  mbid: string;
  /** MusicBrainz's curated genres, most votes first: what "apply" writes (at most GENRES_APPLIED_MAX). */
  genres: GenreVote[];
  /** Folksonomy tags, for the admin's judgement only. */
  tags: GenreVote[];
  /** Why nothing was found (MusicBrainz error, unknown MBID). */
  error: string | null;
}

export interface GenrePreviewReport {
  proposals: GenreProposal[];
}

export interface GenreApplyReport {
  applied: { slug: string; name: string; genres: string[] }[];
  /** Artists given genres meanwhile (by an admin edit, an import) are left alone. */
  skipped: number;
}

export interface GenreBackfillOverview {
  /** Artists whose genre list is empty. */
  missing: number;
  /** Of those, how many have an MBID (only those can be looked up). */
  withMbid: number;
  jobs: AdminJobView[];
}
