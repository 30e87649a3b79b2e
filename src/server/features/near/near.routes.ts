import { Hono } from 'hono';
import { clientKey } from '#server/auth/client-ip.ts';
import { noStore, PRIVATE_NO_STORE } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { publicRevalidated } from '#server/lib/public-cache.ts';
import { enforceLimit, type LimitRule } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import { nearQuerySchema } from '#shared/near.ts';
import { listNearPlaces, listShowsNear } from './near.service.ts';

/** Each filter change is a request: room for a fan trying radii and dates, not for a scraper. */
export const NEAR_READ_LIMIT: LimitRule = { windowSeconds: 60, max: 120 };

/**
 * /api/near: public. A visitor's answer depends only on the URL (shared caches may keep it a
 * minute); a signed-in fan's marks their follows, so it is theirs alone.
 */
export function nearRoutes({ database, env }: Pick<AppDeps, 'database' | 'env'>) {
  return new Hono<AppEnv>()
    .get('/places', noStore, async (c) => c.json(await listNearPlaces(database, c.var.user?.id ?? null)))
    .get('/', publicRevalidated(60), validate('query', nearQuerySchema), async (c) => {
      await enforceLimit(database, `near-read:${clientKey(c, env.TRUST_PROXY)}`, NEAR_READ_LIMIT);
      const viewer = c.var.user?.id ?? null;
      if (viewer) c.header('Cache-Control', PRIVATE_NO_STORE);
      return c.json(await listShowsNear(database, viewer, c.req.valid('query')));
    });
}
