import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { noStore, requireAdmin } from '#server/auth/middleware.ts';
import { auditActor } from '#server/features/admin/audit.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { adminJobParamSchema } from '#shared/genre-backfill-api.ts';
import { HISTORICAL_IMPORT_MAX_BYTES } from '#shared/historical-import.ts';
import {
  historicalImportBodySchema,
  historicalRunBodySchema,
  setlistfmHistoryBodySchema,
} from '#shared/historical-import-api.ts';
import { dryRun, getImportJob, listImports, startImport } from './historical-import.service.ts';
import { fetchSetlistfmHistory, setlistfmSourceStatus } from './historical-import.setlistfm.ts';

/** The file travels as JSON text: its size, plus room for escaping and the other fields. */
const limit = bodyLimit({
  maxSize: HISTORICAL_IMPORT_MAX_BYTES * 1.2,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 10 MB.');
  },
});

/** /api/admin/historical-import (admins only; app.ts leaves the 1 MB body limit to this router). */
export function historicalImportRoutes({
  database,
  queue,
  providers,
}: Pick<AppDeps, 'database' | 'queue' | 'providers'>) {
  const { setlistFm } = providers;
  return new Hono<AppEnv>()
    .use(noStore, requireAdmin(database))
    .get('/', async (c) => c.json({ imports: await listImports(database) }))
    .get('/jobs/:id', validate('param', adminJobParamSchema), async (c) => {
      return c.json(await getImportJob(database, c.req.valid('param').id));
    })
    .get('/setlistfm', (c) => c.json(setlistfmSourceStatus({ setlistFm })))
    .post('/setlistfm', validate('json', setlistfmHistoryBodySchema), async (c) => {
      return c.json(await fetchSetlistfmHistory({ database, setlistFm }, c.req.valid('json').artistSlug));
    })
    .post('/dry-run', limit, validate('json', historicalImportBodySchema), async (c) => {
      return c.json(await dryRun(database, c.req.valid('json')));
    })
    .post('/run', limit, validate('json', historicalRunBodySchema), async (c) => {
      return c.json(await startImport({ database, queue }, auditActor(c.var.actor), c.req.valid('json')), 202);
    });
}
