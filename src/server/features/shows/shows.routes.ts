import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import {
  putShowStateSchema,
  showStatesQuerySchema,
  showsSettingsSchema,
  stopIdParamSchema,
  upcomingQuerySchema,
} from '#shared/shows-api.ts';
import {
  clearShowState,
  markShowSeen,
  saveShowsSettings,
  setShowState,
  showStates,
  upcomingShows,
} from './shows.service.ts';

/**
 * /api/shows: the signed-in fan's show states and My Shows (the actor is always c.var.user). The
 * show detail routes (/api/shows/:stopId…) live in show-detail.routes.ts.
 */
export function showsRoutes({ database }: Pick<AppDeps, 'database'>) {
  const actor = (c: { var: AppEnv['Variables'] }) => ({ userId: c.var.user!.id });
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .get('/upcoming', validate('query', upcomingQuerySchema), async (c) => {
      return c.json(await upcomingShows(database, actor(c), c.req.valid('query')));
    })
    .get('/states', validate('query', showStatesQuerySchema), async (c) => {
      return c.json(await showStates(database, actor(c), c.req.valid('query').stopIds));
    })
    .patch('/settings', validate('json', showsSettingsSchema), async (c) => {
      return c.json(await saveShowsSettings(database, actor(c), c.req.valid('json').radiusKm));
    })
    .put('/stops/:stopId', validate('param', stopIdParamSchema), validate('json', putShowStateSchema), async (c) => {
      return c.json(await setShowState(database, actor(c), c.req.valid('param').stopId, c.req.valid('json')));
    })
    .delete('/stops/:stopId', validate('param', stopIdParamSchema), async (c) => {
      await clearShowState(database, actor(c), c.req.valid('param').stopId);
      return c.body(null, 204);
    })
    .post('/stops/:stopId/seen', validate('param', stopIdParamSchema), async (c) => {
      return c.json(await markShowSeen(database, actor(c), c.req.valid('param').stopId));
    });
}
