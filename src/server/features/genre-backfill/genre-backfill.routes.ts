import { Hono } from 'hono';
import { noStore, requireAdmin } from '#server/auth/middleware.ts';
import { auditActor } from '#server/features/admin/audit.service.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { adminJobParamSchema, genreApplyBodySchema, genrePreviewBodySchema } from '#shared/genre-backfill-api.ts';
import { genreOverview, getGenreJob, startGenreApply, startGenrePreview } from './genre-backfill.service.ts';

/** /api/admin/genre-backfill (admins only). */
export function genreBackfillRoutes({ database, queue }: Pick<AppDeps, 'database' | 'queue'>) {
  return new Hono<AppEnv>()
    .use(noStore, requireAdmin(database))
    .get('/', async (c) => c.json(await genreOverview(database)))
    .get('/jobs/:id', validate('param', adminJobParamSchema), async (c) => {
      return c.json(await getGenreJob(database, c.req.valid('param').id));
    })
    .post('/preview', validate('json', genrePreviewBodySchema), async (c) => {
      return c.json(
        await startGenrePreview({ database, queue }, auditActor(c.var.actor), c.req.valid('json').limit),
        202,
      );
    })
    .post('/apply', validate('json', genreApplyBodySchema), async (c) => {
      const body = c.req.valid('json');
      return c.json(
        await startGenreApply({ database, queue }, auditActor(c.var.actor), body.previewJobId, body.artistIds),
        202,
      );
    });
}
