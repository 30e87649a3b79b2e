import { Hono } from 'hono';
import { PERSONAL_CACHE_CONTROL } from '#server/features/catalog/stop-visibility.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { publicRevalidated } from '#server/lib/public-cache.ts';
import { validate } from '#server/lib/validate.ts';
import { venuePageQuerySchema, venueSlugParamSchema } from '#shared/venues.ts';
import { getVenuePage } from './venues.service.ts';

/** GET /api/venues/:slug?today= — public; the answer depends only on the URL. */
export function venuesRoutes({ database }: Pick<AppDeps, 'database'>) {
  return new Hono<AppEnv>().get('/:slug', publicRevalidated(60), validate('query', venuePageQuerySchema), async (c) => {
    // A slug that could never exist is an unknown venue to the visitor, not a bad request.
    const param = venueSlugParamSchema.safeParse({ slug: c.req.param('slug') });
    if (!param.success) throw notFound('Venue');
    const viewer = c.var.user?.id ?? null;
    const { personal, ...body } = await getVenuePage(database, param.data.slug, c.req.valid('query').today, viewer);
    if (personal) c.header('Cache-Control', PERSONAL_CACHE_CONTROL);
    return c.json(body);
  });
}
