import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { enforceLimit } from '#server/lib/rate-limit.ts';
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

/** Previews are parsed and matched at once: a few a minute per fan is plenty. */
const PREVIEW_LIMIT = { windowSeconds: 60, max: 10 };

/** /api/history-imports — the signed-in fan's concert-history imports (the owner is always c.var.user). */
export function historyImportRoutes(deps: AppDeps) {
  const importDeps: HistoryImportDeps = {
    database: deps.database,
    setlistFm: deps.providers.setlistFm,
    queue: deps.queue,
    logger: deps.logger,
  };
  const send = importJobSender(() => deps.queue);
  const userId = (c: { var: AppEnv['Variables'] }) => c.var.user!.id;
  const previewLimit = (id: string) => enforceLimit(deps.database, `history-preview:${id}`, PREVIEW_LIMIT);
  return new Hono<AppEnv>()
    .use(noStore, requireUser)
    .get('/', async (c) => c.json(await listImports(importDeps, userId(c))))
    .post('/csv', fileLimit, validate('query', csvImportQuerySchema), async (c) => {
      await previewLimit(userId(c));
      const { name, ...mapping } = c.req.valid('query');
      const text = await c.req.text();
      return c.json(await previewCsv(importDeps, userId(c), name, text, mapping), 201);
    })
    .post('/app', fileLimit, validate('query', appImportQuerySchema), async (c) => {
      await previewLimit(userId(c));
      const text = await c.req.text();
      return c.json(await previewAppExport(importDeps, userId(c), c.req.valid('query').name, text), 201);
    })
    .post('/setlistfm', validate('json', setlistfmImportSchema), async (c) => {
      await previewLimit(userId(c));
      return c.json(await previewSetlistfm(importDeps, userId(c), c.req.valid('json').username), 201);
    })
    .get('/:importId', validate('param', importIdParamSchema), async (c) =>
      c.json(await getImport(importDeps, userId(c), c.req.valid('param').importId)),
    )
    .get(
      '/:importId/rows',
      validate('param', importIdParamSchema),
      validate('query', previewRowsQuerySchema),
      async (c) => {
        const { page, outcome } = c.req.valid('query');
        return c.json(await getRows(importDeps, userId(c), c.req.valid('param').importId, page, outcome));
      },
    )
    .post('/:importId/start', validate('param', importIdParamSchema), async (c) =>
      c.json(await startImport(importDeps, userId(c), c.req.valid('param').importId, send)),
    )
    .post('/:importId/undo', validate('param', importIdParamSchema), async (c) =>
      c.json(await undoImport(importDeps, userId(c), c.req.valid('param').importId)),
    )
    .delete('/:importId', validate('param', importIdParamSchema), async (c) => {
      await discardPreview(importDeps, userId(c), c.req.valid('param').importId);
      return c.body(null, 204);
    });
}
