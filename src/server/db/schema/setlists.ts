import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { artists, tourStops } from './catalog.ts';
import { userShows } from './shows.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * An artist's songs, stored once per artist (the performer, covers included) so stats can count
 * "songs heard live" by id. `name_key` is `songNameKey(name)` (src/shared/setlists.ts): one song
 * per artist whatever the spelling's case and spacing. `mbid` is a MusicBrainz work or recording
 * id when setlist.fm or MusicBrainz gave one.
 */
export const songs = pgTable(
  'songs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    mbid: text('mbid'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('songs_artist_name_key').on(t.artistId, t.nameKey),
    // The hand editor's type-ahead: an artist's songs by name prefix.
    index('songs_artist_name_idx').on(t.artistId, t.name),
  ],
);

/**
 * One artist's performance at one show. `source` is 'setlistfm' (owner null; `setlistfm_id`,
 * `url` for the attribution link and `fetched_at` for refreshing stale copies) or 'user' (a fan's
 * own, `owner_id` set). A stop has at most one setlist.fm copy and one setlist per fan.
 * `stop_id` is null only for a setlist.fm setlist of a show missing from the catalog (an artist's
 * recent setlists); its date, venue and place are kept here so /setlist can list it anyway.
 * `artist_id` and `event_date` repeat the stop's so the tour and artist lists need no join.
 * `song_count` counts rows of kind 'song' (tapes excluded), kept by the writers.
 *
 * Stats rule (see src/shared/setlists.ts `SETLIST_STATS_RULE`): for a fan and a stop, their own
 * setlist wins over the setlist.fm copy.
 */
export const setlists = pgTable(
  'setlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stopId: uuid('stop_id').references(() => tourStops.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    eventDate: date('event_date').notNull(),
    source: text('source').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    setlistfmId: text('setlistfm_id'),
    /** setlist.fm's versionId: an unchanged version needs no rewrite on refresh. */
    setlistfmVersion: text('setlistfm_version'),
    url: text('url'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    tourName: text('tour_name'),
    venueName: text('venue_name'),
    city: text('city'),
    country: text('country'),
    /** setlist.fm's free-text "info" or the fan's note about the whole show. */
    info: text('info'),
    songCount: integer('song_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('setlists_setlistfm_key').on(t.setlistfmId).where(sql`${t.setlistfmId} is not null`),
    uniqueIndex('setlists_stop_setlistfm_key')
      .on(t.stopId)
      .where(sql`${t.source} = 'setlistfm' and ${t.stopId} is not null`),
    uniqueIndex('setlists_stop_owner_key').on(t.stopId, t.ownerId).where(sql`${t.ownerId} is not null`),
    // Stats join attended user_shows to setlists by stop.
    index('setlists_stop_idx').on(t.stopId),
    // An artist's setlists newest first (/setlist, prediction).
    index('setlists_artist_date_idx').on(t.artistId, t.eventDate),
    index('setlists_owner_idx').on(t.ownerId).where(sql`${t.ownerId} is not null`),
  ],
);

/**
 * The ordered songs of a setlist. `set_index` 0 is the main set, 1 the first encore, 2 the second…
 * `position` orders the whole setlist (0-based, across sets). `kind` 'song' counts as heard;
 * 'tape' is an intro/outro played from tape and never counts. A cover keeps the original artist's
 * name (and MusicBrainz id when known); the song itself is the performer's (`songs.artist_id`).
 */
export const setlistSongs = pgTable(
  'setlist_songs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    setlistId: uuid('setlist_id')
      .notNull()
      .references(() => setlists.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    setIndex: smallint('set_index').notNull().default(0),
    /** A named set from setlist.fm ("Acoustic set"), when it has one. */
    setName: text('set_name'),
    kind: text('kind').notNull().default('song'),
    coverArtistName: text('cover_artist_name'),
    coverArtistMbid: text('cover_artist_mbid'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('setlist_songs_position_key').on(t.setlistId, t.position),
    // Songs heard live: GROUP BY song_id over a fan's setlists; "where was it played".
    index('setlist_songs_song_idx').on(t.songId, t.setlistId),
  ],
);

/**
 * setlist.fm fetches that failed (down, over quota, 429) and wait to be retried; the page shows
 * "setlist.fm is unavailable, we'll try again" while one is pending. `key` is 'stop:<stopId>' or
 * 'artist:<artistId>'.
 */
export const setlistFetches = pgTable(
  'setlist_fetches',
  {
    key: text('key').primaryKey(),
    state: text('state').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [index('setlist_fetches_next_idx').on(t.nextAttemptAt)],
);

/** Calls to a provider per UTC day, for daily quotas shared by every server process. */
export const providerDailyUsage = pgTable(
  'provider_daily_usage',
  {
    provider: text('provider').notNull(),
    day: date('day').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [uniqueIndex('provider_daily_usage_key').on(t.provider, t.day)],
);

/**
 * A concert-history import (setlist.fm attended list, CSV, this app's export). Rows are parsed and
 * matched into `history_import_rows` first (the preview); confirming runs a job that writes them,
 * counting `processed_rows` for the progress bar. `state`: HISTORY_IMPORT_STATES.
 */
export const historyImports = pgTable(
  'history_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    /** File name or setlist.fm user name, for the list of imports. */
    label: text('label').notNull(),
    state: text('state').notNull(),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    addedCount: integer('added_count').notNull().default(0),
    createdStopCount: integer('created_stop_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    /**
     * Renewed every few seconds while a job writes the import: a 'running' import silent for longer
     * than HISTORY_IMPORT_STALLED_AFTER_MS lost its process (a restart) and is run again.
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [index('history_imports_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One parsed input row and what it became. `outcome` (HISTORY_ROW_OUTCOMES) is the preview's
 * verdict: 'matched' (a catalog stop, with `confidence` 0–1), 'create' (a user-submitted pending
 * stop will be made), 'duplicate' (already in the history: adds nothing), 'unparseable'
 * (`message` says why). After the job, `user_show_id`/`created_stop_id`/`setlist_id` name what
 * this import itself wrote, so undo removes exactly that and nothing that was there before.
 */
export const historyImportRows = pgTable(
  'history_import_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => historyImports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    raw: jsonb('raw').notNull(),
    eventDate: date('event_date'),
    artistName: text('artist_name'),
    venueName: text('venue_name'),
    city: text('city'),
    country: text('country'),
    outcome: text('outcome').notNull(),
    confidence: real('confidence'),
    stopId: uuid('stop_id').references(() => tourStops.id, { onDelete: 'set null' }),
    message: text('message'),
    userShowId: uuid('user_show_id').references(() => userShows.id, { onDelete: 'set null' }),
    createdStopId: uuid('created_stop_id').references(() => tourStops.id, { onDelete: 'set null' }),
    setlistId: uuid('setlist_id').references(() => setlists.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('history_import_rows_key').on(t.importId, t.rowNumber)],
);
