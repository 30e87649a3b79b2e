import { z } from 'zod';
import type { JobDefinition, JobType, Queue } from '#server/lib/queue.ts';
import { type BackupDeps, DAILY_BACKUP_CRON, runScheduledBackup } from './backups.service.ts';

/** The daily backup (issue 16): one at a time; a failed one is tried again twice. */
export const dailyBackupJob: JobType<Record<string, never>> = {
  name: 'backup-daily',
  schema: z.object({}).strict(),
  policy: 'stately',
  retryLimit: 2,
  retryDelaySeconds: 600,
  // A large catalog takes minutes to export on a small machine.
  expireInSeconds: 3600,
};

export function backupJobDefinitions(deps: BackupDeps): JobDefinition<never>[] {
  const daily: JobDefinition<Record<string, never>> = {
    ...dailyBackupJob,
    handler: () => runScheduledBackup(deps),
  };
  return [daily] as JobDefinition<never>[];
}

/** After queue.start(); with BACKUP_RETENTION=0 the job still runs daily but makes nothing. */
export async function scheduleBackupJobs(queue: Queue): Promise<void> {
  await queue.schedule(dailyBackupJob, DAILY_BACKUP_CRON, {});
}
