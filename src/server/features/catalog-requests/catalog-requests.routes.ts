import { Hono } from 'hono';
import { noStore, requireAdmin } from '#server/auth/middleware.ts';
import { auditActor } from '#server/features/admin/audit.service.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import {
  approveRequestBodySchema,
  bulkApproveBodySchema,
  catalogRequestParamSchema,
  catalogRequestsQuerySchema,
  rejectRequestBodySchema,
} from '#shared/catalog-requests-api.ts';
import { approveRequest, bulkApprove, listCatalogRequests, rejectRequest } from './catalog-requests.service.ts';
import { applyChangeRequest, dismissChangeRequest, listChangeRequests } from './change-requests.service.ts';

/** /api/admin/catalog-requests: fans' submitted stops waiting for review (admins only). */
export function catalogRequestsRoutes({ database, catalogChanges }: Pick<AppDeps, 'database' | 'catalogChanges'>) {
  const writer = { database, catalogChanges };
  return new Hono<AppEnv>()
    .use(noStore, requireAdmin(database))
    .get('/', validate('query', catalogRequestsQuerySchema), async (c) => {
      return c.json(await listCatalogRequests(database, c.req.valid('query')));
    })
    .get('/changes', async (c) => c.json(await listChangeRequests(database)))
    .post('/changes/:id/apply', validate('param', catalogRequestParamSchema), async (c) =>
      c.json(await applyChangeRequest(writer, auditActor(c.var.actor), c.req.valid('param').id)),
    )
    .post('/changes/:id/dismiss', validate('param', catalogRequestParamSchema), async (c) =>
      c.json(await dismissChangeRequest(database, auditActor(c.var.actor), c.req.valid('param').id)),
    )
    .post(
      '/:id/approve',
      validate('param', catalogRequestParamSchema),
      validate('json', approveRequestBodySchema),
      async (c) =>
        c.json(await approveRequest(writer, auditActor(c.var.actor), c.req.valid('param').id, c.req.valid('json'))),
    )
    .post(
      '/:id/reject',
      validate('param', catalogRequestParamSchema),
      validate('json', rejectRequestBodySchema),
      async (c) =>
        c.json(
          await rejectRequest(database, auditActor(c.var.actor), c.req.valid('param').id, c.req.valid('json').reason),
        ),
    )
    .post('/bulk-approve', validate('json', bulkApproveBodySchema), async (c) => {
      return c.json(await bulkApprove(writer, auditActor(c.var.actor), c.req.valid('json')));
    });
}
