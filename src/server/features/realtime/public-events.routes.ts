import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { clientKey } from '#server/auth/client-ip.ts';
import { existingImages } from '#server/features/images/images.service.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import type { AppEvent } from '#server/lib/event-bus.ts';
import { createStreamSlots } from '#server/lib/stream-slots.ts';
import { validate } from '#server/lib/validate.ts';
import {
  MAX_PUBLIC_EVENT_ARTISTS,
  MAX_PUBLIC_STREAMS_PER_CLIENT,
  type PublicEvent,
  publicEventTypes,
} from '#shared/events.ts';

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
