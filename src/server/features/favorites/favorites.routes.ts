import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { favoriteSlugParamSchema, favoriteStatusQuerySchema, favoritesListQuerySchema } from '#shared/favorites-api.ts';
import { favoriteStatus, follow, listFavorites, unfollow } from './favorites.service.ts';

/** /api/favorites: the signed-in user's followed artists (the actor is always c.var.user). */
export function favoritesRoutes({ database }: Pick<AppDeps, 'database'>) {
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .get('/', validate('query', favoritesListQuerySchema), async (c) => {
      return c.json(await listFavorites(database, { userId: c.var.user!.id }, c.req.valid('query').today));
    })
    .get('/status', validate('query', favoriteStatusQuerySchema), async (c) => {
      return c.json(await favoriteStatus(database, { userId: c.var.user!.id }, c.req.valid('query').slugs));
    })
    .put('/:slug', validate('param', favoriteSlugParamSchema), async (c) => {
      return c.json(await follow(database, { userId: c.var.user!.id }, c.req.valid('param').slug));
    })
    .delete('/:slug', validate('param', favoriteSlugParamSchema), async (c) => {
      return c.json(await unfollow(database, { userId: c.var.user!.id }, c.req.valid('param').slug));
    });
}
