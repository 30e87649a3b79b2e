import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { addShowRequestSchema, venueSearchQuerySchema } from '#shared/add-show-api.ts';
import { addShow, searchVenues } from './add-show.service.ts';

/** /api/add-show: signed-in fans record shows (the actor is always c.var.user). */
export function addShowRoutes({ database }: Pick<AppDeps, 'database'>) {
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .post('/', validate('json', addShowRequestSchema), async (c) => {
      return c.json(await addShow(database, { userId: c.var.user!.id }, c.req.valid('json')), 201);
    })
    .get('/venues', validate('query', venueSearchQuerySchema), async (c) => {
      return c.json(await searchVenues(database, c.req.valid('query').q));
    });
}
