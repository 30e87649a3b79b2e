import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * A music service the fan keeps in sync (ADR spotify-connect-and-sync): Spotify through OAuth (its
 * tokens encrypted at rest, AES-GCM with a key derived from the auth secret), or a Last.fm /
 * ListenBrainz username. One per fan and service.
 */
export const musicConnections = pgTable(
  'music_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'spotify' | 'lastfm' | 'listenbrainz'. */
    source: text('source').notNull(),
    /** Last.fm / ListenBrainz username; null for Spotify. */
    username: text('username'),
    /** 'v1.<iv>.<ciphertext+tag>' (base64url); null when Spotify access was withdrawn. */
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** 'connected' | 'reconnect' (Spotify refused the refresh token). */
    status: text('status').notNull().default('connected'),
    /** 'auto': sync follows new artists; 'propose': it lists them for the fan to accept. */
    mode: text('mode').notNull().default('propose'),
    /** A ListeningPeriod; Spotify maps it to its time ranges. */
    period: text('period').notNull().default('half-year'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** {added, proposed, alreadyFollowed, excluded, notMatched} of the last sync. */
    lastSummary: jsonb('last_summary'),
    /** The last sync's failure, in the fan's words; null after a good sync. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('music_connections_user_source_key').on(t.userId, t.source)],
);

/** A Spotify consent under way: the state (hashed) and PKCE verifier (encrypted), bound to one session, short-lived. */
export const musicOauthStates = pgTable(
  'music_oauth_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    verifierEnc: text('verifier_enc').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('music_oauth_states_hash_key').on(t.stateHash),
    index('music_oauth_states_user_idx').on(t.userId),
  ],
);

/** Artists a sync in "propose" mode found: the fan accepts (follows) or dismisses (excludes) them. */
export const musicProposals = pgTable(
  'music_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('music_proposals_user_artist_key').on(t.userId, t.artistId),
    index('music_proposals_artist_idx').on(t.artistId),
  ],
);
