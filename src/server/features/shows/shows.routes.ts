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
import { requestPhotoSweep } from './show-photos.jobs.ts';
import {
  clearShowState,
  markShowSeen,
  saveShowsSettings,
  setShowState,
  showStates,
  upcomingShows,
} from './shows.service.ts';

/**
 * /api/shows: the signed-in fan's show states and My Shows (the actor is always c.var.actor). The
 * show detail routes (/api/shows/:stopId…) live in show-detail.routes.ts.
 */
export function showsRoutes({ database, queue }: Pick<AppDeps, 'database' | 'queue'>) {
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .get('/upcoming', validate('query', upcomingQuerySchema), async (c) => {
      return c.json(await upcomingShows(database, c.var.actor, c.req.valid('query')));
    })
    .get('/states', validate('query', showStatesQuerySchema), async (c) => {
      return c.json(await showStates(database, c.var.actor, c.req.valid('query').stopIds));
    })
    .patch('/settings', validate('json', showsSettingsSchema), async (c) => {
      return c.json(await saveShowsSettings(database, c.var.actor, c.req.valid('json').radiusKm));
    })
    .put('/stops/:stopId', validate('param', stopIdParamSchema), validate('json', putShowStateSchema), async (c) => {
      return c.json(await setShowState(database, c.var.actor, c.req.valid('param').stopId, c.req.valid('json')));
    })
    .delete('/stops/:stopId', validate('param', stopIdParamSchema), async (c) => {
      await clearShowState(database, c.var.actor, c.req.valid('param').stopId);
      // Its photos' rows went with it (cascade); their files go now.
      await requestPhotoSweep(queue, c.var.log);
      return c.body(null, 204);
    })
    .post('/stops/:stopId/seen', validate('param', stopIdParamSchema), async (c) => {
      return c.json(await markShowSeen(database, c.var.actor, c.req.valid('param').stopId));
    });
}
