import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { JobDefinition, JobType, Queue } from '#server/lib/queue.ts';
import { deleteUserEventsBefore } from './user-events.repo.ts';

/** Users' events are kept this long for reconnecting clients (ADR 0007). */
export const USER_EVENTS_KEPT_DAYS = 7;
/** 02:30 UTC daily, before the 03:00 re-sync adds the day's notifications. */
export const PRUNE_USER_EVENTS_CRON = '30 2 * * *';

export const pruneUserEventsJob: JobType<Record<string, never>> = {
  name: 'user-events-prune',
  schema: z.object({}).strict(),
  policy: 'stately',
  retryLimit: 2,
  expireInSeconds: 300,
};

export async function pruneUserEvents(database: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - USER_EVENTS_KEPT_DAYS * 24 * 60 * 60 * 1000);
  return deleteUserEventsBefore(database.db, cutoff);
}

export function realtimeJobDefinitions(deps: { database: Database; logger: Logger }): JobDefinition<never>[] {
  const prune: JobDefinition<Record<string, never>> = {
    ...pruneUserEventsJob,
    async handler() {
      const deleted = await pruneUserEvents(deps.database);
      deps.logger.info({ deleted }, 'old user events pruned');
    },
  };
  return [prune] as JobDefinition<never>[];
}

/** After queue.start(): pg-boss keeps one schedule per job type across processes. */
export async function scheduleRealtimeJobs(queue: Pick<Queue, 'schedule'>): Promise<void> {
  await queue.schedule(pruneUserEventsJob, PRUNE_USER_EVENTS_CRON, {});
}
