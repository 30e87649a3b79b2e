import { z } from 'zod';
import type { JobType } from '#server/lib/queue.ts';

/** One admin historical import; its admin_catalog_jobs row holds the file, progress and report. */
export const historicalImportJob: JobType<{ jobId: string }> = {
  name: 'historical-import',
  schema: z.object({ jobId: z.uuid() }),
  retryLimit: 0,
  expireInSeconds: 30 * 60,
};
