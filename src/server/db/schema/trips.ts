import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Vacation mode: a fan's trips. The destination is a gazetteer place (`place_id`) or a point picked
 * on the map (no place id); either way its label, coordinates and time zone are kept here, so a trip
 * never depends on the gazetteer staying the same. Dates are the destination's local calendar days.
 * `deleted_at` makes "delete" undoable for a while; every read ignores deleted trips.
 */
export const trips = pgTable(
  'trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    placeId: text('place_id'),
    placeLabel: text('place_label').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    timeZone: text('time_zone').notNull(),
    radiusKm: integer('radius_km').notNull().default(50),
    arriveOn: date('arrive_on').notNull(),
    departOn: date('depart_on').notNull(),
    /** Secret of the read-only share link; null when not shared (revoking clears it). */
    shareToken: text('share_token'),
    /** The provider gap-fill (TRIP_SEARCH_STATES): 'pending' until the first search answers. */
    searchState: text('search_state').notNull().default('pending'),
    searchedAt: timestamp('searched_at', { withTimezone: true }),
    searchError: text('search_error'),
    /**
     * Stops added to the catalog after this are news for the trip ("Trip shows" notifications).
     * Moved forward on every save and after the save's own provider search, so what the fan sees
     * when planning is never announced to them as new.
     */
    watchFrom: timestamp('watch_from', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trips_user_depart_idx').on(t.userId, t.departOn).where(sql`${t.deletedAt} is null`),
    uniqueIndex('trips_share_token_key').on(t.shareToken),
    // The daily gap-fill and the "new show matches a trip" check look at trips not yet started.
    index('trips_arrive_idx').on(t.arriveOn).where(sql`${t.deletedAt} is null`),
  ],
);
