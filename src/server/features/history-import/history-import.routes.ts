import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { enforceWriteLimit, perUserWriteLimit } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import { HISTORY_IMPORT_LIMITS, HISTORY_IMPORT_MESSAGES } from '#shared/setlists.ts';
import {
  appImportQuerySchema,
  csvImportQuerySchema,
  importIdParamSchema,
  previewRowsQuerySchema,
  setlistfmImportSchema,
} from '#shared/setlists-api.ts';
import { importJobSender } from './history-import.jobs.ts';
import {
  discardPreview,
  getImport,
  getRows,
  type HistoryImportDeps,
  listImports,
  previewAppExport,
  previewCsv,
  previewSetlistfm,
  startImport,
  undoImport,
} from './history-import.service.ts';

/** The paths whose body may be a whole file (app.ts leaves them to this limit, not its 1 MB one). */
export const HISTORY_IMPORT_UPLOAD_PATHS = ['/api/history-imports/csv', '/api/history-imports/app'];

const fileLimit = bodyLimit({
  maxSize: HISTORY_IMPORT_LIMITS.csvMaxBytes,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', HISTORY_IMPORT_MESSAGES.csvTooLarge);
  },
});

/** /api/history-imports — the signed-in fan's concert-history imports (the owner is always c.var.actor). */
export function historyImportRoutes(deps: AppDeps) {
  const importDeps: HistoryImportDeps = {
    database: deps.database,
    catalogChanges: deps.catalogChanges,
    setlistFm: deps.providers.setlistFm,
    queue: deps.queue,
    logger: deps.logger,
  };
  const send = importJobSender(deps.queue);
  const previewLimit = (id: string) => enforceWriteLimit(deps.database, 'historyImportPreview', id);
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .get('/', async (c) => c.json(await listImports(importDeps, c.var.actor.userId)))
    .post('/csv', fileLimit, validate('query', csvImportQuerySchema), async (c) => {
      await previewLimit(c.var.actor.userId);
      const { name, ...mapping } = c.req.valid('query');
      const text = await c.req.text();
      return c.json(await previewCsv(importDeps, c.var.actor.userId, name, text, mapping), 201);
    })
    .post('/app', fileLimit, validate('query', appImportQuerySchema), async (c) => {
      await previewLimit(c.var.actor.userId);
      const text = await c.req.text();
      return c.json(await previewAppExport(importDeps, c.var.actor.userId, c.req.valid('query').name, text), 201);
    })
    .post('/setlistfm', validate('json', setlistfmImportSchema), async (c) => {
      await previewLimit(c.var.actor.userId);
      return c.json(await previewSetlistfm(importDeps, c.var.actor.userId, c.req.valid('json').username), 201);
    })
    .get('/:importId', validate('param', importIdParamSchema), async (c) =>
      c.json(await getImport(importDeps, c.var.actor.userId, c.req.valid('param').importId)),
    )
    .get(
      '/:importId/rows',
      validate('param', importIdParamSchema),
      validate('query', previewRowsQuerySchema),
      async (c) => {
        const { page, outcome } = c.req.valid('query');
        return c.json(await getRows(importDeps, c.var.actor.userId, c.req.valid('param').importId, page, outcome));
      },
    )
    .post(
      '/:importId/start',
      perUserWriteLimit(deps.database, 'historyImportStart'),
      validate('param', importIdParamSchema),
      async (c) => c.json(await startImport(importDeps, c.var.actor.userId, c.req.valid('param').importId, send)),
    )
    .post('/:importId/undo', validate('param', importIdParamSchema), async (c) =>
      c.json(await undoImport(importDeps, c.var.actor.userId, c.req.valid('param').importId)),
    )
    .delete('/:importId', validate('param', importIdParamSchema), async (c) => {
      await discardPreview(importDeps, c.var.actor.userId, c.req.valid('param').importId);
      return c.body(null, 204);
    });
}
