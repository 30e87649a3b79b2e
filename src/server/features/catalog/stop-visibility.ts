import { and, eq, ne, sql } from 'drizzle-orm';
import { tourStops } from '#server/db/schema/index.ts';

/**
 * Which tour stops the public catalog shows. A user-submitted stop (Add Show) stays 'pending' until
 * an admin approves it, and a rejected one never shows: every public read (artist list stats, tour,
 * artist and venue pages, search counts, followed artists' next shows) keeps approved stops only.
 * Its submitter reaches it through their own shows (user_shows), never through the public pages,
 * which are shared by every visitor (and cached as such).
 */
export const publicStop = eq(tourStops.reviewState, 'approved');

/** The same rule for raw SQL, on a tour_stops alias. */
export const publicStopSql = (alias: string) => sql`${sql.raw(alias)}.review_state = 'approved'`;

/**
 * Stops that count in public lists and totals: public and not cancelled. A cancelled stop is kept
 * for fans' lists (and shown marked on the tour page) but counts nowhere.
 */
export const countedStop = and(publicStop, ne(tourStops.status, 'cancelled'))!;

/** An artist or venue as the visibility rule needs it (ADR 0037). */
export interface Submitted {
  pending: boolean;
  submittedBy: string | null;
}

/**
 * Artists and venues a fan's submission made (Add Show, tour-scraper and history imports) are
 * theirs alone until an admin approves a stop that uses them: every other reader gets a 404 or
 * does not find them (ADR 0037).
 */
export const isVisibleTo = (row: Submitted, viewerId: string | null): boolean =>
  !row.pending || (viewerId !== null && row.submittedBy === viewerId);

/** The same rule for raw SQL, on an artists or venues alias; a visitor (null) sees public rows only. */
export const visibleToSql = (alias: string, viewerId: string | null) =>
  viewerId === null
    ? sql`not ${sql.raw(alias)}.pending`
    : sql`(not ${sql.raw(alias)}.pending or ${sql.raw(alias)}.submitted_by = ${viewerId}::uuid)`;

/** An answer only its submitter may see must not be kept by a shared cache (public-cache.ts keeps it so). */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';
