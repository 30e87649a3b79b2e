import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { CatalogChanges } from '#server/lib/catalog-changes.ts';
import type { EventBus } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { JobDefinition, JobType, Queue } from '#server/lib/queue.ts';
import { BANDSINTOWN, type BandsintownClient } from '#server/providers/bandsintown/bandsintown.client.ts';
import { pruneProviderCalls } from '#server/providers/http.ts';
import { JAMBASE, type JamBaseClient } from '#server/providers/jambase/jambase.client.ts';
import { TICKETMASTER, type TicketmasterClient } from '#server/providers/ticketmaster/ticketmaster.client.ts';
import { localIsoDate } from '#shared/dates.ts';
import { findArtistById } from './sync.repo.ts';
import { announceTourChanges, type SyncOutcome, syncFromAnswers } from './sync.service.ts';
import { fetchListings, hasTourDateSource, type TourDateSources } from './sync.sources.ts';
import { markPlanDone, prunePlans, selectArtistsLeft, selectProvidersLeft, utcToday } from './sync-planner.repo.ts';
import { PLAN_HOUR_UTC, planSyncDay } from './sync-planner.ts';

/**
 * Freshness within quotas (docs/decisions/0046): every day at 03:00 UTC the planner fills each
 * tour-date source's plan for the day (sync-planner.ts) and queues one job per artist with a source
 * left, spread over the rest of the day. Each job asks only the sources still left for its artist
 * and marks them done, so a restart or a second plan the same day repeats no call. The daily plan
 * also drops provider call records older than 30 days.
 */

/** 03:00 UTC (PLAN_HOUR_UTC): after most of the world's shows of the day have ended. */
export const DAILY_RESYNC_CRON = `0 ${PLAN_HOUR_UTC} * * *`;
/** The day's syncs end by 23:00 UTC, within the UTC day whose quota they spend. */
export const PLAN_DAY_ENDS_AT_UTC_HOUR = 23;
/** Never closer than this, whatever the number of artists: JamBase keys allow about one call a second. */
export const MIN_RESYNC_SPACING_SECONDS = 5;
/** Plans kept: the long tail's last sync (a week) and some history for the status page. */
export const PLANS_KEPT_DAYS = 30;

export const planResyncJob: JobType<Record<string, never>> = {
  name: 'tour-resync-plan',
  schema: z.object({}).strict(),
  policy: 'stately',
  retryLimit: 2,
  expireInSeconds: 300,
};

export const artistResyncJob: JobType<{ artistId: string }> = {
  name: 'tour-resync-artist',
  schema: z.object({ artistId: z.uuid() }),
  // One waiting and one running re-sync per artist: a slow day never piles them up.
  policy: 'stately',
  retryLimit: 3,
  retryDelaySeconds: 600,
  expireInSeconds: 300,
};

/** One artist's sync from the sources its plan for `day` (UTC) still has left. */
export const plannedSyncJob: JobType<{ artistId: string; day: string }> = {
  name: 'tour-sync-planned',
  schema: z.object({ artistId: z.uuid(), day: z.iso.date() }),
  policy: 'stately',
  retryLimit: 3,
  retryDelaySeconds: 600,
  expireInSeconds: 300,
};

export interface ResyncDeps {
  database: Database;
  jamBase: JamBaseClient | null;
  ticketmaster?: TicketmasterClient | null;
  bandsintown?: BandsintownClient | null;
  logger: Logger;
  /** Where a re-sync's changes are announced (notifications follow them). */
  events: Pick<EventBus, 'publish'>;
  catalogChanges: CatalogChanges;
}

/** Re-syncs one artist from every source (an admin's "Re-sync", new artists of an import). */
export async function resyncArtist(
  deps: ResyncDeps,
  artistId: string,
  today = localIsoDate(),
): Promise<SyncOutcome | null> {
  return syncArtistFrom(deps, artistId, null, today);
}

/**
 * Syncs one artist from `providers` (null: every configured source) and marks those that answered
 * done in today's plan. Provider errors propagate when every source failed, so the queue retries.
 */
