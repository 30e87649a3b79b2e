import { Hono } from 'hono';
import { noStore, requireAdmin, requireUser } from '#server/auth/middleware.ts';
import { recordAdminAction } from '#server/features/admin/audit.service.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { enforceLimit } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import type { ListeningImportView } from '#shared/listening-import.ts';
import {
  artistListSchema,
  listeningFileQuerySchema,
  listeningImportParamSchema,
  listeningPageQuerySchema,
  listeningPickSchema,
} from '#shared/listening-import-api.ts';
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

const CREATE_LIMIT = { windowSeconds: 3600, max: 20 };

export function listeningImportDeps({ database, queue, providers, logger }: AppDeps): ListeningImportDeps {
  return { database, queue, logger, musicBrainz: providers.musicBrainz, canSyncTours: providers.jamBase !== null };
}

function declaredBytes(header: string | undefined): number | null {
  const value = Number(header);
  return header && Number.isFinite(value) ? value : null;
}

/** /api/music-services/export: a fan's Spotify data export (the actor is always c.var.user). */
export function spotifyExportRoutes(appDeps: AppDeps) {
  const deps = listeningImportDeps(appDeps);
  const scope = (c: { var: AppEnv['Variables'] }): ImportScope => ({ kind: 'fan', userId: c.var.user!.id });
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .get('/latest', async (c) => c.json(await latestImport(deps, c.var.user!.id)))
    .post('/', async (c) => {
      await enforceLimit(deps.database, `listening:create:${c.var.user!.id}`, CREATE_LIMIT);
      return c.json(await createImport(deps, scope(c)), 201);
    })
    .get('/:id', validate('param', listeningImportParamSchema), async (c) =>
      c.json(await getImport(deps, scope(c), c.req.valid('param').id)),
    )
    .put(
      '/:id/files',
      validate('param', listeningImportParamSchema),
      validate('query', listeningFileQuerySchema),
      async (c) => {
        const view = await uploadFile(deps, scope(c), c.req.valid('param').id, {
          name: c.req.valid('query').name,
          body: c.req.raw.body,
          declaredBytes: declaredBytes(c.req.header('content-length')),
        });
        return c.json(view);
      },
    )
    .post('/:id/match', validate('param', listeningImportParamSchema), async (c) =>
      c.json(await startMatching(deps, scope(c), c.req.valid('param').id), 202),
    )
    .get(
      '/:id/artists',
      validate('param', listeningImportParamSchema),
      validate('query', listeningPageQuerySchema),
      async (c) => c.json(await previewPage(deps, scope(c), c.req.valid('param').id, c.req.valid('query'))),
    )
    .post(
      '/:id/follow',
      validate('param', listeningImportParamSchema),
      validate('json', listeningPickSchema),
      async (c) => c.json(await startFollowing(deps, scope(c), c.req.valid('param').id, c.req.valid('json')), 202),
    )
    .post('/:id/cancel', validate('param', listeningImportParamSchema), async (c) =>
      c.json(await cancelImport(deps, scope(c), c.req.valid('param').id)),
    )
    .post('/:id/resume', validate('param', listeningImportParamSchema), async (c) =>
      c.json(await resumeImport(deps, scope(c), c.req.valid('param').id), 202),
    );
}

const SPOTIFY_IMPORT = 'spotify-import';

/** /api/admin/spotify-import: admins seed the catalog from an artist list or an export (every action audited). */
export function adminSpotifyImportRoutes(appDeps: AppDeps) {
  const deps = listeningImportDeps(appDeps);
  const { database } = appDeps;
  const scope = (c: { var: AppEnv['Variables'] }): ImportScope => ({ kind: 'admin', userId: c.var.user!.id });
  const audit = async (
    c: { var: AppEnv['Variables'] },
    action: string,
    view: ListeningImportView,
    after?: unknown,
  ): Promise<ListeningImportView> => {
    await recordAdminAction(database.db, {
      actor: { id: c.var.user!.id, email: c.var.user!.email },
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
    .get('/', async (c) => c.json(await listAdminImports(deps)))
    .post('/', async (c) => c.json(await audit(c, 'create', await createImport(deps, scope(c))), 201))
    .post('/list', validate('json', artistListSchema), async (c) =>
      c.json(await audit(c, 'list', await createListImport(deps, scope(c), c.req.valid('json').text)), 202),
    )
    .get('/:id', validate('param', listeningImportParamSchema), async (c) =>
      c.json(await getImport(deps, scope(c), c.req.valid('param').id)),
    )
    .put(
      '/:id/files',
      validate('param', listeningImportParamSchema),
      validate('query', listeningFileQuerySchema),
      async (c) => {
        const view = await uploadFile(deps, scope(c), c.req.valid('param').id, {
          name: c.req.valid('query').name,
          body: c.req.raw.body,
          declaredBytes: declaredBytes(c.req.header('content-length')),
        });
        return c.json(await audit(c, 'upload', view, { file: c.req.valid('query').name, plays: view.plays }));
      },
    )
    .post('/:id/match', validate('param', listeningImportParamSchema), async (c) =>
      c.json(await audit(c, 'match', await startMatching(deps, scope(c), c.req.valid('param').id)), 202),
    )
    .get(
      '/:id/artists',
      validate('param', listeningImportParamSchema),
      validate('query', listeningPageQuerySchema),
      async (c) => c.json(await previewPage(deps, scope(c), c.req.valid('param').id, c.req.valid('query'))),
    )
    .post(
      '/:id/run',
      validate('param', listeningImportParamSchema),
      validate('json', listeningPickSchema),
      async (c) => {
        const pick = c.req.valid('json');
        const view = await startFollowing(deps, scope(c), c.req.valid('param').id, pick);
        return c.json(await audit(c, 'run', view, { pick: 'keys' in pick ? { keys: pick.keys.length } : pick }), 202);
      },
    )
    .post('/:id/cancel', validate('param', listeningImportParamSchema), async (c) =>
      c.json(await audit(c, 'cancel', await cancelImport(deps, scope(c), c.req.valid('param').id))),
    )
    .post('/:id/resume', validate('param', listeningImportParamSchema), async (c) =>
      c.json(await audit(c, 'resume', await resumeImport(deps, scope(c), c.req.valid('param').id)), 202),
    );
}
