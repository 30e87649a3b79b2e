import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { didYouGoQuerySchema, historyQuerySchema } from '#shared/history-api.ts';
import { didYouGo, historyFilters, historyPage } from './history.service.ts';

/**
 * /api/history: the signed-in fan's attended shows (the actor is always c.var.actor). Answers to
 * "Did you go?" go through PUT /api/shows/stops/:stopId (attended / missed), like every show state.
 */
export function historyRoutes({ database }: Pick<AppDeps, 'database'>) {
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .get('/', validate('query', historyQuerySchema), async (c) => {
      return c.json(await historyPage(database, c.var.actor, c.req.valid('query')));
    })
    .get('/filters', async (c) => c.json(await historyFilters(database, c.var.actor)))
    .get('/did-you-go', validate('query', didYouGoQuerySchema), async (c) => {
      return c.json(await didYouGo(database, c.var.actor, c.req.valid('query').today));
    });
}
