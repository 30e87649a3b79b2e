import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { artists } from './catalog.ts';

/**
 * Artists a fan unfollowed by hand after a music-service import (issue 15): an import never
 * follows them again until the fan takes them off this list.
 */
export const musicExcludes = pgTable(
  'music_excludes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    /** The service that had followed it ('lastfm', 'listenbrainz', …). */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('music_excludes_user_artist_key').on(t.userId, t.artistId),
    index('music_excludes_artist_idx').on(t.artistId),
  ],
);
