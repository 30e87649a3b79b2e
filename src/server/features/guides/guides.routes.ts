import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { clientKey } from '#server/auth/client-ip.ts';
import { noStore, requireAdmin, requireUser } from '#server/auth/middleware.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import type { AppEvent, GuidePartReadyEvent } from '#server/lib/event-bus.ts';
import { perUserWriteLimit } from '#server/lib/rate-limit.ts';
import { createStreamSlots } from '#server/lib/stream-slots.ts';
import { validate } from '#server/lib/validate.ts';
import { MAX_PUBLIC_STREAMS_PER_CLIENT } from '#shared/events.ts';
import {
  adminTipsQuerySchema,
  createLoadingMessageSchema,
  createTipSchema,
  llmUsageQuerySchema,
  loadingMessageIdSchema,
  moderateTipSchema,
  reorderLoadingMessagesSchema,
  tipIdSchema,
  updateLoadingMessageSchema,
} from '#shared/guides-api.ts';
import { getGuide, getVenueGuideParts, goingGuides, guideWaitKeys } from './guides.service.ts';
import { llmUsage } from './llm-usage.service.ts';
import {
  createLoadingMessage,
  listLoadingMessages,
  reorderLoadingMessages,
  updateLoadingMessage,
} from './loading-messages.repo.ts';
import { addTip, listTips, listTipsForAdmin, moderateTip, reportTip, voteHelpful } from './tips.service.ts';

const SLUG = /^[a-z0-9-]{1,200}$/;
/** A waiting page's stream ends after this; the page reloads the guide then and reopens it if still building. */
const WAIT_STREAM_MS = 90_000;

function slugs(...values: (string | undefined)[]): string[] {
  if (!values.every((value) => value !== undefined && SLUG.test(value))) throw notFound('Guide');
  return values as string[];
}

/**
 * /api/guides: a stop's guide assembled from its prebuilt parts (missing ones are built on demand),
 * the venue page's parts, and a stream that tells a waiting page when a part is ready.
 * Not cached: the answer has the signed-in fan's distance from home.
 */
export function guidesRoutes(appDeps: Pick<AppDeps, 'database' | 'queue' | 'events' | 'env'>) {
  const waitStreams = createStreamSlots(MAX_PUBLIC_STREAMS_PER_CLIENT);
  const deps = { ...appDeps, mapTilesUrl: appDeps.env.MAP_TILES_URL, llmConfigured: Boolean(appDeps.env.LLM_BASE_URL) };
  return (
    new Hono<AppEnv>()
      .use(noStore)
      .get('/loading-messages', async (c) => {
        const messages = await listLoadingMessages(deps.database, true);
        return c.json({ messages: messages.map((message) => message.text) });
      })
      // The signed-in fan's Going shows: the page keeps these guides for offline use.
      .get('/going', requireUser, async (c) => c.json(await goingGuides(deps.database, c.var.actor.userId)))
      .get('/venues/:slug/tips', async (c) => {
        const [slug] = slugs(c.req.param('slug'));
        return c.json({ tips: await listTips(deps.database, slug!, c.var.user?.id ?? null) });
      })
      .post(
        '/venues/:slug/tips',
        requireUser,
        perUserWriteLimit(deps.database, 'tipCreate'),
        validate('json', createTipSchema),
        async (c) => {
          const [slug] = slugs(c.req.param('slug'));
          const { actor } = c.var;
          const tip = await addTip(
            deps.database,
            { id: actor.userId, name: actor.name, createdAt: actor.createdAt },
            slug!,
            c.req.valid('json'),
          );
          return c.json(tip, 201);
        },
      )
      .put('/tips/:id/helpful', requireUser, validate('param', tipIdSchema), async (c) =>
        c.json(await voteHelpful(deps.database, c.var.actor.userId, c.req.valid('param').id, true)),
      )
      .delete('/tips/:id/helpful', requireUser, validate('param', tipIdSchema), async (c) =>
        c.json(await voteHelpful(deps.database, c.var.actor.userId, c.req.valid('param').id, false)),
      )
      .post('/tips/:id/report', requireUser, validate('param', tipIdSchema), async (c) =>
        c.json(await reportTip(deps.database, c.var.actor.userId, c.req.valid('param').id)),
      )
      .get('/venues/:slug/parts', async (c) => {
        const [slug] = slugs(c.req.param('slug'));
        return c.json(await getVenueGuideParts(deps, slug!));
      })
      .get('/:artistSlug/:stopSlug', async (c) => {
        const [artistSlug, stopSlug] = slugs(c.req.param('artistSlug'), c.req.param('stopSlug'));
        return c.json(
          await getGuide(deps, {
            artistSlug: artistSlug!,
            stopSlug: stopSlug!,
            userId: c.var.user?.id ?? null,
            requester: c.var.user?.id ?? clientKey(c, appDeps.env.TRUST_PROXY),
          }),
        );
      })
      .get('/:artistSlug/:stopSlug/events', async (c) => {
        const [artistSlug, stopSlug] = slugs(c.req.param('artistSlug'), c.req.param('stopSlug'));
        const keys = await guideWaitKeys(deps.database, artistSlug!, stopSlug!);
        if (c.req.method === 'HEAD') return c.body(null, 200, { 'Content-Type': 'text/event-stream' });
        // Anyone may wait for a guide, so each client holds a few streams at most, like the public ones.
        const release = waitStreams.take(clientKey(c, appDeps.env.TRUST_PROXY));
        return streamSSE(c, async (stream) => {
          let finish = () => {};
          const done = new Promise<void>((resolve) => {
            finish = resolve;
          });
          stream.onAbort(finish);
          const stopClose = deps.events.onClose(finish);
          const unsubscribe = deps.events.subscribe(
            (event: AppEvent): event is GuidePartReadyEvent =>
              event.type === 'guide-part-ready' && keys.has(`${event.kind}:${event.key}`),
            (event) => void stream.writeSSE({ event: 'guide-updated', data: JSON.stringify({ kind: event.kind }) }),
          );
          try {
            await stream.writeSSE({ event: 'ready', data: '{}' });
            await Promise.race([done, stream.sleep(WAIT_STREAM_MS)]);
          } finally {
            unsubscribe();
            stopClose();
            release();
          }
        });
      })
  );
}

