import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { clientKey } from '#server/auth/client-ip.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import type { AppEvent } from '#server/lib/event-bus.ts';
import { enforceLimit } from '#server/lib/rate-limit.ts';
import { FILES_URL_PREFIX, isPublicKey } from '#server/lib/storage.ts';
import { createStreamSlots } from '#server/lib/stream-slots.ts';
import { validate } from '#server/lib/validate.ts';
import {
  MAX_PUBLIC_EVENT_ARTISTS,
  MAX_PUBLIC_STREAMS_PER_CLIENT,
  type PublicEvent,
  publicEventTypes,
} from '#shared/events.ts';
import { queueArtistImageBodySchema } from '#shared/images.ts';
import { fileVariantQuerySchema, readStoredFile } from './image-variants.ts';
import { existingImages, queueArtistImage } from './images.service.ts';

/**
 * A page of 20 cards asks once per card without an image, and several people may share one
 * address (a venue's Wi-Fi). Asking again for a waiting or made image costs a lookup, never a job.
 */
const QUEUE_LIMIT = { windowSeconds: 60, max: 300 };
/** A refused client may try again after this long (its other streams may have closed by then). */
/** Proxies close idle connections; a comment line every so often keeps the stream open. */
const KEEP_ALIVE_MS = 25_000;

const publicEventsQuerySchema = z.object({
  artist: z
    .string()
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(
      z
        .array(z.string().regex(/^[a-z0-9-]{1,120}$/, 'Invalid artist slug'))
        .min(1, 'Name at least one artist')
        .max(MAX_PUBLIC_EVENT_ARTISTS, `At most ${MAX_PUBLIC_EVENT_ARTISTS} artists per stream`),
    ),
});

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
 * GET /api/events/public?artist=a,b — image events for the named artists. Images that already
 * exist are sent first, so a card that queued its image just before connecting misses nothing.
 */
export function publicEventsRoutes(deps: AppDeps) {
  const streams = createStreamSlots(MAX_PUBLIC_STREAMS_PER_CLIENT);
  return new Hono<AppEnv>().get('/public', validate('query', publicEventsQuerySchema), (c) => {
    const slugs = new Set(c.req.valid('query').artist);
    c.header('Cache-Control', 'no-store');
    // Hono answers HEAD with the GET route minus the body: a stream would open, never be read or
    // end, and hold one of the client's places.
    if (c.req.method === 'HEAD') return c.body(null, 200, { 'Content-Type': 'text/event-stream' });
    const release = streams.take(clientKey(c, deps.env.TRUST_PROXY));
    return streamSSE(c, async (stream) => {
      const send = (event: PublicEvent) => stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
      const unsubscribe = deps.events.subscribe(
        (event: AppEvent): event is PublicEvent =>
          (publicEventTypes as readonly string[]).includes(event.type) && slugs.has((event as PublicEvent).artistSlug),
        (event) => void send(event),
      );
      let ended = false;
      let stopListeningForClose = () => {};
      const done = new Promise<void>((resolve) => {
        const end = () => {
          ended = true;
          resolve();
        };
        stream.onAbort(end);
        // Server shutdown: end the stream so the HTTP server can close.
        stopListeningForClose = deps.events.onClose(end);
      });
      try {
        for (const image of await existingImages(deps.database, [...slugs])) {
          await send({ type: 'artist-image-ready', artistSlug: image.slug, imageUrl: image.imageUrl });
        }
        while (!ended) {
          await Promise.race([done, stream.sleep(KEEP_ALIVE_MS)]);
          if (!ended) await stream.write(': keep-alive\n\n');
        }
      } finally {
        unsubscribe();
        stopListeningForClose();
        release();
      }
    });
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
