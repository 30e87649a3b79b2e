import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/sql.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { JobDefinition, JobType, Queue } from '#server/lib/queue.ts';

/**
 * Merge and delete restore points (ADR 0026) hold every row the artist took with it, as JSON: big
 * rows nobody can use once their 30 days are over. Daily at 04:15 UTC, after the 03:30 backup
 * (which itself drops scheduled backups beyond BACKUP_RETENTION), expired ones are deleted.
 */
export const PURGE_RESTORE_POINTS_CRON = '15 4 * * *';

export const purgeRestorePointsJob: JobType<Record<string, never>> = {
  name: 'admin-restore-points-purge',
  schema: z.object({}).strict(),
  policy: 'stately',
  retryLimit: 2,
  expireInSeconds: 300,
};

/** Deletes restore points past their expiry (used or not); returns how many went. */
export async function purgeExpiredRestorePoints(database: Database): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    database.db,
    sql`delete from admin_restore_points where expires_at <= now() returning id`,
  );
  return rows.length;
}

export function restorePointJobDefinitions(deps: { database: Database; logger: Logger }): JobDefinition<never>[] {
  const purge: JobDefinition<Record<string, never>> = {
    ...purgeRestorePointsJob,
    async handler() {
      const deleted = await purgeExpiredRestorePoints(deps.database);
      deps.logger.info({ deleted }, 'expired admin restore points purged');
    },
  };
  return [purge] as JobDefinition<never>[];
}

/** After queue.start(): pg-boss keeps one schedule per job type across processes. */
export async function scheduleRestorePointJobs(queue: Pick<Queue, 'schedule'>): Promise<void> {
  await queue.schedule(purgeRestorePointsJob, PURGE_RESTORE_POINTS_CRON, {});
}
