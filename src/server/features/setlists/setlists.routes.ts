import { Hono } from 'hono';
import { clientKey } from '#server/auth/client-ip.ts';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { enforceLimit } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import {
  artistIdParamSchema,
  artistSlugParamSchema,
  ownSetlistSchema,
  songSuggestQuerySchema,
  stopIdParamSchema,
} from '#shared/setlists-api.ts';
import { setlistRetrySender } from './setlists.jobs.ts';
import {
  getArtistSetlists,
  getStopSetlists,
  removeOwnSetlist,
  type SetlistDeps,
  saveOwnSetlist,
  suggestSongs,
} from './setlists.service.ts';

/** Reads may fetch from setlist.fm: bounded per client so nobody spends the app's daily quota. */
const READ_LIMIT = { windowSeconds: 60, max: 60 };
const WRITE_LIMIT = { windowSeconds: 60, max: 30 };

/**
 * /api/setlists: public reads (a signed-in fan also sees their own setlists) and the fan's own
 * setlist of a show (signed in; the owner is always c.var.actor, never the body).
 */
export function setlistsRoutes(deps: AppDeps) {
  const setlistDeps: SetlistDeps = {
    database: deps.database,
    setlistFm: deps.providers.setlistFm,
    queue: deps.queue,
    logger: deps.logger,
  };
  const retry = setlistRetrySender(deps.queue);
  const readLimit = async (c: Parameters<typeof clientKey>[0]) =>
    enforceLimit(deps.database, `setlists-read:${clientKey(c, deps.env.TRUST_PROXY)}`, READ_LIMIT);
  return new Hono<AppEnv>()
    .use(noStore)
    .get('/stops/:stopId', validate('param', stopIdParamSchema), async (c) => {
      await readLimit(c);
      return c.json(await getStopSetlists(setlistDeps, c.var.user?.id ?? null, c.req.valid('param').stopId, retry));
    })
    .get('/artists/:slug', validate('param', artistSlugParamSchema), async (c) => {
      await readLimit(c);
      return c.json(await getArtistSetlists(setlistDeps, c.var.user?.id ?? null, c.req.valid('param').slug, retry));
    })
    .get(
      '/artist-songs/:artistId',
      validate('param', artistIdParamSchema),
      validate('query', songSuggestQuerySchema),
      async (c) => c.json(await suggestSongs(setlistDeps, c.req.valid('param').artistId, c.req.valid('query').q)),
    )
    .put(
      '/stops/:stopId/mine',
      requireUser,
      validate('param', stopIdParamSchema),
      validate('json', ownSetlistSchema),
      async (c) => {
        const userId = c.var.actor.userId;
        await enforceLimit(deps.database, `setlists-write:${userId}`, WRITE_LIMIT);
        return c.json(await saveOwnSetlist(setlistDeps, userId, c.req.valid('param').stopId, c.req.valid('json')));
      },
    )
    .delete('/stops/:stopId/mine', requireUser, validate('param', stopIdParamSchema), async (c) => {
      return c.json(await removeOwnSetlist(setlistDeps, c.var.actor.userId, c.req.valid('param').stopId));
    });
}
