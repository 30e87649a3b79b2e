import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { venues } from './catalog.ts';

/**
 * Guide parts (ADR 0025): a guide is assembled at read time from parts shared as widely as
 * their facts are — 'around' and 'venue' per venue, 'city' per city, 'weather' per venue and date
 * (forecast) or city and month (typical). One row per part: the last good copy (`data`, its
 * `fetched_at`) survives a failed refresh, which records its error and the next attempt instead.
 */
export const guideParts = pgTable(
  'guide_parts',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    /** The part's facts (shape per kind, src/shared/guides.ts); null until a first good fetch, or when the source has nothing. */
    data: jsonb('data'),
    /** When `data` was fetched: its age on the page, and staleness for refreshes. */
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Failures in a row since the last good fetch: the backoff grows with it. */
    failures: integer('failures').notNull().default(0),
    /** Not retried before this (backoff after a failure). */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] }), index('guide_parts_fetched_idx').on(t.kind, t.fetchedAt)],
);

/** The friendly lines a guide shows while it is being built: admins add, edit, reorder and switch them off. */
export const guideLoadingMessages = pgTable('guide_loading_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  text: text('text').notNull(),
  position: integer('position').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fans' tips about a venue. `state`: 'visible' | 'pending' (a new account's tip, waiting for an
 * admin) | 'reported' (hidden after 3 reports until reviewed) | 'hidden' | 'deleted' (kept, with the
 * admin's reason, so a moderation decision can be traced). `text_key` (lower-cased, letters and
 * digits only) refuses the same tip twice at one venue.
 */
export const guideTips = pgTable(
  'guide_tips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    category: text('category').notNull(),
    text: text('text').notNull(),
    textKey: text('text_key').notNull(),
    state: text('state').notNull(),
    helpfulCount: integer('helpful_count').notNull().default(0),
    reportCount: integer('report_count').notNull().default(0),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderationReason: text('moderation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('guide_tips_venue_idx').on(t.venueId, t.state, t.helpfulCount),
    index('guide_tips_user_venue_idx').on(t.userId, t.venueId, t.createdAt),
    index('guide_tips_state_idx').on(t.state, t.createdAt),
    uniqueIndex('guide_tips_venue_text_key').on(t.venueId, t.textKey).where(sql`${t.state} <> 'deleted'`),
  ],
);

/** One helpful vote per fan and tip. */
export const guideTipVotes = pgTable(
  'guide_tip_votes',
  {
    tipId: uuid('tip_id')
      .notNull()
      .references(() => guideTips.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tipId, t.userId] })],
);

/** One report per fan and tip. */
export const guideTipReports = pgTable(
  'guide_tip_reports',
  {
    tipId: uuid('tip_id')
      .notNull()
      .references(() => guideTips.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tipId, t.userId] })],
);

/**
 * Every language-model call (providers/llm): which feature asked, the model, tokens, the cost from
 * the configured price table, latency and outcome ('ok' | 'error' | 'rejected' (failed the fact
 * check) | 'budget' (not sent: the month's budget is spent)). The /openai-usage page sums it.
 */
export const llmCalls = pgTable(
  'llm_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feature: text('feature').notNull(),
    model: text('model').notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    latencyMs: integer('latency_ms').notNull().default(0),
    outcome: text('outcome').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('llm_calls_created_idx').on(t.createdAt)],
);

/** One row per month whose budget ran out: admins are told once. */
export const llmBudgetAlerts = pgTable('llm_budget_alerts', {
  month: text('month').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How far the guide planner got: a start-up plan only looks at stops added or changed after
 * `planned_through` (the database clock when the last complete plan began). Scope 'all' is the
 * whole catalog's plan.
 */
export const guidePlanMarks = pgTable('guide_plan_marks', {
  scope: text('scope').primaryKey(),
  plannedThrough: timestamp('planned_through', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
