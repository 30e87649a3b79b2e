import { z } from 'zod';
import type { JobDefinition, JobType, Queue } from '#server/lib/queue.ts';
import { type HistoryImportDeps, type HistoryImportJobPayload, runImport } from './history-import.service.ts';

/** One confirmed history import, written chunk by chunk (one job per import). */
export const historyImportJob: JobType<HistoryImportJobPayload> = {
  name: 'history-import',
  schema: z.object({ importId: z.uuid() }),
  policy: 'stately',
  retryLimit: 2,
  retryDelaySeconds: 30,
  // 50,000 rows on a slow machine: generous.
  expireInSeconds: 3600,
};

export function importJobSender(queue: () => Pick<Queue, 'send'>) {
  return async (importId: string): Promise<void> => {
    await queue().send(historyImportJob, { importId }, { singletonKey: importId });
  };
}

export function historyImportJobDefinitions(
  deps: Omit<HistoryImportDeps, 'queue'>,
  queue: () => Queue,
): JobDefinition<never>[] {
  const definition: JobDefinition<HistoryImportJobPayload> = {
    ...historyImportJob,
    async handler({ importId }) {
      await runImport({ ...deps, queue: queue() }, importId);
    },
  };
  return [definition] as JobDefinition<never>[];
}
