import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import { withAdminRole } from '#server/auth/roles.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { enforceLimit } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import {
  musicConnectionCreateSchema,
  musicConnectionParamSchema,
  musicConnectionUpdateSchema,
  musicProposalsSchema,
  spotifyCallbackSchema,
  spotifyPreviewSchema,
} from '#shared/music-services-api.ts';
import {
  answerProposals,
  changeConnection,
  connectUsername,
  createMusicSyncDeps,
  disconnect,
  listConnections,
  listProposals,
  type MusicSyncDeps,
  previewSpotify,
  syncNow,
} from './music-services.sync.ts';
import { finishSpotifyConnect, startSpotifyConnect } from './spotify-connect.ts';

/** Each sync or connect calls someone else's API on the fan's behalf: a few a minute is plenty. */
const SYNC_LIMIT = { windowSeconds: 60, max: 6 };
const CONNECT_LIMIT = { windowSeconds: 60, max: 10 };
const PREVIEW_LIMIT = { windowSeconds: 60, max: 10 };

type Deps = Pick<AppDeps, 'database' | 'env' | 'logger'>;

/**
 * /api/music-services (mounted beside music-services.routes.ts): connections kept in sync, Spotify's
 * consent start and preview, proposals. The actor is always c.var.actor; rows are found by user.
 */
export function musicSyncRoutes(appDeps: Deps, built: MusicSyncDeps = createMusicSyncDeps(appDeps)) {
  const { database } = appDeps;
  const deps = built;
  // The connection list carries setup details (the Spotify redirect URI) for admins only.
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .get('/connections', async (c) => c.json(await listConnections(deps, await withAdminRole(database, c.var.actor))))
    .post('/connections', validate('json', musicConnectionCreateSchema), async (c) => {
      const { actor } = c.var;
      await enforceLimit(database, `music:sync:${actor.userId}`, SYNC_LIMIT);
      return c.json(await connectUsername(deps, actor, c.req.valid('json')));
    })
    .patch(
      '/connections/:id',
      validate('param', musicConnectionParamSchema),
      validate('json', musicConnectionUpdateSchema),
      async (c) => c.json(await changeConnection(deps, c.var.actor, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/connections/:id', validate('param', musicConnectionParamSchema), async (c) =>
      c.json(await disconnect(deps, await withAdminRole(database, c.var.actor), c.req.valid('param').id)),
    )
    .post('/connections/:id/sync', validate('param', musicConnectionParamSchema), async (c) => {
      const { actor } = c.var;
      await enforceLimit(database, `music:sync:${actor.userId}`, SYNC_LIMIT);
      return c.json(await syncNow(deps, actor, c.req.valid('param').id));
    })
    .post('/spotify/connect', async (c) => {
      const { actor } = c.var;
      await enforceLimit(database, `music:spotify-connect:${actor.userId}`, CONNECT_LIMIT);
      return c.json(await startSpotifyConnect(deps, { ...actor, sessionId: c.var.session!.id }));
    })
    .post('/spotify/preview', validate('json', spotifyPreviewSchema), async (c) => {
      const { actor } = c.var;
      await enforceLimit(database, `music:preview:${actor.userId}`, PREVIEW_LIMIT);
      return c.json(await previewSpotify(deps, actor, c.req.valid('json')));
    })
    .get('/proposals', async (c) => c.json(await listProposals(database, c.var.actor)))
    .post('/proposals/accept', validate('json', musicProposalsSchema), async (c) =>
      c.json(await answerProposals(database, c.var.actor, 'accept', c.req.valid('json').artistIds)),
    )
    .post('/proposals/dismiss', validate('json', musicProposalsSchema), async (c) =>
      c.json(await answerProposals(database, c.var.actor, 'dismiss', c.req.valid('json').artistIds)),
    );
}

/**
 * GET /api/spotify/callback: Spotify sends the fan back here with ?code&state (or ?error). The answer
 * is always a redirect to the page with an outcome word only, so the address kept in the browser's
 * history and in logs never holds the code (the request log records the path without its query).
 */
export function spotifyCallbackRoutes(appDeps: Deps, built: MusicSyncDeps = createMusicSyncDeps(appDeps)) {
  return new Hono<AppEnv>().use(noStore).get('/callback', async (c) => {
    const user = c.var.user;
    const session = c.var.session;
    const query = spotifyCallbackSchema.safeParse(c.req.query());
    let outcome: Awaited<ReturnType<typeof finishSpotifyConnect>> = 'state';
    try {
      if (query.success) {
        outcome = await finishSpotifyConnect(
          built,
          user && session ? { userId: user.id, sessionId: session.id } : null,
          query.data,
        );
      }
    } catch (error) {
      // Never the query (it holds the code) in the log: only what went wrong.
      c.var.log.error({ err: error instanceof Error ? error.message : String(error) }, 'spotify callback failed');
      outcome = 'unavailable';
    }
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(`/music-services?spotify=${outcome}`, 303);
  });
}
