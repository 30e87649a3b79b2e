import { Hono } from 'hono';
import { PERSONAL_CACHE_CONTROL } from '#server/features/catalog/stop-visibility.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { publicRevalidated } from '#server/lib/public-cache.ts';
import { validate } from '#server/lib/validate.ts';
import { artistProfileQuerySchema } from '#shared/artist-profile.ts';
import { artistSlugParamSchema } from '#shared/artists.ts';
import { getArtistProfile } from './artist-profile.service.ts';

/** GET /api/artist-profile/:slug?today= — the artist page; public. */
export function artistProfileRoutes({ database }: Pick<AppDeps, 'database'>) {
  // The follower count changes with every heart: shared caches keep it half as long as the list.
  return new Hono<AppEnv>().get(
    '/:slug',
    publicRevalidated(30),
    validate('query', artistProfileQuerySchema),
    async (c) => {
      const param = artistSlugParamSchema.safeParse({ slug: c.req.param('slug') });
      if (!param.success) throw notFound('Artist');
      const viewer = c.var.user?.id ?? null;
      const { personal, ...body } = await getArtistProfile(
        database,
        param.data.slug,
        c.req.valid('query').today,
        viewer,
      );
      if (personal) c.header('Cache-Control', PERSONAL_CACHE_CONTROL);
      return c.json(body);
    },
  );
}
