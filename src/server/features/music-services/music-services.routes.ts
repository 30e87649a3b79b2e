import { Hono } from 'hono';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { enforceLimit } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import { databaseCallRecorder } from '#server/providers/http.ts';
import { musicExcludeParamSchema, musicFollowSchema, musicPreviewSchema } from '#shared/music-services-api.ts';
import {
  createMusicServicesDeps,
  followListened,
  listExcludes,
  previewListening,
  removeExclude,
} from './music-services.service.ts';

/** Each preview is one call to someone else's API on the fan's behalf: a few a minute is plenty. */
const PREVIEW_LIMIT = { windowSeconds: 60, max: 10 };
const FOLLOW_LIMIT = { windowSeconds: 60, max: 20 };

/** /api/music-services: follow the artists the signed-in fan listens to (the actor is always c.var.actor). */
export function musicServicesRoutes({ database, env, logger }: Pick<AppDeps, 'database' | 'env' | 'logger'>) {
  const deps = createMusicServicesDeps(database, env, databaseCallRecorder(database, logger));
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .post('/preview', validate('json', musicPreviewSchema), async (c) => {
      const { actor } = c.var;
      await enforceLimit(database, `music:preview:${actor.userId}`, PREVIEW_LIMIT);
      return c.json(await previewListening(deps, actor, c.req.valid('json')));
    })
    .post('/follow', validate('json', musicFollowSchema), async (c) => {
      const { actor } = c.var;
      await enforceLimit(database, `music:follow:${actor.userId}`, FOLLOW_LIMIT);
      return c.json(await followListened(deps, actor, c.req.valid('json')));
    })
    .get('/excludes', async (c) => c.json(await listExcludes(database, c.var.actor)))
    .delete('/excludes/:artistId', validate('param', musicExcludeParamSchema), async (c) => {
      return c.json(await removeExclude(database, c.var.actor, c.req.valid('param').artistId));
    });
}
