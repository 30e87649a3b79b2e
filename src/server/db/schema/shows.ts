import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { tourStops } from './catalog.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A fan's own layer over the catalog: one row per user and tour stop they marked. History, stats,
 * setlists and trips read it. The "show" (several artists at one venue on one date) is derived
 * from the stops' venue and date, so a row stays per stop and a bill needs no table of its own.
 * `state` is one of SHOW_STATES (src/shared/shows.ts).
 */
export const userShows = pgTable(
  'user_shows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stopId: uuid('stop_id')
      .notNull()
      .references(() => tourStops.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    hasTickets: boolean('has_tickets').notNull().default(false),
    /** Seat or section, free text, with tickets only. */
    seat: text('seat'),
    notes: text('notes'),
    rating: smallint('rating'),
    /** Who they went with, free text. */
    companions: text('companions'),
    /** The stop's revision when the fan last saw it: a higher one means it moved since ("tells them"). */
    seenRevision: integer('seen_revision').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_shows_user_stop_key').on(t.userId, t.stopId),
    index('user_shows_user_state_idx').on(t.userId, t.state),
    index('user_shows_stop_idx').on(t.stopId),
  ],
);

/** Photos of an attended show, stored through the storage layer (resized, EXIF stripped). */
export const showPhotos = pgTable(
  'show_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userShowId: uuid('user_show_id')
      .notNull()
      .references(() => userShows.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    caption: text('caption'),
    createdAt: createdAt(),
  },
  (t) => [
    index('show_photos_user_show_idx').on(t.userShowId, t.createdAt),
    // The orphan sweep asks which listed files still have a row.
    index('show_photos_storage_key_idx').on(t.storageKey),
  ],
);

/**
 * Files whose photo row is gone (un-marked show, deleted account, merged shows: every path, through
 * the trigger in migration 0026), waiting for the photo sweep job to delete them from storage. A file
 * goes only after the row's deletion has committed; a failed delete stays here for the next sweep.
 */
export const deletedPhotoFiles = pgTable('deleted_photo_files', {
  storageKey: text('storage_key').primaryKey(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Private calendar feeds: one secret token per user and feed kind ('going' | 'interested' |
 * 'nearby'), served at /api/calendar/{token}.ics. Rotating replaces the token, so the old URL
 * stops at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_key').on(t.token),
    uniqueIndex('calendar_feeds_user_kind_key').on(t.userId, t.kind),
  ],
);
