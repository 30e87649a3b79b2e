import { Hono } from 'hono';
import { noStore, requireAdmin, requireUser } from '#server/auth/middleware.ts';
import { auditActor, recordAdminAction } from '#server/features/admin/audit.service.ts';
import { hasTourDateSource } from '#server/features/sync/sync.sources.ts';
import type { ActorEnv, AppDeps, AppEnv } from '#server/lib/context.ts';
import { enforceLimit, perUserWriteLimit } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import type { AdminImportList, ListeningImportView } from '#shared/listening-import.ts';
import {
  artistListSchema,
  listeningFileQuerySchema,
  listeningImportParamSchema,
  listeningPageQuerySchema,
  listeningPickSchema,
  playlistImportSchema,
} from '#shared/listening-import-api.ts';
import { createPlaylistImport, playlistImportStatus } from './listening-import.playlist.ts';
import {
  cancelImport,
  createImport,
  createListImport,
  getImport,
  type ImportScope,
  type ListeningImportDeps,
  latestImport,
  listAdminImports,
  previewPage,
  resumeImport,
  startFollowing,
  startMatching,
  uploadFile,
} from './listening-import.service.ts';

/** The upload paths take a whole file as their body (app.ts leaves them out of its 1 MB limit). */
export const LISTENING_UPLOAD_PATH = /^\/api\/(music-services\/export|admin\/spotify-import)\/[0-9a-f-]{36}\/files$/;

export function listeningImportDeps({
  database,
  catalogChanges,
  queue,
  providers,
  logger,
}: AppDeps): ListeningImportDeps {
  return {
    database,
    catalogChanges,
    queue,
    logger,
    musicBrainz: providers.musicBrainz,
    canSyncTours: hasTourDateSource(providers),
  };
}

function declaredBytes(header: string | undefined): number | null {
  const value = Number(header);
  return header && Number.isFinite(value) ? value : null;
}

type Vars = { var: ActorEnv['Variables'] };
/** After an action: the admin routes audit it (and answer the view), the fan routes just answer it. */
type AfterAction = (
  c: Vars,
  action: string,
  view: ListeningImportView,
  after?: unknown,
) => Promise<ListeningImportView>;

const byId = validate('param', listeningImportParamSchema);

/**
 * The routes one import answers, the same for a fan's own and the admins' shared ones. The guard is
 * in the scope: every handler passes it with the id, and the service finds the import only within it
 * (a fan's by owner; an admin import for admins), so another's id is a 404.
 */
function importRoutes(deps: ListeningImportDeps, kind: ImportScope['kind'], after: AfterAction) {
  const scope = (c: Vars): ImportScope => ({ kind, userId: c.var.actor.userId });
  return (
    new Hono<ActorEnv>()
      .get('/:id', byId, async (c) => c.json(await getImport(deps, scope(c), c.req.valid('param').id)))
      .put('/:id/files', byId, validate('query', listeningFileQuerySchema), async (c) => {
        const view = await uploadFile(deps, scope(c), c.req.valid('param').id, {
          name: c.req.valid('query').name,
          body: c.req.raw.body,
          declaredBytes: declaredBytes(c.req.header('content-length')),
        });
        return c.json(await after(c, 'upload', view, { file: c.req.valid('query').name, plays: view.plays }));
      })
      .post('/:id/match', byId, async (c) =>
        c.json(await after(c, 'match', await startMatching(deps, scope(c), c.req.valid('param').id)), 202),
      )
      .get('/:id/artists', byId, validate('query', listeningPageQuerySchema), async (c) =>
        c.json(await previewPage(deps, scope(c), c.req.valid('param').id, c.req.valid('query'))),
      )
      // Fans follow what they pick; admins add it to the catalog ("run"): the same job.
      .post(`/:id/${kind === 'fan' ? 'follow' : 'run'}`, byId, validate('json', listeningPickSchema), async (c) => {
        const pick = c.req.valid('json');
        const view = await startFollowing(deps, scope(c), c.req.valid('param').id, pick);
        return c.json(await after(c, 'run', view, { pick: 'keys' in pick ? { keys: pick.keys.length } : pick }), 202);
      })
      .post('/:id/cancel', byId, async (c) =>
        c.json(await after(c, 'cancel', await cancelImport(deps, scope(c), c.req.valid('param').id))),
      )
      .post('/:id/resume', byId, async (c) =>
        c.json(await after(c, 'resume', await resumeImport(deps, scope(c), c.req.valid('param').id)), 202),
      )
  );
}

/** /api/music-services/export: a fan's Spotify data export (the actor is always c.var.actor). */
export function spotifyExportRoutes(appDeps: AppDeps) {
  const deps = listeningImportDeps(appDeps);
  return (
    new Hono<AppEnv>()
      .use(noStore, requireUser)
      .get('/latest', async (c) => c.json(await latestImport(deps, c.var.actor.userId)))
      .post('/', perUserWriteLimit(deps.database, 'listeningImportCreate'), async (c) =>
        c.json(await createImport(deps, { kind: 'fan', userId: c.var.actor.userId }), 201),
      )
      // Counted before the body is read: a refused upload costs no unpacking.
      .use('/:id/files', perUserWriteLimit(deps.database, 'listeningExportUpload'))
      .route(
        '/',
        importRoutes(deps, 'fan', async (_c, _action, view) => view),
      )
  );
}

const SPOTIFY_IMPORT = 'spotify-import';
/** Each playlist read calls Spotify for up to 200 pages: a few a minute is plenty. */
const PLAYLIST_LIMIT = { windowSeconds: 60, max: 6 };

/** /api/admin/spotify-import: admins seed the catalog from an artist list, a playlist or an export (every action audited). */
export function adminSpotifyImportRoutes(appDeps: AppDeps) {
  const deps = { ...listeningImportDeps(appDeps), spotify: appDeps.providers.spotifyApp };
  const { database } = appDeps;
  const scope = (c: Vars): ImportScope => ({ kind: 'admin', userId: c.var.actor.userId });
  const audit: AfterAction = async (c, action, view, after) => {
    await recordAdminAction(database.db, {
      actor: auditActor(c.var.actor),
      action: `${SPOTIFY_IMPORT}.${action}`,
      targetType: SPOTIFY_IMPORT,
      targetId: view.id,
      targetLabel: view.files.map((file) => file.name).join(', ') || 'Spotify import',
      after: after ?? { state: view.state, artists: view.artists },
    });
    return view;
  };
  return new Hono<AppEnv>()
    .use(noStore, requireAdmin(database))
    .get('/', async (c) =>
      c.json({
        ...(await listAdminImports(deps)),
        playlist: playlistImportStatus(deps.spotify),
      } satisfies AdminImportList),
    )
    .post('/', async (c) => c.json(await audit(c, 'create', await createImport(deps, scope(c))), 201))
    .post('/list', validate('json', artistListSchema), async (c) =>
      c.json(await audit(c, 'list', await createListImport(deps, scope(c), c.req.valid('json').text)), 202),
    )
    .post('/playlist', validate('json', playlistImportSchema), async (c) => {
      await enforceLimit(database, `listening:playlist:${c.var.actor.userId}`, PLAYLIST_LIMIT);
      const view = await createPlaylistImport(deps, scope(c), c.req.valid('json').link);
      return c.json(
        await audit(c, 'playlist', view, { playlist: view.files[0]?.playlist, artists: view.artists }),
        202,
      );
    })
    .route('/', importRoutes(deps, 'admin', audit));
}
