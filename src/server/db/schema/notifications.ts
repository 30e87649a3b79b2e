import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { notificationKinds } from '#shared/notifications.ts';
import { users } from './auth.ts';

/**
 * The spec's user_notifications, plus what the product needs: a kind (for preferences), a dedupe key
 * so a repeated sync never notifies twice, and when the daily digest mailed it.
 */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    artistSlug: text('artist_slug'),
    /** e.g. `new-dates:<artistId>:<first change id>`; unique per user. */
    dedupeKey: text('dedupe_key').notNull(),
    /** false when the user wants this kind by email only: kept for the digest, never shown in the app. */
    inApp: boolean('in_app').notNull().default(true),
    /** true when the user wants this kind by email: the daily digest sends it and sets `emailed_at`. */
    email: boolean('email').notNull().default(false),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /** The app path the alert opens: the show, else the artist (push notifications' click target). */
    link: text('link'),
    /**
     * Owed to the fan's push devices (features/push): `push_key` (`<kind>:<show>`) allows one push per
     * show per kind; `push_after` holds it through the fan's quiet hours; `pushed_at` is set when
     * the push worker takes it.
     */
    push: boolean('push').notNull().default(false),
    pushKey: text('push_key'),
    pushAfter: timestamp('push_after', { withTimezone: true }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_notifications_dedupe_key').on(t.userId, t.dedupeKey),
    // The bell: newest ten shown in the app.
    index('user_notifications_user_recent_idx').on(t.userId, t.createdAt.desc()).where(sql`${t.inApp}`),
    // The unread count.
    index('user_notifications_unread_idx').on(t.userId).where(sql`${t.inApp} and not ${t.read}`),
    // The daily digest: mails still owed.
    index('user_notifications_digest_idx').on(t.createdAt).where(sql`${t.email} and ${t.emailedAt} is null`),
    // The push worker: pushes still owed, by when they may go.
    index('user_notifications_push_due_idx').on(t.pushAfter).where(sql`${t.push} and ${t.pushedAt} is null`),
    // One push per show per kind.
    index('user_notifications_push_key_idx').on(t.userId, t.pushKey).where(sql`${t.push}`),
  ],
);

/** Which kinds a user gets, in the app and by email (email off by default). No row = defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newDatesInApp: boolean('new_dates_in_app').notNull().default(true),
  newDatesEmail: boolean('new_dates_email').notNull().default(false),
  tourChangesInApp: boolean('tour_changes_in_app').notNull().default(true),
  tourChangesEmail: boolean('tour_changes_email').notNull().default(false),
  remindersInApp: boolean('reminders_in_app').notNull().default(true),
  remindersEmail: boolean('reminders_email').notNull().default(false),
  /** Vacation mode: a new show where and when the fan travels (features/trips). */
  tripShowsInApp: boolean('trip_shows_in_app').notNull().default(true),
  tripShowsEmail: boolean('trip_shows_email').notNull().default(false),
  /** Web Push to the fan's devices (features/push); on by default: it reaches only devices the fan added. */
  newDatesPush: boolean('new_dates_push').notNull().default(true),
  tourChangesPush: boolean('tour_changes_push').notNull().default(true),
  remindersPush: boolean('reminders_push').notNull().default(true),
  tripShowsPush: boolean('trip_shows_push').notNull().default(true),
  /** On-sale and presale times, when a source gives them. */
  onSaleInApp: boolean('on_sale_in_app').notNull().default(true),
  onSaleEmail: boolean('on_sale_email').notNull().default(false),
  onSalePush: boolean('on_sale_push').notNull().default(true),
  /**
   * Cancellations, apart from moves (tour_changes_* now means moved shows and submission reviews):
   * a fan may want a push when a show is off but not when it changes room.
   */
  cancellationsInApp: boolean('cancellations_in_app').notNull().default(true),
  cancellationsEmail: boolean('cancellations_email').notNull().default(false),
  cancellationsPush: boolean('cancellations_push').notNull().default(true),
  /** A new show at a venue the fan follows (features/favorites venue_follows). */
  venueShowsInApp: boolean('venue_shows_in_app').notNull().default(true),
  venueShowsEmail: boolean('venue_shows_email').notNull().default(false),
  venueShowsPush: boolean('venue_shows_push').notNull().default(true),
  /** Quiet hours (minutes after local midnight, in `quiet_time_zone`): pushes are held until they end. Null: none. */
  quietStartMinute: smallint('quiet_start_minute'),
  quietEndMinute: smallint('quiet_end_minute'),
  quietTimeZone: text('quiet_time_zone'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every private event pushed to a user's stream, kept for a while so a client reconnecting with
 * Last-Event-ID gets what it missed. The id is the SSE event id.
 */
export const userEvents = pgTable(
  'user_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_events_user_idx').on(t.userId, t.id), index('user_events_created_idx').on(t.createdAt)],
);
