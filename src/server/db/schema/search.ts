import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A fan's look-up of a band the catalog lacked (issue 24 item 5): the artist chosen from the
 * MusicBrainz suggestions, each tour-date source's progress as it answers, and the outcome. The
 * job writes it, the page polls it; any process may answer the poll. Kept a day (the job purges).
 */
export const artistLookups = pgTable(
  'artist_lookups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artistName: text('artist_name').notNull(),
    mbid: text('mbid'),
    /** 'running' | 'done' | 'failed' */
    status: text('status').notNull().default('running'),
    /** Per source: { provider, state: 'searching' | 'found' | 'none' | 'failed', dates }. */
    sources: jsonb('sources').notNull().default(sql`'[]'::jsonb`),
    /** When done: the artist's tour page and how many upcoming dates it has; null when none was written. */
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('artist_lookups_created_idx').on(t.createdAt)],
);
