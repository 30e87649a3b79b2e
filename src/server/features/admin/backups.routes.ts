import { Hono } from 'hono';
import { z } from 'zod';
import type { ActorEnv, AppDeps } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { auditActor } from './audit.service.ts';
import {
  BACKUP_CONTENT_TYPE,
  createBackup,
  deleteBackup,
  listBackups,
  readBackupFile,
  restoreBackup,
} from './backups.service.ts';

const idParamSchema = z.object({ id: z.uuid('Unknown backup.') });
const createSchema = z.object({ includeFiles: z.boolean().default(false) }).strict();
const restoreSchema = z.object({ confirm: z.string().max(100) }).strict();

/** /api/admin/backups, mounted behind the admin guard (admin.routes.ts). */
export function backupsRoutes({
  database,
  storage,
  env,
  logger,
  catalogChanges,
}: Pick<AppDeps, 'database' | 'storage' | 'env' | 'logger' | 'catalogChanges'>) {
  const deps = { database, storage, env, logger, catalogChanges };
  // Mounted behind requireAdmin (admin.routes.ts): the actor is set.
  return new Hono<ActorEnv>()
    .get('/backups', async (c) => c.json(await listBackups(deps)))
    .post('/backups', validate('json', createSchema), async (c) => {
      const { includeFiles } = c.req.valid('json');
      return c.json(await createBackup(deps, { includeFiles, trigger: 'manual', actor: auditActor(c.var.actor) }), 201);
    })
    .get('/backups/:id/download', validate('param', idParamSchema), async (c) => {
      const { row, body } = await readBackupFile(deps, c.req.valid('param').id);
      return c.body(body as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': BACKUP_CONTENT_TYPE,
        'Content-Disposition': `attachment; filename="${row.fileName}"`,
        'Content-Length': String(body.length),
      });
    })
    .delete('/backups/:id', validate('param', idParamSchema), async (c) => {
      await deleteBackup(deps, c.req.valid('param').id, auditActor(c.var.actor));
      return c.body(null, 204);
    })
    .post('/backups/:id/restore', validate('param', idParamSchema), validate('json', restoreSchema), async (c) => {
      const result = await restoreBackup(deps, c.req.valid('param').id, c.req.valid('json'), auditActor(c.var.actor));
      return c.json(result);
    });
}
