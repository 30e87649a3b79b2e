import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import { hasRole } from '#server/auth/roles.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { enforceLimit } from '#server/lib/rate-limit.ts';
import { safeFetchFromEnv } from '#server/lib/safe-fetch.ts';
import { validate } from '#server/lib/validate.ts';
import { scrapeImportRequestSchema, scrapePreviewRequestSchema } from '#shared/tour-scraper-api.ts';
import { createTextReader } from './text-reader.ts';
import { importRows, previewUrls } from './tour-scraper.service.ts';

/** A paste costs up to ten page fetches: a few a minute is a person, more is a crawler. */
const PREVIEW_LIMIT = { windowSeconds: 60, max: 10 };
const IMPORT_LIMIT = { windowSeconds: 60, max: 20 };

/** /api/tour-scraper: signed-in users preview pages' tour dates and import the ones they choose. */
export function tourScraperRoutes({
  database,
  env,
  logger,
  providers,
}: Pick<AppDeps, 'database' | 'env' | 'logger' | 'providers'>) {
  const safeFetch = safeFetchFromEnv(env, database);
  const deps = { database, safeFetch, logger };
  /** Pages without structured events are read by the language model when one is configured. */
  const textReader = (today: string) => createTextReader({ llm: providers.llm, logger, today });
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .post('/preview', validate('json', scrapePreviewRequestSchema), async (c) => {
      const user = c.var.user!;
      await enforceLimit(database, `tour-scraper:preview:${user.id}`, PREVIEW_LIMIT);
      const actor = { userId: user.id, isAdmin: await hasRole(database, user.id, 'admin') };
      return c.json(await previewUrls(deps, actor, c.req.valid('json'), textReader));
    })
    .post('/import', validate('json', scrapeImportRequestSchema), async (c) => {
      const user = c.var.user!;
      await enforceLimit(database, `tour-scraper:import:${user.id}`, IMPORT_LIMIT);
      const actor = { userId: user.id, isAdmin: await hasRole(database, user.id, 'admin') };
      return c.json(await importRows(database, actor, c.req.valid('json')), 201);
    });
}
