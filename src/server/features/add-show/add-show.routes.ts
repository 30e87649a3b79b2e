import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { perUserWriteLimit } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import { addShowRequestSchema, venueSearchQuerySchema } from '#shared/add-show-api.ts';
import { addShow, searchVenues } from './add-show.service.ts';

/** /api/add-show: signed-in fans record shows (the actor is always c.var.actor). */
export function addShowRoutes({ database, catalogChanges }: Pick<AppDeps, 'database' | 'catalogChanges'>) {
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .post('/', perUserWriteLimit(database, 'addShow'), validate('json', addShowRequestSchema), async (c) => {
      return c.json(await addShow({ database, catalogChanges }, c.var.actor, c.req.valid('json')), 201);
    })
    .get('/venues', validate('query', venueSearchQuerySchema), async (c) => {
      return c.json(await searchVenues(database, c.var.actor, c.req.valid('query').q));
    });
}
