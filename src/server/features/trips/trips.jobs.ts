import { z } from 'zod';
import type { EventBus, TourDatesChangedEvent, TripSavedEvent } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { JobDefinition, JobType, Queue } from '#server/lib/queue.ts';
import { purgeDeletedTrips, selectTripsNotStarted } from './trips.repo.ts';
import { notifyNewTripShows, searchTrip, type TripSearchDeps } from './trips.search.ts';
import { UNDO_WINDOW_HOURS } from './trips.service.ts';

/**
 * Vacation mode's jobs: the provider search of one trip (queued when a trip is saved, and daily
 * for every trip until it starts), the "Trip shows" check after a sync, and an hourly sweep for
 * shows that came some other way (catalog imports, approved Add Show stops, first syncs).
 */

export const tripSearchJob: JobType<{ tripId: string; baseline: boolean }> = {
  name: 'trip-search',
  schema: z.object({ tripId: z.uuid(), baseline: z.boolean() }),
  // One waiting per trip: a second save while one waits is the same search.
  policy: 'stately',
  retryLimit: 4,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
};

export const dailyTripSearchJob: JobType<Record<string, never>> = {
  name: 'trip-search-daily',
  schema: z.object({}).strict(),
  policy: 'stately',
  retryLimit: 1,
  expireInSeconds: 600,
};

export const tripShowsCheckJob: JobType<{ artistId: string | null }> = {
  name: 'trip-shows-check',
  schema: z.object({ artistId: z.uuid().nullable() }),
  policy: 'stately',
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 300,
};

/** 04:30 UTC: after the followed artists' re-sync has started its day (sync.jobs, 03:00). */
export const DAILY_TRIP_SEARCH_CRON = '30 4 * * *';
/** Hourly, at twenty-five past. */
export const TRIP_SHOWS_SWEEP_CRON = '25 * * * *';
/** Daily searches are spread out: JamBase is paced to one call a second anyway. */
export const DAILY_SEARCH_SPACING_SECONDS = 2;

export type TripJobDeps = TripSearchDeps;

/** Queues today's search of every trip not started yet; returns how many were queued. */
export async function planDailyTripSearches(deps: TripJobDeps, queue: Pick<Queue, 'send'>): Promise<number> {
  await purgeDeletedTrips(deps.database.db, UNDO_WINDOW_HOURS);
  const trips = await selectTripsNotStarted(deps.database.db);
  let queued = 0;
  for (const [index, trip] of trips.entries()) {
    const id = await queue.send(
      tripSearchJob,
      { tripId: trip.id, baseline: false },
      { singletonKey: trip.id, startAfterSeconds: index * DAILY_SEARCH_SPACING_SECONDS },
    );
    if (id) queued++;
  }
  return queued;
}

export function tripJobDefinitions(deps: TripJobDeps, queue: Queue): JobDefinition<never>[] {
  const search: JobDefinition<{ tripId: string; baseline: boolean }> = {
    ...tripSearchJob,
    async handler({ tripId, baseline }) {
      const outcome = await searchTrip(deps, tripId, { baseline });
      if (outcome) deps.logger.info({ tripId, baseline, ...outcome }, 'trip searched');
    },
  };
  const daily: JobDefinition<Record<string, never>> = {
    ...dailyTripSearchJob,
    async handler() {
      const queued = await planDailyTripSearches(deps, queue);
      deps.logger.info({ queued }, 'daily trip searches planned');
    },
  };
  const check: JobDefinition<{ artistId: string | null }> = {
    ...tripShowsCheckJob,
    async handler({ artistId }) {
      const notified = await notifyNewTripShows(deps.database, artistId ? { artistId } : {});
      if (notified > 0) deps.logger.info({ artistId, notified }, 'trip shows notified');
    },
  };
  return [search, daily, check] as JobDefinition<never>[];
}

/**
 * Follows the bus: a saved trip gets its search (a baseline: what it finds is the plan, not news);
 * a sync that changed an artist's dates gets the trip check for that artist. Returns the unsubscribe.
 */
export function followTripEvents(events: Pick<EventBus, 'subscribe'>, queue: Pick<Queue, 'send'>, logger: Logger) {
  const stopSaved = events.subscribe(
    (event): event is TripSavedEvent => event.type === 'trip-saved',
    ({ tripId }) => {
      queue.send(tripSearchJob, { tripId, baseline: true }, { singletonKey: tripId }).catch((error: unknown) => {
        logger.error({ err: error, tripId }, 'trip search not queued: the daily run will search it');
      });
    },
  );
  const stopChanged = events.subscribe(
    (event): event is TourDatesChangedEvent => event.type === 'tour-dates-changed',
    ({ artistId }) => {
      queue.send(tripShowsCheckJob, { artistId }, { singletonKey: artistId }).catch((error: unknown) => {
        logger.error({ err: error, artistId }, 'trip shows check not queued: the hourly sweep will');
      });
    },
  );
  return () => {
    stopSaved();
    stopChanged();
  };
}

/** After queue.start(). */
export async function scheduleTripJobs(queue: Queue): Promise<void> {
  await queue.schedule(dailyTripSearchJob, DAILY_TRIP_SEARCH_CRON, {});
  await queue.schedule(tripShowsCheckJob, TRIP_SHOWS_SWEEP_CRON, { artistId: null });
}
