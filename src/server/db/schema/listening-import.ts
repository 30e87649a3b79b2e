import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { artists } from './catalog.ts';

/**
 * One listening import (issue 15): a fan's Spotify data export (kind 'fan'), or an admin's catalog
 * seeding from an artist list or an export (kind 'admin'). Uploaded files are counted per artist
 * while they stream in; the match and follow (or add-to-catalog) phases run as a pg-boss job whose
 * progress is kept here, so a reload, a cancel or a restart resumes where it stopped.
 */
export const listeningImports = pgTable(
  'listening_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The fan, or the admin who started it. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** uploading | matching | preview | following | done | cancelled | failed */
    state: text('state').notNull().default('uploading'),
    /** The job's phase ('match' or 'follow'): what a resume runs again. */
    phase: text('phase'),
    /** [{name, bytes, plays}] per uploaded file, or the list's line count for an admin list. */
    files: jsonb('files').notNull().default(sql`'[]'::jsonb`),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    plays: integer('plays').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    summary: jsonb('summary'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listening_imports_user_idx').on(t.userId, t.createdAt),
    index('listening_imports_kind_idx').on(t.kind),
  ],
);

/** One artist found by an import: plays counted, then its match and what became of it. */
export const listeningImportArtists = pgTable(
  'listening_import_artists',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => listeningImports.id, { onDelete: 'cascade' }),
    /** lower(name), or the MusicBrainz id / Spotify id of an admin's line. */
    key: text('key').notNull(),
    name: text('name').notNull(),
    mbid: text('mbid'),
    spotifyId: text('spotify_id'),
    plays: integer('plays').notNull().default(0),
    msPlayed: bigint('ms_played', { mode: 'number' }).notNull().default(0),
    /** The admin list's line number (its order); 0 for exports. */
    line: integer('line').notNull().default(0),
    /** The catalog match phase ran for this row. */
    checked: boolean('checked').notNull().default(false),
    artistId: uuid('artist_id').references(() => artists.id, { onDelete: 'set null' }),
    /** mbid | name | fuzzy | musicbrainz (looked up and added) */
    confidence: text('confidence'),
    chosen: boolean('chosen').notNull().default(false),
    /** MusicBrainz was asked (once: a resume never asks again). */
    lookedUp: boolean('looked_up').notNull().default(false),
    /** The lookup added this artist to the catalog (its tour dates get synced). */
    added: boolean('added').notNull().default(false),
    /** followed | already | excluded | added | in-catalog | not-matched */
    outcome: text('outcome'),
    reason: text('reason'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.key] }),
    index('listening_import_artists_plays_idx').on(t.importId, t.plays.desc(), t.line),
  ],
);
