import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Artists. `sort_name`, `tour_count` and `last_event_date` are kept up to date by the catalog
 * writers (import, sync) so the home page list is one indexed query (docs/decisions/0002).
 */
export const artists = pgTable(
  'artists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    mbid: text('mbid'),
    genres: text('genres').array().notNull().default(sql`'{}'::text[]`),
    sortName: text('sort_name').notNull(),
    tourCount: integer('tour_count').notNull().default(0),
    lastEventDate: date('last_event_date'),
    /**
     * Made by a fan's Add Show, tour-scraper or history import (ADR 0037): seen only by `submitted_by`
     * until an admin approves a stop of theirs. Public reads filter with `visibleArtistSql`.
     */
    pending: boolean('pending').notNull().default(false),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * When a sync last asked the tour-date sources about this artist. An artist checked before with
     * no dates (a fan's search found none) has followers waiting: its first dates are news.
     */
    tourDatesCheckedAt: timestamp('tour_dates_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('artists_slug_key').on(t.slug),
    uniqueIndex('artists_mbid_key').on(t.mbid).where(sql`${t.mbid} is not null`),
    // Covers the home page list: a deep page skips entries with an index-only scan (last_event_date and pending filter).
    index('artists_sort_cover_idx').on(t.sortName, t.id, t.lastEventDate, t.pending),
    index('artists_last_event_sort_idx').on(t.lastEventDate, t.sortName),
    index('artists_name_lower_idx').on(sql`lower(${t.name})`),
    // /admin/artists searches of 1–2 letters are name prefixes (too short for trigrams): `lower(name) like 'ab%'`.
    index('artists_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    // The name without case, a leading "The", spaces and punctuation: the listening import's 'fuzzy'
    // match looks rows up by it (listening-import.repo.ts normalisedName: keep the two equal).
    index('artists_name_key_idx').on(
      sql`regexp_replace(lower(${t.name}), '^the[[:space:]]+|[[:space:][:punct:]]+', '', 'g')`,
    ),
    // Catalog search is `name ilike '%text%'`: a trigram GIN index answers it without a scan.
    index('artists_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // /admin/artists sorts (admin.repo.ts): a page at any offset is read off one of these, index-only.
    index('artists_tours_sort_idx').on(t.tourCount, t.sortName, t.id),
    index('artists_tours_desc_sort_idx').on(t.tourCount.desc(), t.sortName, t.id),
    index('artists_created_idx').on(t.createdAt, t.id),
  ],
);

export const tours = pgTable(
  'tours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tours_artist_name_key').on(t.artistId, t.name)],
);

export const venues = pgTable(
  'venues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** lower(name|city|region|country): one venue per place, whatever the spelling's case. */
    identityKey: text('identity_key').notNull(),
    address: text('address'),
    city: text('city').notNull(),
    region: text('region'),
    country: text('country').notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    timeZone: text('time_zone'),
    /** As artists.pending (ADR 0037): a fan-made venue is theirs alone until a stop there is approved. */
    pending: boolean('pending').notNull().default(false),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('venues_slug_key').on(t.slug), uniqueIndex('venues_identity_key').on(t.identityKey)],
);

export const tourStops = pgTable(
  'tour_stops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourId: uuid('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id),
    eventDate: date('event_date').notNull(),
    startTime: time('start_time'),
    city: text('city').notNull(),
    region: text('region'),
    country: text('country').notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    ticketUrl: text('ticket_url'),
    source: text('source').notNull().default('import'),
    externalId: text('external_id'),
    slug: text('slug').notNull(),
    /** 'scheduled' | 'cancelled' | 'postponed' | 'rescheduled' (src/shared/shows.ts STOP_STATUSES). A cancelled stop is kept, never deleted: it stays in fans' lists. */
    status: text('status').notNull().default('scheduled'),
    /** Bumped on every change of date, time, venue or status: calendar feeds' SEQUENCE, fans' "moved" notices. */
    revision: integer('revision').notNull().default(0),
    /** 'approved' (public) | 'pending' | 'rejected'. A user-submitted stop (Add Show) is seen only by its submitter until approved. */
    reviewState: text('review_state').notNull().default('approved'),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Why an admin rejected it; shown to the submitter. */
    reviewNote: text('review_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tour_stops_artist_slug_key').on(t.artistId, t.slug),
    // One public show per tour, date, venue and start time: an early and a late show are two stops
    // (ADR 0044). The catalog writer's rule is finer (times within 90 minutes are one show); this is
    // its backstop. Only approved stops count: a fan's pending or rejected stop in that slot must not
    // keep a provider's show out of the public catalog (an admin's approval merges the two, ADR 0037).
    uniqueIndex('tour_stops_identity_key')
      .on(t.tourId, t.eventDate, t.venueId, sql`coalesce(${t.startTime}, '00:00:00'::time)`)
      .where(sql`${t.reviewState} = 'approved'`),
    // Fans' requests: one per show, shared by the fans who add it (history imports link to it).
    uniqueIndex('tour_stops_request_key')
      .on(t.tourId, t.eventDate, t.venueId, sql`coalesce(${t.startTime}, '00:00:00'::time)`)
      .where(sql`${t.reviewState} <> 'approved'`),
    uniqueIndex('tour_stops_external_key').on(t.source, t.externalId).where(sql`${t.externalId} is not null`),
    index('tour_stops_artist_date_idx').on(t.artistId, t.eventDate),
    index('tour_stops_venue_date_idx').on(t.venueId, t.eventDate),
    index('tour_stops_date_idx').on(t.eventDate),
    // The guide planner's start-up pass: stops added or changed since its last run.
    index('tour_stops_updated_idx').on(t.updatedAt),
    // The catalog-requests queue and a submitter's own pending stops.
    index('tour_stops_review_idx').on(t.reviewState, t.submittedAt).where(sql`${t.reviewState} <> 'approved'`),
  ],
);

export const artistImages = pgTable(
  'artist_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    artistName: text('artist_name').notNull(),
    imageUrl: text('image_url').notNull(),
    source: text('source').notNull().default('generated'),
    attribution: text('attribution'),
    /** The artist's official website, when the MusicBrainz lookup made for the photo names one. */
    officialUrl: text('official_url'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('artist_images_artist_key').on(t.artistId),
    index('artist_images_name_lower_idx').on(sql`lower(${t.artistName})`),
  ],
);
