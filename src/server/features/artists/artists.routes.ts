import { Hono } from 'hono';
import { sendKept } from '#server/features/catalog/kept-answers.ts';
import { PERSONAL_CACHE_CONTROL } from '#server/features/catalog/stop-visibility.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { publicRevalidated } from '#server/lib/public-cache.ts';
import { validate } from '#server/lib/validate.ts';
import { artistSlugParamSchema, listArtistsQuerySchema, tourPageQuerySchema } from '#shared/artists.ts';
import { artistListCache } from './artist-list-cache.ts';
import { getArtistTourPage, listArtists } from './artists.service.ts';

/** The answers depend only on the URL (the visitor's date is in it): shared caches may keep them a minute. */
const SHARED_CACHE_SECONDS = 60;

export function artistsRoutes({ database, events, catalogChanges }: AppDeps) {
  const listCache = artistListCache({ database, catalogChanges });
  // A new or cleared image changes the card on the list page that shows the artist.
  events.subscribe(
    (event) => event.type === 'artist-image-ready' || event.type === 'artist-image-cleared',
    () => catalogChanges.noted(),
  );
  const revalidated = publicRevalidated(SHARED_CACHE_SECONDS);
  return new Hono<AppEnv>()
    .get('/', revalidated, validate('query', listArtistsQuerySchema), async (c) => {
      const { page, today, all } = c.req.valid('query');
      const includeWithoutUpcoming = all === '1';
      const answer = await listCache.get({ page, today, all: includeWithoutUpcoming }, () =>
        listArtists(database, { page, today, includeWithoutUpcoming }),
      );
      return sendKept(c, answer, 'application/json');
    })
    .get('/:slug', revalidated, validate('query', tourPageQuerySchema), async (c) => {
      // A slug that could never exist is simply an unknown artist to the visitor, not a bad request.
      const param = artistSlugParamSchema.safeParse({ slug: c.req.param('slug') });
      if (!param.success) throw notFound('Artist');
      const { today } = c.req.valid('query');
      const { personal, ...body } = await getArtistTourPage(database, param.data.slug, today, c.var.user?.id ?? null);
      if (personal) c.header('Cache-Control', PERSONAL_CACHE_CONTROL);
      return c.json(body);
    });
}
