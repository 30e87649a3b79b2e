import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { artists, venues } from './catalog.ts';

/**
 * Artists a user follows (the spec's favorite_artists). Name and slug are copied from the artist
 * as the spec's rows carry them; `source` is 'manual' for the heart, other values for imports.
 */
export const favoriteArtists = pgTable(
  'favorite_artists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    artistName: text('artist_name').notNull(),
    artistSlug: text('artist_slug').notNull(),
    source: text('source').notNull().default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favorite_artists_user_artist_key').on(t.userId, t.artistId),
    // Follower counts on the artist page.
    index('favorite_artists_artist_idx').on(t.artistId),
  ],
);

/** Venues a user follows ("tell me about every show here"). */
export const venueFollows = pgTable(
  'venue_follows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('venue_follows_user_venue_key').on(t.userId, t.venueId),
    // Who to tell about a new date at a venue.
    index('venue_follows_venue_idx').on(t.venueId),
  ],
);
