import { Hono } from 'hono';
import { notFound } from '#server/lib/app-error.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { artistSlugParamSchema, listArtistsQuerySchema, tourPageQuerySchema } from '#shared/artists.ts';
import { getArtistTourPage, listArtists } from './artists.service.ts';

/** The answers depend only on the URL (the visitor's date is in it), so shared caches may keep them briefly. */
const PUBLIC_SHORT_CACHE = 'public, max-age=60';

export function artistsRoutes({ database }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', validate('query', listArtistsQuerySchema), async (c) => {
      const { page, today, all } = c.req.valid('query');
      const body = await listArtists(database, { page, today, includeWithoutUpcoming: all === '1' });
      c.header('Cache-Control', PUBLIC_SHORT_CACHE);
      return c.json(body);
    })
    .get('/:slug', validate('query', tourPageQuerySchema), async (c) => {
      // A slug that could never exist is simply an unknown artist to the visitor, not a bad request.
      const param = artistSlugParamSchema.safeParse({ slug: c.req.param('slug') });
      if (!param.success) throw notFound('Artist');
      const { today } = c.req.valid('query');
      const body = await getArtistTourPage(database, param.data.slug, today);
      c.header('Cache-Control', PUBLIC_SHORT_CACHE);
      return c.json(body);
    });
}
