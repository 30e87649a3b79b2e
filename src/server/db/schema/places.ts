import { doublePrecision, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * What the start-up place matching has already tried and could not place: a free-text home city
 * (`home:{userId}`) or a venue's city (`venue:{venueId}`). Such a row is not tried again at the
 * next start, so an unplaceable one never makes a start build the gazetteer's index again.
 * A subject that is deleted leaves a harmless row behind (no foreign key: two kinds of subject).
 */
export const placeMatchAttempts = pgTable('place_match_attempts', {
  subject: text('subject').primaryKey(),
  triedAt: timestamp('tried_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Places a fan tracks besides home (users.home_*, always the first): other cities, each with its
 * own radius. My Shows' "near" and the new-date alerts use home and all of these. Columns come from
 * the gazetteer's record of the place, never from the client.
 */
export const trackedPlaces = pgTable(
  'tracked_places',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    placeId: text('place_id').notNull(),
    name: text('name').notNull(),
    region: text('region'),
    country: text('country').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    timeZone: text('time_zone'),
    radiusKm: integer('radius_km').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tracked_places_user_place_key').on(t.userId, t.placeId)],
);
