import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { perUserWriteLimit } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import { SHOW_DETAIL_MESSAGES } from '#shared/show-detail.ts';
import { photoIdParamSchema, stopIdParamSchema } from '#shared/show-detail-api.ts';
import { SHOW_LIMITS } from '#shared/shows.ts';
import { STOP_ID_PATH } from './show-detail.routes.ts';
import { addShowPhoto, deleteShowPhoto, readShowPhoto } from './show-photos.service.ts';

/** The one API path whose body may exceed the app's 1 MB limit (app.ts skips it for this one). */
export function isPhotoUpload(method: string, path: string): boolean {
  return method === 'POST' && /^\/api\/shows\/[0-9a-f-]{36}\/photos$/i.test(path);
}

/** A photo plus the multipart envelope. */
const photoBodyLimit = bodyLimit({
  maxSize: SHOW_LIMITS.photoMaxBytes + 64 * 1024,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', SHOW_DETAIL_MESSAGES.photoTooLarge);
  },
});

/** /api/shows/:stopId/photos and /api/shows/photos/:photoId — a fan's own show photos, signed in. */
export function showPhotosRoutes({ database, storage }: Pick<AppDeps, 'database' | 'storage'>) {
  return new Hono<AppEnv>()
    .post(
      `/${STOP_ID_PATH}/photos`,
      noStore,
      requireUser,
      perUserWriteLimit(database, 'showPhotoUpload'),
      photoBodyLimit,
      validate('param', stopIdParamSchema),
      async (c) => {
        const form = await c.req.formData().catch(() => null);
        const file = form?.get('photo');
        if (!(file instanceof File)) throw new AppError('BAD_REQUEST', SHOW_DETAIL_MESSAGES.notAnImage);
        const deps = { database, storage, log: c.var.log };
        return c.json(await addShowPhoto(deps, c.var.actor, c.req.valid('param').stopId, file), 201);
      },
    )
    .get('/photos/:photoId', noStore, requireUser, validate('param', photoIdParamSchema), async (c) => {
      const file = await readShowPhoto({ database, storage }, c.var.actor, c.req.valid('param').photoId);
      c.header('Content-Type', file.contentType);
      c.header('Content-Length', String(file.body.byteLength));
      c.header('Content-Disposition', 'inline');
      return c.body(file.body as Uint8Array<ArrayBuffer>);
    })
    .delete('/photos/:photoId', noStore, requireUser, validate('param', photoIdParamSchema), async (c) => {
      const deps = { database, storage, log: c.var.log };
      await deleteShowPhoto(deps, c.var.actor, c.req.valid('param').photoId);
      return c.body(null, 204);
    });
}
