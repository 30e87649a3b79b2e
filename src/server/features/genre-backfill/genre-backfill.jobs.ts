import { z } from 'zod';
import type { JobType } from '#server/lib/queue.ts';

/** One admin genre job (preview, apply); the row in admin_catalog_jobs says which and keeps its progress. */
export const genreBackfillJob: JobType<{ jobId: string }> = {
  name: 'genre-backfill',
  schema: z.object({ jobId: z.uuid() }),
  retryLimit: 0,
  // 500 artists at 1 request/s, plus the rest of the app's MusicBrainz traffic.
  expireInSeconds: 60 * 60,
};

export const scheduledGenreBackfillJob: JobType<Record<string, never>> = {
  name: 'genre-backfill-scheduled',
  schema: z.object({}),
  policy: 'stately',
  retryLimit: 0,
  expireInSeconds: 60 * 60,
};

/** Daily at 04:10 UTC, after the 03:00 tour-date re-sync has added the day's new artists. */
export const GENRE_BACKFILL_CRON = '10 4 * * *';
