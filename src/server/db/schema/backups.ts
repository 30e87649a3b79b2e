import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The list of backup archives in storage (issue 16). Not part of any backup and untouched by a
 * restore: it describes the archives, which outlive the data they hold. No foreign keys for the
 * same reason (a restore replaces `users`).
 */
export const backups = pgTable(
  'backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    trigger: text('trigger', { enum: ['manual', 'scheduled'] }).notNull(),
    includesFiles: boolean('includes_files').notNull(),
    formatVersion: integer('format_version').notNull(),
    tableCount: integer('table_count').notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
    fileCount: integer('file_count').notNull(),
    databaseKind: text('database_kind', { enum: ['pglite', 'postgres'] }).notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('backups_created_idx').on(t.createdAt)],
);
