import type { Database } from '#server/db/client.ts';
import { BANDSINTOWN } from '#server/providers/bandsintown/bandsintown.client.ts';
import { JAMBASE } from '#server/providers/jambase/jambase.client.ts';
import { TICKETMASTER } from '#server/providers/ticketmaster/ticketmaster.client.ts';
import type { TourDateSources } from './sync.sources.ts';
import {
  callsToday,
  countPendingToday,
  insertPlanItems,
  type PlanCandidate,
  selectPlanCandidates,
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
