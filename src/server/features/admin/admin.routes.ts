import { Hono } from 'hono';
import { noStore, requireAdmin } from '#server/auth/middleware.ts';
import { hasTourDateSource } from '#server/features/sync/sync.sources.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { adminAuditQuerySchema } from '#shared/admin-audit-api.ts';
import { artistSlugParamSchema } from '#shared/artists.ts';
import { adminArtistsQuerySchema } from '#shared/auth.ts';
import { listArtistsForAdmin, queueArtistResync } from './admin.service.ts';
import { apiStatusRoutes } from './api-status.routes.ts';
import { auditActor, listAdminActions } from './audit.service.ts';
import { backupsRoutes } from './backups.routes.ts';

/** /api/admin/*: every route behind requireAdmin (401 signed out, 403 for non-admins). */
export function adminRoutes(deps: AppDeps) {
  const { database, queue } = deps;
  const hasTourSource = hasTourDateSource(deps.providers);
  return new Hono<AppEnv>()
    .use(noStore, requireAdmin(database))
    .route('/', apiStatusRoutes(deps))
    .route('/', backupsRoutes(deps))
    .get('/audit', validate('query', adminAuditQuerySchema), async (c) => {
      return c.json(await listAdminActions(database.db, c.req.valid('query')));
    })
    .get('/artists', validate('query', adminArtistsQuerySchema), async (c) => {
      return c.json(await listArtistsForAdmin(deps, c.req.valid('query')));
    })
    .post('/artists/:slug/resync', validate('param', artistSlugParamSchema), async (c) => {
      const actor = auditActor(c.var.actor);
      return c.json(await queueArtistResync({ database, queue, hasTourSource }, actor, c.req.valid('param').slug), 202);
    });
}
