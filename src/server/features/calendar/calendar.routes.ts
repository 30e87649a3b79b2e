import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { feedFileParamSchema, rotateFeedsSchema, stopFileParamSchema } from '#shared/calendar.ts';
import { feedIcs, listFeeds, rotateFeeds, stopIcs } from './calendar.service.ts';

const ICS_TYPE = 'text/calendar; charset=utf-8';

/**
 * /api/calendar: the signed-in user's private feed addresses (GET /feeds, POST /feeds/rotate), the
 * feeds themselves by secret token (GET /{token}.ics, no cookie: calendar apps have none) and one
 * show's file (GET /stops/{stopId}.ics).
 */
export function calendarRoutes({ database, env }: Pick<AppDeps, 'database' | 'env'>) {
  const { publicUrl } = env;
  return new Hono<AppEnv>()
    .use(noStore)
    .get('/feeds', requireUser, async (c) => c.json(await listFeeds(database, publicUrl, c.var.actor.userId)))
    .post('/feeds/rotate', requireUser, validate('json', rotateFeedsSchema), async (c) => {
      return c.json(await rotateFeeds(database, publicUrl, c.var.actor.userId, c.req.valid('json').kind));
    })
    .get('/stops/:file', validate('param', stopFileParamSchema), async (c) => {
      const stopId = c.req.valid('param').file.slice(0, -'.ics'.length).toLowerCase();
      const { ics, fileName } = await stopIcs(database, publicUrl, stopId, c.var.user?.id ?? null);
      c.header('Content-Type', ICS_TYPE);
      c.header('Content-Disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '-')}"`);
      return c.body(ics);
    })
    .get('/:file', validate('param', feedFileParamSchema), async (c) => {
      const token = c.req.valid('param').file.slice(0, -'.ics'.length);
      const ics = await feedIcs(database, publicUrl, token);
      c.header('Content-Type', ICS_TYPE);
      c.header('Content-Disposition', 'inline; filename="tourguides.ics"');
      // The address is a secret: keep it out of search engines and referrers.
      c.header('X-Robots-Tag', 'noindex, nofollow');
      c.header('Referrer-Policy', 'no-referrer');
      return c.body(ics);
    });
}
