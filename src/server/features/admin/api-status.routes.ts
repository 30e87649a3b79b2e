import { Hono } from 'hono';
import { z } from 'zod';
import type { ActorEnv, AppDeps } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { getApiStatus, probeProvider, retryFailedJob } from './api-status.service.ts';
import { auditActor } from './audit.service.ts';

const providerParamSchema = z.object({ provider: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'Unknown provider.') });
const jobParamSchema = z.object({ id: z.uuid('Unknown job.') });

/** /api/admin/api-status and /api/admin/jobs, mounted behind the admin guard (admin.routes.ts). */
export function apiStatusRoutes({ database, providers, queue }: Pick<AppDeps, 'database' | 'providers' | 'queue'>) {
  const deps = { database, providers, queue };
  // Mounted behind requireAdmin (admin.routes.ts): the actor is set.
  return new Hono<ActorEnv>()
    .get('/api-status', async (c) => c.json(await getApiStatus(deps)))
    .post('/api-status/:provider/check', validate('param', providerParamSchema), async (c) => {
      return c.json(await probeProvider({ ...deps, actor: auditActor(c.var.actor) }, c.req.valid('param').provider));
    })
    .post('/jobs/:id/retry', validate('param', jobParamSchema), async (c) => {
      return c.json(await retryFailedJob({ ...deps, actor: auditActor(c.var.actor) }, c.req.valid('param').id));
    });
}
