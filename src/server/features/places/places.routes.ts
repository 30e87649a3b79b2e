import { Hono } from 'hono';
import { notFound } from '#server/lib/app-error.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { type PlaceResponse, type PlacesResponse, placeIdSchema, placesQuerySchema } from '#shared/places.ts';
import { getPlace, searchPlaces } from './places.service.ts';

/** The gazetteer changes only with the data package: answers may be kept a day. */
const CACHE_CONTROL = 'public, max-age=86400';

/** GET /api/places?q=&limit= (typeahead) and GET /api/places/:id — public, offline data. */
export function placesRoutes() {
  return new Hono<AppEnv>()
    .get('/', validate('query', placesQuerySchema), async (c) => {
      const body: PlacesResponse = { places: await searchPlaces(c.req.valid('query')) };
      c.header('Cache-Control', CACHE_CONTROL);
      return c.json(body);
    })
    .get('/:id', async (c) => {
      const id = placeIdSchema.safeParse(c.req.param('id'));
      if (!id.success) throw notFound('Place');
      const body: PlaceResponse = { place: await getPlace(id.data) };
      c.header('Cache-Control', CACHE_CONTROL);
      return c.json(body);
    });
}
