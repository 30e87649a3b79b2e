import { Hono } from 'hono';
import { clientKey } from '#server/auth/client-ip.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { enforceLimit } from '#server/lib/rate-limit.ts';
import { FILES_URL_PREFIX, isPublicKey } from '#server/lib/storage.ts';
import { validate } from '#server/lib/validate.ts';
import { queueArtistImageBodySchema } from '#shared/images.ts';
import { fileVariantQuerySchema, readStoredFile } from './image-variants.ts';
import { queueArtistImage } from './images.service.ts';

/**
 * A page of 20 cards asks once per card without an image, and several people may share one
 * address (a venue's Wi-Fi). Asking again for a waiting or made image costs a lookup, never a job.
 */
const QUEUE_LIMIT = { windowSeconds: 60, max: 300 };
/** POST /api/images/queue */
export function imagesRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/queue', validate('json', queueArtistImageBodySchema), async (c) => {
    await enforceLimit(deps.database, `image-queue:${clientKey(c, deps.env.TRUST_PROXY)}`, QUEUE_LIMIT);
    const body = await queueArtistImage(deps, c.req.valid('json').artistName, c.var.user?.id ?? null);
    c.header('Cache-Control', 'no-store');
    return c.json(body, body.status === 'queued' ? 202 : 200);
  });
}

/**
 * GET /files/<key>[?w=240]: stored files, or an artist image's narrower copy. Their names change
 * with their content, so they are cached for a year.
 */
export function filesRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/*', validate('query', fileVariantQuerySchema), async (c) => {
    const key = c.req.path.slice(FILES_URL_PREFIX.length);
    if (!isPublicKey(key)) return c.text('Not found', 404);
    const file = await readStoredFile(deps.storage, key, c.req.valid('query').w);
    if (!file) return c.text('Not found', 404);
    c.header('Content-Type', file.contentType);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Content-Length', String(file.body.byteLength));
    return c.body(file.body as Uint8Array<ArrayBuffer>);
  });
}