async function syncArtistFrom(
  deps: ResyncDeps,
  artistId: string,
  providers: string[] | null,
  today: string,
  now = new Date(),
): Promise<SyncOutcome | null> {
  const sources = providers ? onlySources(deps, providers) : deps;
  if (!hasTourDateSource(sources)) return null;
  const artist = await findArtistById(deps.database.db, artistId);
  if (!artist) return null;
  const target = { name: artist.name, mbid: artist.mbid };
  const answers = await fetchListings(sources, target, today);
  const outcome = await syncFromAnswers(deps, target, answers, today, now);
  const answered = answers.filter((answer) => answer.ok).map((answer) => answer.provider);
  await markPlanDone(deps.database.db, artistId, utcToday(now), answered);
  if (outcome) deps.logger.info({ artist: artist.slug, ...outcome.changes }, 'tour dates re-synced');
  return outcome;
}

function onlySources(deps: ResyncDeps, providers: string[]): TourDateSources {
  const pick = <T>(provider: string, client: T | null | undefined) => (providers.includes(provider) ? client : null);
  return {
    jamBase: pick(JAMBASE, deps.jamBase) ?? null,
    ticketmaster: pick(TICKETMASTER, deps.ticketmaster),
    bandsintown: pick(BANDSINTOWN, deps.bandsintown),
  };
}

/** The planned job: the sources left for the artist on its plan's day; none on another day. */
export async function syncPlannedArtist(
  deps: ResyncDeps,
  { artistId, day }: { artistId: string; day: string },
  now = new Date(),
): Promise<SyncOutcome | null> {
  // A job that slipped past midnight leaves the artist to the new day's plan and quota.
  if (day !== utcToday(now)) return null;
  const providers = await selectProvidersLeft(deps.database.db, artistId, day);
  if (providers.length === 0) return null;
  return syncArtistFrom(deps, artistId, providers, localIsoDate(now), now);
}

/** Seconds between two artists' syncs when `count` share what is left of the plan's day. */
export function resyncSpacingSeconds(count: number, now = new Date()): number {
  if (count <= 1) return 0;
  const end = new Date(now);
  end.setUTCHours(PLAN_DAY_ENDS_AT_UTC_HOUR, 0, 0, 0);
  const window = Math.max(0, Math.floor((end.getTime() - now.getTime()) / 1000));
  return Math.max(MIN_RESYNC_SPACING_SECONDS, Math.floor(window / count));
}

/**
 * Plans today for every configured source and queues one job per artist with a source left,
 * spread out; returns how many jobs were queued (a job waiting already is not queued again).
 */
export async function planDailyResync(deps: ResyncDeps, queue: Pick<Queue, 'send'>, now = new Date()): Promise<number> {
  if (!hasTourDateSource(deps)) {
    deps.logger.info('no tour-date source configured: followed artists are not re-synced');
    return 0;
  }
  const day = utcToday(now);
  await planSyncDay(deps.database, deps, day);
  const artists = await selectArtistsLeft(deps.database.db, day);
  const spacing = resyncSpacingSeconds(artists.length, now);
  let queued = 0;
  for (const [index, artist] of artists.entries()) {
    const id = await queue.send(
      plannedSyncJob,
      { artistId: artist.artistId, day },
      { singletonKey: `${day}/${artist.artistId}`, startAfterSeconds: index * spacing },
    );
    if (id) queued++;
  }
  return queued;
}

export function syncJobDefinitions(deps: ResyncDeps, queue: Queue): JobDefinition<never>[] {
  const plan: JobDefinition<Record<string, never>> = {
    ...planResyncJob,
    async handler() {
      await pruneProviderCalls(deps.database);
      await prunePlans(deps.database.db, PLANS_KEPT_DAYS);
      const queued = await planDailyResync(deps, queue);
      deps.logger.info({ queued }, 'daily tour re-sync planned');
    },
  };
  const resync: JobDefinition<{ artistId: string }> = {
    ...artistResyncJob,
    async handler({ artistId }) {
      const outcome = await resyncArtist(deps, artistId);
      await announceTourChanges(deps.events, deps.logger, outcome);
    },
  };
  const planned: JobDefinition<{ artistId: string; day: string }> = {
    ...plannedSyncJob,
    async handler(payload) {
      const outcome = await syncPlannedArtist(deps, payload);
      await announceTourChanges(deps.events, deps.logger, outcome);
    },
  };
  return [plan, resync, planned] as JobDefinition<never>[];
}
