import { z } from 'zod';
import type { JobType } from '#server/lib/queue.ts';

export const listeningImportJob: JobType<{ importId: string }> = {
  name: 'listening-import',
  schema: z.object({ importId: z.uuid() }),
  // Not 'stately': a resume after a restart must run while the dead process's job still looks active.
  // Two runs of one import are harmless (each row is done once; only one moves it to 'done').
  policy: 'standard',
  retryLimit: 2,
  retryDelaySeconds: 20,
  // A restart mid-run: pg-boss runs it again after this, carrying on from the rows not done yet.
  expireInSeconds: 3600,
};
