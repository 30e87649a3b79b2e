import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import type { JobDefinition } from '#server/lib/queue.ts';
import { historicalImportJob } from './historical-import.jobs.ts';
import { runImportJob } from './historical-import.service.ts';

/** What the queue's workers run for the job declared in historical-import.jobs.ts. */
export function historicalImportJobDefinitions(deps: CatalogWriterDeps): JobDefinition<never>[] {
  const run: JobDefinition<{ jobId: string }> = {
    ...historicalImportJob,
    handler: ({ jobId }) => runImportJob(deps, jobId),
  };
  return [run] as JobDefinition<never>[];
}
