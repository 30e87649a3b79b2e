import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { showDetailsPatchSchema, stopIdParamSchema } from '#shared/show-detail-api.ts';
import { getShowDetail, updateShowDetails } from './show-detail.service.ts';

/**
 * A stop id in a path: only a UUID matches, so these routes never shadow the other /api/shows
 * routes (/stops/…, /states, /upcoming, /photos/…) whatever the mounting order.
 */
export const STOP_ID_PATH = ':stopId{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}}';

/** /api/shows/:stopId — the show detail, signed in; the actor is always c.var.actor. */
export function showDetailRoutes({ database }: Pick<AppDeps, 'database'>) {
  return new Hono<AppEnv>()
    .get(`/${STOP_ID_PATH}`, noStore, requireUser, validate('param', stopIdParamSchema), async (c) => {
      return c.json(await getShowDetail(database, c.var.actor, c.req.valid('param').stopId));
    })
    .patch(
      `/${STOP_ID_PATH}/details`,
      noStore,
      requireUser,
      validate('param', stopIdParamSchema),
      validate('json', showDetailsPatchSchema),
      async (c) => {
        const { stopId } = c.req.valid('param');
        return c.json(await updateShowDetails(database, c.var.actor, stopId, c.req.valid('json')));
      },
    );
}
