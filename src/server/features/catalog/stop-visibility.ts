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
