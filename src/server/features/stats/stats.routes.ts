import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { enforceLimit } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import { statsMapQuerySchema, statsQuerySchema, statsShareQuerySchema } from '#shared/stats-api.ts';
import { allCoverage, allFirstTimes, concertStatsJson, statsMap } from './stats.service.ts';
import { summaryPng } from './stats.share.ts';

/** Rendering the summary image costs CPU: a fan may make a few a minute. */
const SHARE_LIMIT = { windowSeconds: 60, max: 20 };

/** /api/stats: the signed-in fan's concert stats (the actor is always c.var.actor). */
export function statsRoutes({ database }: Pick<AppDeps, 'database'>) {
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .get('/', validate('query', statsQuerySchema), async (c) => {
      const json = await concertStatsJson(database, c.var.actor, c.req.valid('query').year ?? null);
      return c.body(json, 200, { 'Content-Type': 'application/json' });
    })
    .get('/first-times', validate('query', statsQuerySchema), async (c) => {
      return c.json(await allFirstTimes(database, c.var.actor, c.req.valid('query').year ?? null));
    })
    .get('/coverage', validate('query', statsQuerySchema), async (c) => {
      return c.json(await allCoverage(database, c.var.actor, c.req.valid('query').year ?? null));
    })
    .get('/map.svg', validate('query', statsMapQuerySchema), async (c) => {
      const { year, region } = c.req.valid('query');
      const svg = await statsMap(database, c.var.actor, year ?? null, region);
      return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' });
    })
    .get('/summary.png', validate('query', statsShareQuerySchema), async (c) => {
      const me = c.var.actor;
      await enforceLimit(database, `stats-share:${me.userId}`, SHARE_LIMIT);
      const { year } = c.req.valid('query');
      const png = await summaryPng(JSON.parse(await concertStatsJson(database, me, year)));
      return c.body(new Uint8Array(png), 200, {
        'Content-Type': 'image/png',
        'Content-Disposition': `inline; filename="tourguides-${year}.png"`,
      });
    });
}
