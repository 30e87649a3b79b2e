import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
