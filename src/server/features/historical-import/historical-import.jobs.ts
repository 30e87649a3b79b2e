import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { JobDefinition, JobType } from '#server/lib/queue.ts';
import { runImportJob } from './historical-import.service.ts';

/** One admin historical import; its admin_catalog_jobs row holds the file, progress and report. */
export const historicalImportJob: JobType<{ jobId: string }> = {
  name: 'historical-import',
  schema: z.object({ jobId: z.uuid() }),
  retryLimit: 0,
  expireInSeconds: 30 * 60,
};

export function historicalImportJobDefinitions(deps: { database: Database }): JobDefinition<never>[] {
  const run: JobDefinition<{ jobId: string }> = {
    ...historicalImportJob,
    handler: ({ jobId }) => runImportJob(deps.database, jobId),
  };
  return [run] as JobDefinition<never>[];
}
