import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { tourStops } from './catalog.ts';

/**
 * Where a scraped stop came from (issue 17): the page it was imported from, and the event's
 * identity on that page, so the weekly re-check finds the same show again (moved, cancelled).
 * One row per stop; it goes with the stop.
 */
export const scrapedStopSources = pgTable(
  'scraped_stop_sources',
  {
    stopId: uuid('stop_id')
      .primaryKey()
      .references(() => tourStops.id, { onDelete: 'cascade' }),
    sourceUrl: text('source_url').notNull(),
    /** The event's key on the page: its @id/url/UID, else date|venue|city (stored lower-case). */
    eventKey: text('event_key').notNull(),
    importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** The last re-check's failure in words ('That page took too long to answer'); null when it worked. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scraped_stop_sources_url_idx').on(t.sourceUrl)],
);
