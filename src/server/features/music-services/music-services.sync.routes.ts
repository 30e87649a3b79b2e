import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
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
 * consent start and preview, proposals. The actor is always c.var.user; rows are found by user.
 */
export function musicSyncRoutes(appDeps: Deps, built: MusicSyncDeps = createMusicSyncDeps(appDeps)) {
  const { database } = appDeps;
  const deps = built;
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .get('/connections', async (c) => c.json(await listConnections(deps, { userId: c.var.user!.id })))
    .post('/connections', validate('json', musicConnectionCreateSchema), async (c) => {
      const user = c.var.user!;
      await enforceLimit(database, `music:sync:${user.id}`, SYNC_LIMIT);
      return c.json(await connectUsername(deps, { userId: user.id }, c.req.valid('json')));
    })
    .patch(
      '/connections/:id',
      validate('param', musicConnectionParamSchema),
      validate('json', musicConnectionUpdateSchema),
      async (c) =>
        c.json(await changeConnection(deps, { userId: c.var.user!.id }, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/connections/:id', validate('param', musicConnectionParamSchema), async (c) =>
      c.json(await disconnect(deps, { userId: c.var.user!.id }, c.req.valid('param').id)),
    )
    .post('/connections/:id/sync', validate('param', musicConnectionParamSchema), async (c) => {
      const user = c.var.user!;
      await enforceLimit(database, `music:sync:${user.id}`, SYNC_LIMIT);
      return c.json(await syncNow(deps, { userId: user.id }, c.req.valid('param').id));
    })
    .post('/spotify/connect', async (c) => {
      const user = c.var.user!;
      await enforceLimit(database, `music:spotify-connect:${user.id}`, CONNECT_LIMIT);
      return c.json(await startSpotifyConnect(deps, { userId: user.id, sessionId: c.var.session!.id }));
    })
    .post('/spotify/preview', validate('json', spotifyPreviewSchema), async (c) => {
      const user = c.var.user!;
      await enforceLimit(database, `music:preview:${user.id}`, PREVIEW_LIMIT);
      return c.json(await previewSpotify(deps, { userId: user.id }, c.req.valid('json')));
    })
    .get('/proposals', async (c) => c.json(await listProposals(database, { userId: c.var.user!.id })))
    .post('/proposals/accept', validate('json', musicProposalsSchema), async (c) =>
      c.json(await answerProposals(database, { userId: c.var.user!.id }, 'accept', c.req.valid('json').artistIds)),
    )
    .post('/proposals/dismiss', validate('json', musicProposalsSchema), async (c) =>
      c.json(await answerProposals(database, { userId: c.var.user!.id }, 'dismiss', c.req.valid('json').artistIds)),
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
