import type { Context } from 'hono';
import { Hono } from 'hono';
import { noteCatalogChanged } from '#server/features/catalog/catalog-version.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { publicRevalidated } from '#server/lib/public-cache.ts';
import { validate } from '#server/lib/validate.ts';
import { artistSlugParamSchema, listArtistsQuerySchema, tourPageQuerySchema } from '#shared/artists.ts';
import { artistListCache, type CachedJson } from './artist-list-cache.ts';
import { getArtistTourPage, listArtists } from './artists.service.ts';

/** The answers depend only on the URL (the visitor's date is in it): shared caches may keep them a minute. */
const SHARED_CACHE_SECONDS = 60;

export function artistsRoutes({ database, events }: AppDeps) {
  const listCache = artistListCache(database);
  // A new or cleared image changes the card on the list page that shows the artist.
  events.subscribe(
    (event) => event.type === 'artist-image-ready' || event.type === 'artist-image-cleared',
    () => noteCatalogChanged(),
  );
  const revalidated = publicRevalidated(SHARED_CACHE_SECONDS);
  return new Hono<AppEnv>()
    .get('/', revalidated, validate('query', listArtistsQuerySchema), async (c) => {
      const { page, today, all } = c.req.valid('query');
      const includeWithoutUpcoming = all === '1';
      const answer = await listCache.get({ page, today, all: includeWithoutUpcoming }, () =>
        listArtists(database, { page, today, includeWithoutUpcoming }),
      );
      return sendJson(c, answer);
    })
    .get('/:slug', revalidated, validate('query', tourPageQuerySchema), async (c) => {
      // A slug that could never exist is simply an unknown artist to the visitor, not a bad request.
      const param = artistSlugParamSchema.safeParse({ slug: c.req.param('slug') });
      if (!param.success) throw notFound('Artist');
      const { today } = c.req.valid('query');
      const body = await getArtistTourPage(database, param.data.slug, today);
      return c.json(body);
    });
}

/**
 * A kept answer as is: its ETag made once (publicRevalidated answers 304 when the browser has it,
 * without hashing the body again), the gzip made once when accepted (the compress middleware leaves
 * an encoded answer alone), else the JSON text.
 */
function sendJson(c: Context<AppEnv>, answer: CachedJson): Response {
  c.header('ETag', answer.etag);
  c.header('Vary', 'Accept-Encoding');
  c.header('Content-Type', 'application/json');
  if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
    c.header('Content-Encoding', 'gzip');
    return c.body(answer.gzip());
  }
  return c.body(answer.body);
}
