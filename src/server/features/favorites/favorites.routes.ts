import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import {
  favoriteSlugParamSchema,
  favoriteStatusQuerySchema,
  favoritesListQuerySchema,
  venueFollowParamSchema,
} from '#shared/favorites-api.ts';
import { favoriteStatus, follow, listFavorites, unfollow } from './favorites.service.ts';
import { followVenue, listFollowedVenues, unfollowVenue, venueFollowStatus } from './venue-follows.service.ts';

/** /api/favorites: the signed-in user's followed artists and venues (the actor is always c.var.actor). */
export function favoritesRoutes({ database }: Pick<AppDeps, 'database'>) {
  return (
    new Hono<AppEnv>()
      .use(noStore, requireUser)
      .get('/', validate('query', favoritesListQuerySchema), async (c) => {
        return c.json(await listFavorites(database, c.var.actor, c.req.valid('query').today));
      })
      // Venues first: '/venues/…' never reaches the artist routes below.
      .get('/venues', async (c) => c.json(await listFollowedVenues(database, c.var.actor)))
      .get('/venues/:slug', validate('param', venueFollowParamSchema), async (c) => {
        return c.json(await venueFollowStatus(database, c.var.actor, c.req.valid('param').slug));
      })
      .put('/venues/:slug', validate('param', venueFollowParamSchema), async (c) => {
        return c.json(await followVenue(database, c.var.actor, c.req.valid('param').slug));
      })
      .delete('/venues/:slug', validate('param', venueFollowParamSchema), async (c) => {
        return c.json(await unfollowVenue(database, c.var.actor, c.req.valid('param').slug));
      })
      .get('/status', validate('query', favoriteStatusQuerySchema), async (c) => {
        return c.json(await favoriteStatus(database, c.var.actor, c.req.valid('query').slugs));
      })
      .put('/:slug', validate('param', favoriteSlugParamSchema), async (c) => {
        return c.json(await follow(database, c.var.actor, c.req.valid('param').slug));
      })
      .delete('/:slug', validate('param', favoriteSlugParamSchema), async (c) => {
        return c.json(await unfollow(database, c.var.actor, c.req.valid('param').slug));
      })
  );
}
