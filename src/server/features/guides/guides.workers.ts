import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { EventBus } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { JobDefinition, Queue } from '#server/lib/queue.ts';
import type { Providers } from '#server/providers/providers.ts';
import { FORECAST_HORIZON_DAYS, type GuidePartKind } from '#shared/guides.ts';
import {
  GUIDE_PLAN_CRON,
  guideAroundJob,
  guideCityJob,
  guideGeocodeJob,
  guidePlanJob,
  guideStoryJob,
  guideVenueJob,
  guideWeatherJob,
  type PartPayload,
  PLAN_BATCH,
  queuePart,
} from './guides.jobs.ts';
import { buildPart, MAX_REQUEUED_FAILURES, PART_FRESH_SECONDS, retryDelaySeconds } from './guides.parts.ts';
import {
  databaseNow,
  findForecastsToBuild,
  findPartsToBuild,
  findStopSlugs,
  readPlanMark,
  savePart,
  writePlanMark,
} from './guides.repo.ts';
import { getGuide } from './guides.service.ts';
import { checkStory, STORY_FEATURE, storyPrompt } from './guides.story.ts';

/**
 * What the queue's workers run for the guide jobs declared in guides.jobs.ts: part builds, the
 * story, and the plan that spreads a catalog's parts over time.
 */
export interface GuideJobDeps {
  database: Database;
  logger: Logger;
  env: Env;
  events: EventBus;
  providers: Pick<Providers, 'overpass' | 'wikivoyage' | 'openMeteo' | 'wikidata' | 'nominatim' | 'llm'>;
}

export function guideJobDefinitions(deps: GuideJobDeps, queue: Queue): JobDefinition<never>[] {
  const runPart = async ({ kind, key }: PartPayload) => {
    const result = await buildPart(deps, kind, key);
    if (result.outcome === 'failed' && (result.failures ?? 0) < MAX_REQUEUED_FAILURES) {
      await queuePart(queue, kind, key, retryDelaySeconds(result.failures ?? 1));
    }
    // A venue just found on the map: its places and facts can be gathered now.
    if (kind === 'geocode' && result.outcome === 'built') {
      await queuePart(queue, 'around', key);
      await queuePart(queue, 'venue', key);
    }
  };
  const plan: JobDefinition<{ artistId: string | null; changedOnly?: boolean }> = {
    ...guidePlanJob,
    async handler({ artistId, changedOnly }) {
      const planned = await planGuideParts({ ...deps, queue }, artistId, { changedOnly });
      deps.logger.info({ artistId, changedOnly, ...planned }, 'guide parts planned');
    },
  };
  const story: JobDefinition<{ stopId: string }> = {
    ...guideStoryJob,
    async handler({ stopId }) {
      await writeStory({ ...deps, queue }, stopId);
    },
  };
  return [
    story,
    { ...guideAroundJob, handler: runPart },
    { ...guideCityJob, handler: runPart },
    { ...guideWeatherJob, handler: runPart },
    { ...guideVenueJob, handler: runPart },
    { ...guideGeocodeJob, handler: runPart },
    plan,
  ] as JobDefinition<never>[];
}

const PLAN_MARK = 'all';
const days = (seconds: number) => Math.floor(seconds / 86_400);

/**
 * Queues the missing or stale parts of upcoming stops, each source's jobs spread at its own
 * interval so the first build of a large catalog stays within the providers' limits. A whole-catalog
 * plan that finished (no list cut at PLAN_BATCH) moves the mark; `changedOnly` looks only at stops
 * changed after it (the forecasts, bounded by their horizon, are always looked at).
 */