/** /api/admin/loading-messages: the list a building guide draws its message from. Admins only (checked here). */
export function loadingMessagesAdminRoutes({ database }: Pick<AppDeps, 'database'>) {
  return new Hono<AppEnv>()
    .use(noStore, requireAdmin(database))
    .get('/', async (c) => c.json({ messages: await listLoadingMessages(database, false) }))
    .post('/', validate('json', createLoadingMessageSchema), async (c) =>
      c.json(await createLoadingMessage(database, c.req.valid('json').text), 201),
    )
    .put('/order', validate('json', reorderLoadingMessagesSchema), async (c) =>
      c.json({ messages: await reorderLoadingMessages(database, c.req.valid('json').ids) }),
    )
    .patch('/:id', validate('param', loadingMessageIdSchema), validate('json', updateLoadingMessageSchema), async (c) =>
      c.json(await updateLoadingMessage(database, c.req.valid('param').id, c.req.valid('json'))),
    );
}

/** /api/admin/tips: the moderation queue (approve, hide, delete with the reason kept). Admins only. */
export function tipsAdminRoutes({ database }: Pick<AppDeps, 'database'>) {
  return new Hono<AppEnv>()
    .use(noStore, requireAdmin(database))
    .get('/', validate('query', adminTipsQuerySchema), async (c) =>
      c.json({ tips: await listTipsForAdmin(database, c.req.valid('query').state) }),
    )
    .post('/:id', validate('param', tipIdSchema), validate('json', moderateTipSchema), async (c) => {
      const { action, reason } = c.req.valid('json');
      return c.json(await moderateTip(database, c.var.actor.userId, c.req.valid('param').id, action, reason));
    });
}

/** /api/admin/llm-usage: the /openai-usage page's figures. Admins only. */
export function llmUsageAdminRoutes({ database, env }: Pick<AppDeps, 'database' | 'env'>) {
  return new Hono<AppEnv>()
    .use(noStore, requireAdmin(database))
    .get('/', validate('query', llmUsageQuerySchema), async (c) =>
      c.json(await llmUsage(database, env, c.req.valid('query').days)),
    );
}
