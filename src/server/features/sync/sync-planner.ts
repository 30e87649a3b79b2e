import type { Database } from '#server/db/client.ts';
import { BANDSINTOWN } from '#server/providers/bandsintown/bandsintown.client.ts';
import { JAMBASE } from '#server/providers/jambase/jambase.client.ts';
import { TICKETMASTER } from '#server/providers/ticketmaster/ticketmaster.client.ts';
import {
  SYNC_PLAN_TIERS,
  type SyncPlanSource,
  type SyncPlanStatus,
  type SyncPlanTierName,
} from '#shared/api-status.ts';
import { sourceLabel } from '#shared/tour-sources.ts';
import type { TourDateSources } from './sync.sources.ts';
import {
  callsToday,
  countPendingToday,
  insertPlanItems,
  type PlanCandidate,
  selectPlanCandidates,
  selectPlanCounts,
  utcToday,
} from './sync-planner.repo.ts';

/**
 * The sync planner (docs/decisions/0046): each tour-date source's daily quota is spent where fans
 * are — artists fans are Going to see, followed artists, recently searched ones — and the long
 * tail only weekly. The plan is rows in sync_plan_items; planning again the same day only adds.
 */

/** A fifth of each quota stays free for fans' own searches and follows during the day. */
export const FANS_SHARE_OF_QUOTA = 0.2;
/** Calls one artist's sync costs a source: Ticketmaster finds the attraction, then its events. */
export const CALLS_PER_ARTIST: Record<string, number> = { [TICKETMASTER]: 2, [JAMBASE]: 1, [BANDSINTOWN]: 1 };
/** A fan's search keeps the artist in the "searched" tier this long. */
export const SEARCHED_TIER_DAYS = 14;
/** An artist no fan is near is synced by a source at most this often. */
export const LONG_TAIL_EVERY_DAYS = 7;
/** Without a quota (a client built without its database) the plan still has an end. */
const UNBOUNDED = 100_000;

export interface PlannedSource {
  provider: string;
  /** Calls a day (UTC) this server allows the source; null when none is kept. */
  quota: number | null;
}

/** The configured tour-date sources with their daily quotas. */
export function plannedSources(sources: TourDateSources): PlannedSource[] {
  const list: PlannedSource[] = [];
  if (sources.ticketmaster) list.push({ provider: TICKETMASTER, quota: sources.ticketmaster.dailyQuota });
  if (sources.bandsintown) list.push({ provider: BANDSINTOWN, quota: sources.bandsintown.dailyQuota });
  if (sources.jamBase) list.push({ provider: JAMBASE, quota: sources.jamBase.dailyQuota });
  return list;
}

/** The calls of a quota the plan may spend: the fans' share stays free. */
export function planBudget(quota: number): number {
  return quota - Math.ceil(quota * FANS_SHARE_OF_QUOTA);
}

/**
 * How many more artists fit in today's plan for a source: its budget less the calls made today
 * (by anyone) and those the artists planned but not yet synced will make.
 */
export function artistsThatFit(options: { quota: number | null; usedToday: number; pending: number; cost: number }) {
  if (options.quota === null) return UNBOUNDED;
  const left = planBudget(options.quota) - options.usedToday - options.pending * options.cost;
  return Math.max(0, Math.floor(left / options.cost));
}

/** Plans the day for every configured source; returns the artists added per source. */
export async function planSyncDay(
  database: Database,
  sources: TourDateSources,
  day: string,
): Promise<Record<string, PlanCandidate[]>> {
  const added: Record<string, PlanCandidate[]> = {};
  for (const { provider, quota } of plannedSources(sources)) {
    const cost = CALLS_PER_ARTIST[provider] ?? 1;
    const [usedToday, pending] = await Promise.all([
      callsToday(database.db, provider),
      countPendingToday(database.db, provider, day),
    ]);
    const limit = artistsThatFit({ quota, usedToday, pending, cost });
    const candidates =
      limit === 0
        ? []
        : await selectPlanCandidates(database.db, {
            provider,
            day,
            limit,
            searchedDays: SEARCHED_TIER_DAYS,
            longTailDays: LONG_TAIL_EVERY_DAYS,
          });
    await insertPlanItems(database.db, provider, day, candidates);
    added[provider] = candidates;
  }
  return added;
}

/** The tour-date sources the status page always lists, on or off, in the plan's order. */
const PLAN_SOURCES = [TICKETMASTER, BANDSINTOWN, JAMBASE];

/** The planner runs daily at this hour (UTC): after most of the world's shows of the day have ended. */
export const PLAN_HOUR_UTC = 3;

/** The next run of the planner's cron (DAILY_RESYNC_CRON) after `now`. */
export function nextPlanAt(now: Date): Date {
  const next = new Date(now);
  next.setUTCHours(PLAN_HOUR_UTC, 0, 0, 0);
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** Today's plan per tour-date source for /admin/api-status: quota use, artists planned per tier, done and left. */
export async function syncPlanSummary(
  database: Database,
  sources: TourDateSources,
  now = new Date(),
): Promise<Omit<SyncPlanStatus, 'nextSyncAt'>> {
  const day = utcToday(now);
  const counts = await selectPlanCounts(database.db, day);
  const configured = new Map(plannedSources(sources).map((source) => [source.provider, source.quota]));
  const summaries = await Promise.all(
    PLAN_SOURCES.map(async (provider): Promise<SyncPlanSource> => {
      const rows = counts.filter((row) => row.provider === provider);
      const planned = Object.fromEntries(
        SYNC_PLAN_TIERS.map((tier) => [tier, rows.find((row) => row.tier === tier)?.planned ?? 0]),
      ) as Record<SyncPlanTierName, number>;
      const total = rows.reduce((sum, row) => sum + row.planned, 0);
      const done = rows.reduce((sum, row) => sum + row.done, 0);
      const quota = configured.get(provider) ?? null;
      return {
        provider,
        label: sourceLabel(provider),
        on: configured.has(provider),
        quota,
        usedToday: await callsToday(database.db, provider),
        planBudget: quota === null ? null : planBudget(quota),
        planned,
        done,
        left: total - done,
      };
    }),
  );
  return { day, nextPlanAt: nextPlanAt(now).toISOString(), sources: summaries };
}
