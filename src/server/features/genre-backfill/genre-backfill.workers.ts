import type { JobDefinition, Queue } from '#server/lib/queue.ts';
import { GENRE_BACKFILL_CRON, genreBackfillJob, scheduledGenreBackfillJob } from './genre-backfill.jobs.ts';
import { type GenreJobDeps, runGenreJob, startScheduledGenreRun } from './genre-backfill.service.ts';

/** What the queue's workers run for the genre jobs declared in genre-backfill.jobs.ts. */
export function genreBackfillJobDefinitions(deps: GenreJobDeps): JobDefinition<never>[] {
  const run: JobDefinition<{ jobId: string }> = {
    ...genreBackfillJob,
    handler: ({ jobId }) => runGenreJob(deps, jobId),
  };
  const scheduled: JobDefinition<Record<string, never>> = {
    ...scheduledGenreBackfillJob,
    handler: () => startScheduledGenreRun(deps),
  };
  return [run, scheduled] as JobDefinition<never>[];
}

export async function scheduleGenreBackfill(queue: Queue): Promise<void> {
  await queue.schedule(scheduledGenreBackfillJob, GENRE_BACKFILL_CRON, {});
}
