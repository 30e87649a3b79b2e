import type { JobDefinition } from '#server/lib/queue.ts';
import { artistLookupJob, type LookupDeps, runLookup } from './search-lookups.service.ts';

export function searchJobDefinitions(deps: LookupDeps): JobDefinition<never>[] {
  const lookup: JobDefinition<{ lookupId: string }> = {
    ...artistLookupJob,
    handler: ({ lookupId }) => runLookup(deps, lookupId),
  };
  return [lookup] as JobDefinition<never>[];
}
