import type { JobDefinition } from '#server/lib/queue.ts';
import { listeningImportJob } from './listening-import.jobs.ts';
import { type ListeningImportDeps, runListeningImport } from './listening-import.service.ts';

/** The match and follow (or add-to-catalog) phases of a listening import: one job per run. */
export function listeningImportJobDefinitions(deps: ListeningImportDeps): JobDefinition<never>[] {
  const definition: JobDefinition<{ importId: string }> = {
    ...listeningImportJob,
    async handler({ importId }) {
      await runListeningImport(deps, importId);
    },
  };
  return [definition] as JobDefinition<never>[];
}
