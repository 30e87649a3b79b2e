import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { noStore, requireAdmin } from '#server/auth/middleware.ts';
import { auditActor } from '#server/features/admin/audit.service.ts';
import { wikidataPhotoFinder } from '#server/features/images/wikidata-photo.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { databaseCallRecorder } from '#server/providers/http.ts';
import { artistSlugParamSchema } from '#shared/artists.ts';
import { ARTIST_UPLOAD_MAX_BYTES, imageTestingMessages } from '#shared/image-testing.ts';
import { imageSourceParamSchema, replaceImageBodySchema } from '#shared/image-testing-api.ts';
import {
  clearImage,
  getArtistImage,
  type ImageTestingDeps,
  replaceWithCandidate,
  replaceWithUpload,
  runImageSource,
} from './image-testing.service.ts';

const uploadLimit = bodyLimit({
  maxSize: ARTIST_UPLOAD_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', imageTestingMessages.tooLarge);
  },
});

/** /api/admin/image-testing (admins only; app.ts leaves the 1 MB body limit to this router). */
export function imageTestingRoutes(
  deps: Pick<AppDeps, 'database' | 'storage' | 'events' | 'queue' | 'providers' | 'env' | 'logger'>,
) {
  const service: ImageTestingDeps = {
    ...deps,
    // The same finder the image job uses (background.ts), with the admin's patience: 8 s.
    findPhoto: wikidataPhotoFinder({
      musicBrainz: deps.providers.musicBrainz,
      wikidataUrl: 'https://www.wikidata.org',
      userAgent: `TourGuides/0.1 ( ${deps.env.publicUrl} )`,
      timeoutMs: 8_000,
      record: databaseCallRecorder(deps.database, deps.logger),
      onUnavailable: () => {},
    }),
  };
  const { database } = deps;
  return new Hono<AppEnv>()
    .use(noStore, requireAdmin(database))
    .get('/:slug', validate('param', artistSlugParamSchema), async (c) => {
      return c.json(await getArtistImage(service, c.req.valid('param').slug));
    })
    .post('/:slug/sources/:source', validate('param', imageSourceParamSchema), async (c) => {
      const { slug, source } = c.req.valid('param');
      return c.json(await runImageSource(service, slug, source));
    })
    .post(
      '/:slug/replace',
      validate('param', artistSlugParamSchema),
      validate('json', replaceImageBodySchema),
      async (c) =>
        c.json(
          await replaceWithCandidate(service, auditActor(c.var.actor), c.req.valid('param').slug, c.req.valid('json')),
        ),
    )
    .post('/:slug/upload', uploadLimit, validate('param', artistSlugParamSchema), async (c) => {
      const form = await c.req.formData().catch(() => null);
      const file = form?.get('image');
      if (!(file instanceof File)) throw new AppError('BAD_REQUEST', imageTestingMessages.notAnImage);
      return c.json(await replaceWithUpload(service, auditActor(c.var.actor), c.req.valid('param').slug, file));
    })
    .delete('/:slug/image', validate('param', artistSlugParamSchema), async (c) => {
      return c.json(await clearImage(service, auditActor(c.var.actor), c.req.valid('param').slug));
    });
}
