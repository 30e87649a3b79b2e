import { Hono } from 'hono';
import { z } from 'zod';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { openUserStream, streamLifetimeMs } from './user-stream.service.ts';

const eventIdSchema = z
  .string()
  .regex(/^\d{1,15}$/, 'Last-Event-ID must be an event id')
  .transform(Number);

const userEventsQuerySchema = z.object({ lastEventId: eventIdSchema.optional() });

/**
 * Where to resume. The browser's own reconnect sends the Last-Event-ID header, which is newer than
 * a `?lastEventId=` written into the URL when the client first connected, so the header wins.
 */
function resumePoint(header: string | undefined, fromQuery: number | undefined): number | null {
  if (header === undefined || header === '') return fromQuery ?? null;
  const parsed = eventIdSchema.safeParse(header);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'Last-Event-ID must be an event id');
  return parsed.data;
}

/**
 * GET /api/events — the signed-in user's events as server-sent events (ADR 0007): `id:` is the
 * stored event's id, `event:` its type, `data:` the UserEvent as JSON. Mounted next to
 * /api/events/public, so the middleware is per route, never `use`.
 */
export function userEventsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', noStore, requireUser, validate('query', userEventsQuerySchema), (c) => {
    const lastEventId = resumePoint(c.req.header('last-event-id'), c.req.valid('query').lastEventId);
    const headers = {
      'Content-Type': 'text/event-stream',
      // Chunked from the start: the node adapter then sends the headers at once.
      'Transfer-Encoding': 'chunked',
      Connection: 'keep-alive',
      // Reverse proxies (nginx) would otherwise buffer the stream.
      'X-Accel-Buffering': 'no',
    };
    // Hono answers HEAD with the GET route minus the body: a stream would open and never be read.
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    const lifetimeMs = streamLifetimeMs(new Date(c.var.session!.expiresAt));
    const stream = openUserStream(deps, c.var.actor.userId, lastEventId, lifetimeMs, c.var.session!.id);
    return c.body(stream, 200, headers);
  });
}
