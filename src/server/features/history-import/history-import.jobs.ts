import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { JobDefinition, JobType, Queue } from '#server/lib/queue.ts';
import { claimStalled } from './history-import.repo.ts';
import {
  HISTORY_IMPORT_STALLED_AFTER_MS,
  type HistoryImportDeps,
  type HistoryImportJobPayload,
  runImport,
} from './history-import.service.ts';

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

export function importJobSender(queue: Pick<Queue, 'send'>) {
  return async (importId: string): Promise<void> => {
    await queue.send(historyImportJob, { importId }, { singletonKey: importId });
  };
}

export function historyImportJobDefinitions(
  deps: Omit<HistoryImportDeps, 'queue'>,
  queue: Queue,
): JobDefinition<never>[] {
  const definition: JobDefinition<HistoryImportJobPayload> = {
    ...historyImportJob,
    async handler({ importId }) {
      await runImport({ ...deps, queue }, importId);
    },
  };
  return [definition] as JobDefinition<never>[];
}

/** How often each process looks for running imports whose process is gone. */
const STALLED_CHECK_MS = 15_000;

/**
 * A process that dies mid-import leaves it 'running' and its job 'active' until pg-boss expires the
 * job, an hour later. Every process looks for running imports whose heartbeat stopped and runs each
 * again at once (written rows are skipped), so an import carries on within a minute of a restart.
 * Returns the function that stops looking.
 */
export function resumeStalledImports(
  deps: { database: Database; logger: Logger },
  queue: Pick<Queue, 'send' | 'rerunActive'>,
): () => void {
  let checking = false;
  const check = async () => {
    for (const importId of await claimStalled(deps.database.db, HISTORY_IMPORT_STALLED_AFTER_MS)) {
      deps.logger.warn({ importId }, 'history import stalled (its process is gone): running it again');
      // The dead run's job goes back to the queue; without one (expired, failed), a new job is sent.
      if (!(await queue.rerunActive(historyImportJob, importId))) {
        await queue.send(historyImportJob, { importId }, { singletonKey: importId });
      }
    }
  };
  const tick = () => {
    // One look at a time: a slow database must not pile them up.
    if (checking) return;
    checking = true;
    check()
      .catch((error: unknown) => deps.logger.error({ err: error }, 'looking for stalled history imports failed'))
      .finally(() => {
        checking = false;
      });
  };
  tick();
  const timer = setInterval(tick, STALLED_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
