import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { shareTokenParamSchema, tripIdParamSchema, tripInputSchema } from '#shared/trips.ts';
import {
  createTrip,
  deleteTrip,
  listTrips,
  restoreTrip,
  revokeShare,
  sharedTrip,
  shareTrip,
  tripDetail,
  updateTrip,
} from './trips.service.ts';

type Deps = Pick<AppDeps, 'database' | 'events' | 'logger'>;

/**
 * /api/trips/shared/:token: a shared trip, read-only, for anyone with the link (no session, no
 * identity). Mounted before tripsRoutes, whose routes all need a signed-in user.
 */
export function sharedTripRoutes({ database }: Pick<AppDeps, 'database'>) {
  return new Hono<AppEnv>().get('/:token', noStore, validate('param', shareTokenParamSchema), async (c) => {
    c.header('X-Robots-Tag', 'noindex');
    return c.json(await sharedTrip({ database }, c.req.valid('param').token));
  });
}

/** /api/trips: the signed-in fan's trips (the actor is always c.var.actor; others' trips are 404). */
export function tripsRoutes(deps: Deps) {
  const id = validate('param', tripIdParamSchema);
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .get('/', async (c) => c.json(await listTrips(deps, c.var.actor)))
    .post('/', validate('json', tripInputSchema), async (c) => {
      return c.json({ trip: await createTrip(deps, c.var.actor, c.req.valid('json')) }, 201);
    })
    .get('/:id', id, async (c) => c.json(await tripDetail(deps, c.var.actor, c.req.valid('param').id)))
    .patch('/:id', id, validate('json', tripInputSchema), async (c) => {
      return c.json({ trip: await updateTrip(deps, c.var.actor, c.req.valid('param').id, c.req.valid('json')) });
    })
    .delete('/:id', id, async (c) => {
      await deleteTrip(deps, c.var.actor, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .post('/:id/restore', id, async (c) =>
      c.json({ trip: await restoreTrip(deps, c.var.actor, c.req.valid('param').id) }),
    )
    .post('/:id/share', id, async (c) => c.json({ trip: await shareTrip(deps, c.var.actor, c.req.valid('param').id) }))
    .delete('/:id/share', id, async (c) =>
      c.json({ trip: await revokeShare(deps, c.var.actor, c.req.valid('param').id) }),
    );
}
