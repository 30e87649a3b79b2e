import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { CatalogChanges } from '#server/lib/catalog-changes.ts';
import type { EventBus } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { JobDefinition, JobType, Queue } from '#server/lib/queue.ts';
import type { BandsintownClient } from '#server/providers/bandsintown/bandsintown.client.ts';
import { pruneProviderCalls } from '#server/providers/http.ts';
import type { JamBaseClient } from '#server/providers/jambase/jambase.client.ts';
import type { TicketmasterClient } from '#server/providers/ticketmaster/ticketmaster.client.ts';
import { localIsoDate } from '#shared/dates.ts';
import { findArtistById, selectFollowedArtistIds } from './sync.repo.ts';
import { announceTourChanges, type SyncOutcome, syncArtistTourDates } from './sync.service.ts';
import { hasTourDateSource } from './sync.sources.ts';

/**
 * Freshness: every day each followed artist's dates are fetched again, and what changed (new,
 * moved, cancelled stops) is recorded in tour_stop_changes for the notifications. The daily plan
 * also drops provider call records older than 30 days.
 */

/** 03:00 UTC: after most of the world's shows of the day have ended. */
export const DAILY_RESYNC_CRON = '0 3 * * *';
/** The day's re-syncs are spread over this window rather than fired at once. */
export const RESYNC_WINDOW_SECONDS = 20 * 60 * 60;
/** Never closer than this, whatever the number of artists: JamBase keys allow about one call a second. */
export const MIN_RESYNC_SPACING_SECONDS = 5;

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

/** Re-syncs one artist; provider errors propagate so the queue retries later. */
export async function resyncArtist(
  deps: ResyncDeps,
  artistId: string,
  today = localIsoDate(),
): Promise<SyncOutcome | null> {
  if (!hasTourDateSource(deps)) return null;
  const artist = await findArtistById(deps.database.db, artistId);
  if (!artist) return null;
  const outcome = await syncArtistTourDates(deps, deps, { name: artist.name, mbid: artist.mbid }, today);
  if (outcome) deps.logger.info({ artist: artist.slug, ...outcome.changes }, 'tour dates re-synced');
  return outcome;
}

/** Seconds between two artists' re-syncs when `count` share the day's window. */
export function resyncSpacingSeconds(count: number): number {
  if (count <= 1) return 0;
  return Math.max(MIN_RESYNC_SPACING_SECONDS, Math.floor(RESYNC_WINDOW_SECONDS / count));
}

/** Queues today's re-sync of every followed artist, spread out; returns how many were queued. */
export async function planDailyResync(deps: ResyncDeps, queue: Pick<Queue, 'send'>): Promise<number> {
  if (!hasTourDateSource(deps)) {
    deps.logger.info('no tour-date source configured: followed artists are not re-synced');
    return 0;
  }
  const artists = await selectFollowedArtistIds(deps.database.db);
  const spacing = resyncSpacingSeconds(artists.length);
  let queued = 0;
  for (const [index, artist] of artists.entries()) {
    const id = await queue.send(
      artistResyncJob,
      { artistId: artist.id },
      { singletonKey: artist.id, startAfterSeconds: index * spacing },
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
  return [plan, resync] as JobDefinition<never>[];
}
