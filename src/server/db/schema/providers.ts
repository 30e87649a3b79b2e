import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { artists, tourStops } from './catalog.ts';

/**
 * One row per HTTP attempt to an external provider (retries included), for the API status page:
 * `status` is the HTTP status, null when no answer came (timeout, network error).
 */
export const providerCalls = pgTable(
  'provider_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    operation: text('operation').notNull(),
    status: integer('status'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('provider_calls_created_idx').on(t.createdAt),
    index('provider_calls_provider_idx').on(t.provider, t.createdAt),
  ],
);

/**
 * The next free request slot per provider. Every server process takes its slot here, so a
 * per-IP limit such as MusicBrainz's 1 request/s holds across processes sharing one database.
 */
export const providerRateSlots = pgTable('provider_rate_slots', {
  provider: text('provider').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});

/** 'on-sale': a source first gave a future on-sale or presale time for a stop (details: the times). */
export const tourStopChangeKinds = ['new', 'moved', 'cancelled', 'on-sale'] as const;
export type TourStopChangeKind = (typeof tourStopChangeKinds)[number];

/**
 * What a re-sync found different, for fan notifications. `stop_id` has no foreign key on
 * purpose: a cancelled stop is removed from the catalog but its change record stays, with the
 * stop's last known date and venue in `details`.
 */
export const tourStopChanges = pgTable(
  'tour_stop_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stopId: uuid('stop_id').notNull(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: tourStopChangeKinds }).notNull(),
    details: jsonb('details').notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    index('tour_stop_changes_artist_idx').on(t.artistId, t.detectedAt),
    index('tour_stop_changes_unnotified_idx').on(t.detectedAt).where(sql`${t.notifiedAt} is null`),
  ],
);

/**
 * Provenance (ADR 0044): every source listing a stop, with its own id and page, its ticket link and
 * seller, and what it says now (date, time, status). A stop is cancelled by silence only when every
 * source that answered no longer lists it; a source's date that differs from the stop's is a
 * conflict, shown in /admin. `missing_since` is set while the source no longer lists it.
 */
export const stopSources = pgTable(
  'stop_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stopId: uuid('stop_id')
      .notNull()
      .references(() => tourStops.id, { onDelete: 'cascade' }),
    /** A co-bill's one listing is a source of each performer's stop: unique per artist. */
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    url: text('url'),
    ticketUrl: text('ticket_url'),
    seller: text('seller'),
    status: text('status').notNull().default('scheduled'),
    reportedDate: date('reported_date').notNull(),
    reportedTime: time('reported_time'),
    /** The bill as this source names it, headliner first. */
    lineup: jsonb('lineup').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * When this source says tickets go on sale to everyone, and its first presale with its name
     * (Ticketmaster's `sales`); null when it does not say. On-sale alerts and reminders read these.
     */
    onSaleAt: timestamp('on_sale_at', { withTimezone: true }),
    presaleAt: timestamp('presale_at', { withTimezone: true }),
    presaleName: text('presale_name'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    missingSince: timestamp('missing_since', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stop_sources_external_key').on(t.artistId, t.provider, t.externalId),
    index('stop_sources_stop_idx').on(t.stopId),
    // The on-sale reminder's sweep: the sales starting within the next minutes.
    index('stop_sources_on_sale_idx').on(t.onSaleAt).where(sql`${t.onSaleAt} is not null`),
    index('stop_sources_presale_idx').on(t.presaleAt).where(sql`${t.presaleAt} is not null`),
  ],
);

/** Why an artist is in a day's sync plan, most urgent first (docs/decisions/0046). */
export const syncPlanTiers = ['going', 'followed', 'searched', 'long-tail'] as const;
export type SyncPlanTier = (typeof syncPlanTiers)[number];

/**
 * The day's sync plan (UTC day): which artists each tour-date source is asked about today, why,
 * and whether that is done. Planning the same day again adds only artists not planned yet, and
 * the sync job asks only the sources still left for the artist: a restart repeats no call. Past
 * days' done rows tell when a source last synced an artist (the long tail comes back weekly).
 */
export const syncPlanItems = pgTable(
  'sync_plan_items',
  {
    day: date('day').notNull(),
    provider: text('provider').notNull(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    tier: text('tier', { enum: syncPlanTiers }).notNull(),
    /** Its place in the day's order for this source (0 first). */
    position: integer('position').notNull(),
    plannedAt: timestamp('planned_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.provider, t.artistId] }),
    index('sync_plan_items_last_sync_idx').on(t.provider, t.artistId, t.day).where(sql`${t.doneAt} is not null`),
  ],
);

/** When a fan's search last brought an artist's dates: recently searched artists come early in the plan. */
export const artistSearches = pgTable('artist_searches', {
  artistId: uuid('artist_id')
    .primaryKey()
    .references(() => artists.id, { onDelete: 'cascade' }),
  searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
});
