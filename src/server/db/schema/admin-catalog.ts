import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { artists } from './catalog.ts';

/**
 * Slugs an artist answered to before a merge: the merged artist's old pages keep working (the
 * artist-by-slug read falls back here). A slug is never both an artist's and a redirect's.
 */
export const artistSlugRedirects = pgTable(
  'artist_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('artist_slug_redirects_artist_idx').on(t.artistId)],
);

/**
 * What an admin merge or delete took away, as the rows were before (JSON, one list per table), so
 * it can be put back for 30 days (`expires_at`); `restored_at` marks one used.
 */
export const adminRestorePoints = pgTable(
  'admin_restore_points',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'merge' | 'delete' */
    kind: text('kind').notNull(),
    /** The artist that went away (merged or deleted), and the survivor of a merge. */
    artistId: uuid('artist_id').notNull(),
    artistName: text('artist_name').notNull(),
    survivorId: uuid('survivor_id'),
    snapshot: jsonb('snapshot').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (t) => [index('admin_restore_points_created_idx').on(t.createdAt)],
);

/**
 * Admin catalog jobs (historical import, genre backfill): what was asked (`input`), how far the
 * job got (`done` of `total`) and its report, kept after it ends.
 */
export const adminCatalogJobs = pgTable(
  'admin_catalog_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'historical-import' | 'genre-backfill' */
    kind: text('kind').notNull(),
    /** 'queued' | 'running' | 'done' | 'failed' */
    status: text('status').notNull().default('queued'),
    label: text('label').notNull(),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    input: jsonb('input').notNull(),
    report: jsonb('report'),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('admin_catalog_jobs_kind_idx').on(t.kind, t.createdAt),
    // One import of the same file content at a time; a finished one is the idempotence record.
    uniqueIndex('admin_catalog_jobs_active_key').on(t.kind, t.label).where(sql`${t.status} in ('queued', 'running')`),
  ],
);
