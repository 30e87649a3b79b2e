import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import {
  homeRadiusUpdateSchema,
  trackedPlaceCreateSchema,
  trackedPlaceIdParamSchema,
  trackedPlaceUpdateSchema,
} from '#shared/places.ts';
import {
  addTrackedPlace,
  changeHomeRadius,
  changeTrackedRadius,
  listTrackedPlaces,
  removeTrackedPlace,
} from './tracked-places.service.ts';

/** /api/tracked-places: the signed-in fan's own places besides home (the actor is always c.var.actor). */
export function trackedPlacesRoutes({ database }: Pick<AppDeps, 'database'>) {
  return (
    new Hono<AppEnv>()
      .use(noStore, requireUser)
      .get('/', async (c) => c.json(await listTrackedPlaces(database, c.var.actor)))
      .post('/', validate('json', trackedPlaceCreateSchema), async (c) => {
        const place = await addTrackedPlace(database, c.var.actor, c.req.valid('json'));
        return c.json({ place }, 201);
      })
      // Before '/:id': home is not a row of tracked_places (its radius is My Shows').
      .patch('/home', validate('json', homeRadiusUpdateSchema), async (c) => {
        return c.json(await changeHomeRadius(database, c.var.actor, c.req.valid('json').radiusKm));
      })
      .patch(
        '/:id',
        validate('param', trackedPlaceIdParamSchema),
        validate('json', trackedPlaceUpdateSchema),
        async (c) => {
          const actor = c.var.actor;
          return c.json(
            await changeTrackedRadius(database, actor, c.req.valid('param').id, c.req.valid('json').radiusKm),
          );
        },
      )
      .delete('/:id', validate('param', trackedPlaceIdParamSchema), async (c) => {
        return c.json(await removeTrackedPlace(database, c.var.actor, c.req.valid('param').id));
      })
  );
}
