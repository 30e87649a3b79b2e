/**
 * Request schemas of /api/favorites (zod: kept apart from favorites.ts so the browser's heart does
 * not pull the validation library into the home page bundle).
 */
import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import { FAVORITE_STATUS_MAX_SLUGS } from './favorites.ts';
import { storableString } from './text-schema.ts';

const slug = storableString().regex(/^[a-z0-9-]{1,120}$/, 'Invalid artist slug');

/** PUT/DELETE /api/favorites/:slug */
export const favoriteSlugParamSchema = z.object({ slug });

/** GET /api/favorites/status?slugs=a,b — one request for a page of cards. */
export const favoriteStatusQuerySchema = z.object({
  slugs: storableString()
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(z.array(slug).max(FAVORITE_STATUS_MAX_SLUGS, `At most ${FAVORITE_STATUS_MAX_SLUGS} artists at once`)),
});

/** GET /api/favorites?today=YYYY-MM-DD */
export const favoritesListQuerySchema = z.object({ today: storableString().refine(isIsoDate, 'expected YYYY-MM-DD') });

/** PUT/DELETE /api/favorites/venues/:slug */
export const venueFollowParamSchema = z.object({
  slug: storableString().regex(/^[a-z0-9-]{1,200}$/, 'Invalid venue slug'),
});
