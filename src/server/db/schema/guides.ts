import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Guide parts (ADR 0019 guides): a guide is assembled at read time from parts shared as widely as
 * their facts are — 'around' and 'venue' per venue, 'city' per city, 'weather' per venue and date
 * (forecast) or city and month (typical). One row per part: the last good copy (`data`, its
 * `fetched_at`) survives a failed refresh, which records its error and the next attempt instead.
 */
export const guideParts = pgTable(
  'guide_parts',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    /** The part's facts (shape per kind, src/shared/guides.ts); null until a first good fetch, or when the source has nothing. */
    data: jsonb('data'),
    /** When `data` was fetched: its age on the page, and staleness for refreshes. */
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Failures in a row since the last good fetch: the backoff grows with it. */
    failures: integer('failures').notNull().default(0),
    /** Not retried before this (backoff after a failure). */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] }), index('guide_parts_fetched_idx').on(t.kind, t.fetchedAt)],
);

/** The friendly lines a guide shows while it is being built: admins add, edit, reorder and switch them off. */
export const guideLoadingMessages = pgTable('guide_loading_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  text: text('text').notNull(),
  position: integer('position').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
