import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * An admin's import (ADR 0037). The weekly re-check follows a fan's page only while the stop is
     * still that fan's pending one: a public stop changes through review, never through their page.
     */
    trusted: boolean('trusted').notNull().default(false),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** The last re-check's failure in words ('That page took too long to answer'); null when it worked. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scraped_stop_sources_url_idx').on(t.sourceUrl)],
);

/**
 * A fan's import that disagrees with an approved stop (ADR 0037): what the catalog says
 * (`before`) and what the fan's page says (`after`: date, time, venue, status), for an admin to
 * apply or dismiss in /admin/catalog-requests. The stop itself is untouched until then.
 */
export const catalogChangeRequests = pgTable(
  'catalog_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stopId: uuid('stop_id')
      .notNull()
      .references(() => tourStops.id, { onDelete: 'cascade' }),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    sourceUrl: text('source_url').notNull(),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    /** 'pending' | 'applied' | 'dismissed' */
    state: text('state').notNull().default('pending'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('catalog_change_requests_pending_idx').on(t.createdAt).where(sql`${t.state} = 'pending'`),
    // One open request per fan, stop and claim: importing the same page twice asks once.
    uniqueIndex('catalog_change_requests_open_key')
      .on(t.stopId, t.submittedBy, t.after)
      .where(sql`${t.state} = 'pending'`),
  ],
);
