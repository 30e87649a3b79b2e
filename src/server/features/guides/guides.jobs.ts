import { z } from 'zod';
import type { JobType, Queue } from '#server/lib/queue.ts';
import type { GuidePartKind } from '#shared/guides.ts';

/**
 * Guide parts are built by jobs, one queue per source so each keeps its own pace (a slow Overpass
 * does not hold up the weather). A part job skips a fresh part, so a plan re-run after a restart
 * repeats no work; a failed fetch re-queues itself after its backoff.
 */
const partPayload = z.object({
  kind: z.enum(['around', 'city', 'forecast', 'typical', 'venue', 'geocode']),
  key: z.string().min(1).max(200),
});
export type PartPayload = z.infer<typeof partPayload>;

const partJob = (name: string): JobType<PartPayload> => ({
  name,
  schema: partPayload,
  policy: 'stately',
  // The part's own backoff (retry_at, re-queued) handles failures: pg-boss's retries would not see it.
  retryLimit: 0,
  expireInSeconds: 300,
});

export const guideAroundJob = partJob('guide-around');
export const guideCityJob = partJob('guide-city');
export const guideWeatherJob = partJob('guide-weather');
export const guideVenueJob = partJob('guide-venue');
export const guideGeocodeJob = partJob('guide-geocode');

export const guideStoryJob: JobType<{ stopId: string }> = {
  name: 'guide-story',
  schema: z.object({ stopId: z.uuid() }),
  policy: 'stately',
  retryLimit: 0,
  expireInSeconds: 300,
};

/** `changedOnly`: plan only stops added or changed since the last complete plan (the start-up pass). */
export const guidePlanJob: JobType<{ artistId: string | null; changedOnly?: boolean }> = {
  name: 'guide-plan',
  schema: z.object({ artistId: z.uuid().nullable(), changedOnly: z.boolean().optional() }),
  policy: 'stately',
  retryLimit: 2,
  expireInSeconds: 600,
};

/** Every 6 hours: forecasts refresh daily within the horizon, new stops get their parts. */
export const GUIDE_PLAN_CRON = '20 */6 * * *';
/** Parts planned per run and kind: a huge first catalog is spread over several runs. */
export const PLAN_BATCH = 5_000;

export function jobForKind(kind: GuidePartKind): JobType<PartPayload> {
  if (kind === 'around') return guideAroundJob;
  if (kind === 'city') return guideCityJob;
  if (kind === 'venue') return guideVenueJob;
  if (kind === 'geocode') return guideGeocodeJob;
  return guideWeatherJob;
}

/** Sends a part's job now (a page waits for it) or after `delaySeconds` (a planned build, spread out). */
export async function queuePart(queue: Pick<Queue, 'send'>, kind: GuidePartKind, key: string, delaySeconds = 0) {
  return queue.send(
    jobForKind(kind),
    { kind, key },
    { singletonKey: `${kind}:${key}`, startAfterSeconds: delaySeconds || undefined },
  );
}
