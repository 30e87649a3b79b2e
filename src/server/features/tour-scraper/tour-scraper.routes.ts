import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import { withAdminRole } from '#server/auth/roles.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { enforceWriteLimit, hitLimit } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import { scrapeImportRequestSchema, scrapePreviewRequestSchema } from '#shared/tour-scraper-api.ts';
import { LLM_PAGE_READS_PER_USER_PER_DAY } from '#shared/write-limits.ts';
import { createTextReader } from './text-reader.ts';
import { importRows, previewUrls } from './tour-scraper.service.ts';

/** /api/tour-scraper: signed-in users preview pages' tour dates and import the ones they choose. */
export function tourScraperRoutes({
  database,
  logger,
  providers,
  catalogChanges,
}: Pick<AppDeps, 'database' | 'logger' | 'providers' | 'catalogChanges'>) {
  const writer = { database, catalogChanges };
  const deps = { database, safeFetch: providers.safeFetch, logger };
  /** Pages without structured events are read by the language model when one is configured (a daily quota per fan). */
  const textReaderFor = (userId: string) => (today: string) =>
    createTextReader({
      llm: providers.llm,
      logger,
      today,
      mayRead: async () =>
        (await hitLimit(database, `llm-page-read:${userId}`, LLM_PAGE_READS_PER_USER_PER_DAY)).allowed,
    });
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .post('/preview', validate('json', scrapePreviewRequestSchema), async (c) => {
      await enforceWriteLimit(database, 'tourScraperPreview', c.var.actor.userId);
      const actor = await withAdminRole(database, c.var.actor);
      return c.json(await previewUrls(deps, actor, c.req.valid('json'), textReaderFor(actor.userId)));
    })
    .post('/import', validate('json', scrapeImportRequestSchema), async (c) => {
      await enforceWriteLimit(database, 'tourScraperImport', c.var.actor.userId);
      const actor = await withAdminRole(database, c.var.actor);
      return c.json(await importRows(writer, actor, c.req.valid('json')), 201);
    });
}
