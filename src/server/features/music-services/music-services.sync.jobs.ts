import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { JobDefinition, JobType, Queue } from '#server/lib/queue.ts';
import { selectSyncableConnectionIds } from './music-services.sync.repo.ts';
import { createMusicSyncDeps, syncConnectionById } from './music-services.sync.ts';

/**
 * The weekly re-sync: a planner (pg-boss schedule) queues one job per connected service, spread a
 * few seconds apart so Spotify, Last.fm and ListenBrainz see a trickle, not a burst. A 429 or an
 * outage fails the job, which pg-boss retries later; a withdrawn Spotify access ends it quietly
 * (the connection says "reconnect").
 */
export const musicSyncPlanJob: JobType<Record<string, never>> = {
  name: 'music-sync-plan',
  schema: z.object({}).strict(),
  policy: 'stately',
  retryLimit: 1,
  expireInSeconds: 600,
};

export const musicSyncJob: JobType<{ connectionId: string }> = {
  name: 'music-sync',
  schema: z.object({ connectionId: z.uuid() }),
  policy: 'stately',
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 300,
};

/** Mondays at 04:20 UTC. */
export const WEEKLY_MUSIC_SYNC_CRON = '20 4 * * 1';
/** Seconds between two connections' syncs. */
const SPREAD_SECONDS = 1;

export function musicSyncJobDefinitions(
  deps: { database: Database; env: Env; logger: Logger },
  queue: Queue,
): JobDefinition<never>[] {
  const syncDeps = createMusicSyncDeps(deps);
  const plan: JobDefinition<Record<string, never>> = {
    ...musicSyncPlanJob,
    async handler() {
      const ids = await selectSyncableConnectionIds(deps.database.db);
      for (const [i, connectionId] of ids.entries()) {
        await queue.send(
          musicSyncJob,
          { connectionId },
          { singletonKey: connectionId, startAfterSeconds: i * SPREAD_SECONDS },
        );
      }
      if (ids.length > 0) deps.logger.info({ connections: ids.length }, 'weekly music sync planned');
    },
  };
  const sync: JobDefinition<{ connectionId: string }> = {
    ...musicSyncJob,
    async handler({ connectionId }) {
      try {
        const result = await syncConnectionById(syncDeps, connectionId);
        if (result) deps.logger.info({ connectionId, ...result.summary }, 'music service synced');
      } catch (error) {
        // Reconnect needed or the fan's username is gone: kept on the connection, nothing to retry.
        if (error instanceof AppError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')) return;
        throw error;
      }
    },
  };
  return [plan, sync] as JobDefinition<never>[];
}

/** After queue.start(). */
export async function scheduleMusicSync(queue: Queue): Promise<void> {
  await queue.schedule(musicSyncPlanJob, WEEKLY_MUSIC_SYNC_CRON, {});
}
