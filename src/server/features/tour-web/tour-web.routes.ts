import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { enforceLimit } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import { databaseCallRecorder } from '#server/providers/http.ts';
import { finderRequestSchema } from '#shared/tour-scraper-api.ts';
import { findTourDates } from './tour-web.service.ts';

/** One finder run crawls a handful of pages: a few runs a minute per person. */
const FINDER_LIMIT = { windowSeconds: 60, max: 5 };

/** /api/tour-web: signed-in users ask the server to find an artist's tour dates on the web. */
export function tourWebRoutes({
  database,
  env,
  logger,
  providers,
}: Pick<AppDeps, 'database' | 'env' | 'logger' | 'providers'>) {
  const record = databaseCallRecorder(database, logger);
  const userAgent = `TourGuidesBot/0.1 (+${env.publicUrl}; tour dates for fans)`;
  const deps = {
    database,
    logger,
    safeFetch: providers.safeFetch,
    musicBrainz: providers.musicBrainz,
    bandsintown: providers.bandsintown,
    wikidataUrl: env.WIKIDATA_URL,
    userAgent,
    timeoutMs: env.PROVIDER_TIMEOUT_MS,
    record,
  };
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .post('/find', validate('json', finderRequestSchema), async (c) => {
      const { actor } = c.var;
      await enforceLimit(database, `tour-web:find:${actor.userId}`, FINDER_LIMIT);
      return c.json(await findTourDates(deps, actor, c.req.valid('json')));
    });
}
