import { Hono } from 'hono';
import { noStore, requireAdmin } from '#server/auth/middleware.ts';
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

const actorOf = (c: { var: AppEnv['Variables'] }) => ({ id: c.var.user!.id, email: c.var.user!.email });

/** /api/admin/catalog-requests: fans' submitted stops waiting for review (admins only). */
export function catalogRequestsRoutes({ database }: Pick<AppDeps, 'database'>) {
  return new Hono<AppEnv>()
    .use(noStore, requireAdmin(database))
    .get('/', validate('query', catalogRequestsQuerySchema), async (c) => {
      return c.json(await listCatalogRequests(database, c.req.valid('query')));
    })
    .post(
      '/:id/approve',
      validate('param', catalogRequestParamSchema),
      validate('json', approveRequestBodySchema),
      async (c) => c.json(await approveRequest(database, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .post(
      '/:id/reject',
      validate('param', catalogRequestParamSchema),
      validate('json', rejectRequestBodySchema),
      async (c) =>
        c.json(await rejectRequest(database, actorOf(c), c.req.valid('param').id, c.req.valid('json').reason)),
    )
    .post('/bulk-approve', validate('json', bulkApproveBodySchema), async (c) => {
      return c.json(await bulkApprove(database, actorOf(c), c.req.valid('json')));
    });
}