export async function planGuideParts(
  deps: Pick<GuideJobDeps, 'database' | 'env'> & { queue: Pick<Queue, 'send'> },
  artistId: string | null,
  options: { changedOnly?: boolean; batch?: number } = {},
): Promise<{
  around: number;
  venues: number;
  geocodes: number;
  cities: number;
  forecasts: number;
  since: string | null;
}> {
  const { database, env, queue } = deps;
  const batch = options.batch ?? PLAN_BATCH;
  const startedAt = await databaseNow(database);
  const since = options.changedOnly && artistId === null ? await readPlanMark(database, PLAN_MARK) : null;
  const today = startedAt.toISOString().slice(0, 10);
  const work = await findPartsToBuild(database, {
    today,
    artistId,
    limit: batch,
    since,
    freshDays: {
      around: days(PART_FRESH_SECONDS.around),
      venue: days(PART_FRESH_SECONDS.venue),
      city: days(PART_FRESH_SECONDS.city),
      geocode: days(PART_FRESH_SECONDS.geocode),
    },
  });
  const forecasts = await findForecastsToBuild(database, {
    today,
    horizonDays: FORECAST_HORIZON_DAYS,
    maxAgeHours: Math.floor(PART_FRESH_SECONDS.forecast / 3_600),
    limit: batch,
  });
  const spread = async (kind: GuidePartKind, keys: string[], intervalMs: number) => {
    for (const [index, key] of keys.entries())
      await queuePart(queue, kind, key, Math.floor((index * intervalMs) / 1000));
  };
  await spread('geocode', work.geocode, env.NOMINATIM_INTERVAL_MS);
  await spread('around', work.around, env.OVERPASS_INTERVAL_MS);
  await spread('venue', work.venue, env.WIKIDATA_INTERVAL_MS);
  await spread('city', work.cities, env.WIKIVOYAGE_INTERVAL_MS);
  await spread('forecast', forecasts, env.OPEN_METEO_INTERVAL_MS);
  const lists = [work.around, work.venue, work.geocode, work.cities];
  if (artistId === null && lists.every((list) => list.length < batch)) {
    await writePlanMark(database, PLAN_MARK, startedAt);
  }
  return {
    around: work.around.length,
    venues: work.venue.length,
    geocodes: work.geocode.length,
    cities: work.cities.length,
    forecasts: forecasts.length,
    since: since?.toISOString() ?? null,
  };
}

/** A sync changed an artist's dates: plan that artist's parts (new stops get their guide before anyone opens it). */
export function followTourChangesForGuides(
  events: Pick<EventBus, 'subscribe'>,
  queue: Pick<Queue, 'send'>,
  logger: Logger,
) {
  return events.subscribe(
    (event) => event.type === 'tour-dates-changed',
    (event) => {
      if (event.type !== 'tour-dates-changed') return;
      queue
        .send(guidePlanJob, { artistId: event.artistId }, { singletonKey: event.artistId })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'guide plan not queued: the scheduled plan will');
        });
    },
  );
}

export async function scheduleGuideJobs(queue: Queue): Promise<void> {
  await queue.schedule(guidePlanJob, GUIDE_PLAN_CRON, { artistId: null });
  // A catalog imported while the server was down, or before this feature: planned once at start.
  // Only what changed since the last complete plan: a restart does not walk the whole catalog again.
  await queue.send(guidePlanJob, { artistId: null, changedOnly: true }, { singletonKey: 'all' });
}

/**
 * Writes a stop's "Your night in {city}" with the language model from the guide's facts; an answer
 * that fails the fact check is marked rejected and never stored (the page keeps its template).
 */
export async function writeStory(
  deps: GuideJobDeps & { queue: Pick<Queue, 'send'> },
  stopId: string,
): Promise<'written' | 'template'> {
  const { llm } = deps.providers;
  const slugs = await findStopSlugs(deps.database, stopId);
  if (!slugs || !llm.configured) return 'template';
  const guide = await getGuide(
    { database: deps.database, queue: deps.queue, mapTilesUrl: deps.env.MAP_TILES_URL, llmConfigured: false },
    { ...slugs, userId: null },
  );
  if (guide.building) return 'template';
  try {
    const answer = await llm.complete({ feature: STORY_FEATURE, ...storyPrompt(guide), maxTokens: 250 });
    const problem = checkStory(answer.text, guide);
    if (problem) {
      await llm.markRejected(answer.callId, problem);
      deps.logger.info({ stopId, problem }, 'model story rejected: the template stays');
      return 'template';
    }
    await savePart(deps.database, 'story', stopId, { text: answer.text });
    return 'written';
  } catch (error) {
    deps.logger.info(
      { stopId, err: error instanceof Error ? error.message : String(error) },
      'no model story: the template stays',
    );
    return 'template';
  }
}
