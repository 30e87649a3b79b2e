import { randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { Storage } from '#server/lib/storage.ts';
import {
  type BackupRestoreResponse,
  type BackupsResponse,
  type BackupView,
  backupMessages,
  RESTORE_CONFIRMATION,
} from '#shared/backups.ts';
import { mergeAuditLog, snapshotAuditLog } from './audit.repo.ts';
import { type AuditActor, recordAdminAction } from './audit.service.ts';
import { BACKUP_FORMAT_VERSION, createBackupArchive, restoreBackupArchive } from './backup-archive.ts';
import {
  type BackupRow,
  deleteBackupRow,
  insertBackup,
  selectBackup,
  selectBackups,
  selectScheduledBackups,
  selectUserExists,
} from './backups.repo.ts';

export interface BackupDeps {
  database: Database;
  storage: Storage;
  env: Pick<Env, 'BACKUP_RETENTION' | 'BACKUP_INCLUDE_FILES'>;
  logger?: Logger;
}

/** Daily at 03:30 UTC, a quiet hour for most of the audience. */
export const DAILY_BACKUP_CRON = '30 3 * * *';
const BACKUP_PREFIX = 'backups/';
export const BACKUP_CONTENT_TYPE = 'application/gzip';

function toView(row: BackupRow): BackupView {
  return {
    id: row.id,
    fileName: row.fileName,
    bytes: row.bytes,
    trigger: row.trigger,
    includesFiles: row.includesFiles,
    tableCount: row.tableCount,
    rowCount: row.rowCount,
    fileCount: row.fileCount,
    databaseKind: row.databaseKind,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** 'tourguides-backup-2026-11-25T03-30-00Z-a1b2c3.jsonl.gz': sortable, unique, safe as a storage key. */
function backupFileName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return `tourguides-backup-${stamp}-${randomBytes(3).toString('hex')}.jsonl.gz`;
}

export async function listBackups(deps: BackupDeps): Promise<BackupsResponse> {
  const rows = await selectBackups(deps.database.db);
  const retention = deps.env.BACKUP_RETENTION;
  return {
    backups: rows.map(toView),
    schedule:
      retention > 0
        ? {
            cronUtc: DAILY_BACKUP_CRON,
            description: `Daily at 03:30 UTC; the newest ${retention} daily backups are kept.`,
            retention,
          }
        : null,
  };
}

/** Takes a backup now: the archive goes to storage, then its row (and the audit entry) to the database. */
export async function createBackup(
  deps: BackupDeps,
  options: { includeFiles: boolean; trigger: 'manual' | 'scheduled'; actor: AuditActor | null },
): Promise<BackupView> {
  const { archive, summary } = await createBackupArchive(deps.database, {
    includeFiles: options.includeFiles,
    storage: deps.storage,
  });
  const fileName = backupFileName(new Date(summary.header.createdAt));
  const storageKey = BACKUP_PREFIX + fileName;
  await deps.storage.put(storageKey, archive, BACKUP_CONTENT_TYPE);
  const row = await deps.database.db.transaction(async (tx) => {
    const inserted = await insertBackup(tx, {
      fileName,
      storageKey,
      bytes: archive.length,
      trigger: options.trigger,
      includesFiles: options.includeFiles,
      formatVersion: BACKUP_FORMAT_VERSION,
      tableCount: summary.tableCount,
      rowCount: summary.rowCount,
      fileCount: summary.fileCount,
      databaseKind: deps.database.kind,
      createdBy: options.actor?.email ?? null,
    });
    if (options.actor) {
      await recordAdminAction(tx, {
        actor: options.actor,
        action: 'backup.create',
        targetType: 'backup',
        targetId: inserted.id,
        targetLabel: fileName,
        after: { bytes: archive.length, rows: summary.rowCount, includesFiles: options.includeFiles },
      });
    }
    return inserted;
  });
  return toView(row);
}

/** The daily job: a backup, then the oldest scheduled ones beyond the retention count go. */
export async function runScheduledBackup(deps: BackupDeps): Promise<void> {
  const retention = deps.env.BACKUP_RETENTION;
  if (retention === 0) return;
  const made = await createBackup(deps, {
    includeFiles: deps.env.BACKUP_INCLUDE_FILES,
    trigger: 'scheduled',
    actor: null,
  });
  const scheduled = await selectScheduledBackups(deps.database.db);
  const expired = scheduled.slice(0, Math.max(0, scheduled.length - retention));
  for (const row of expired) {
    await deps.storage.delete(row.storageKey);
    await deleteBackupRow(deps.database.db, row.id);
  }
  deps.logger?.info({ backup: made.fileName, removed: expired.length }, 'daily backup made');
}

async function requireBackup(database: Database, id: string): Promise<BackupRow> {
  const row = await selectBackup(database.db, id);
  if (!row) throw notFound('Backup');
  return row;
}

export async function readBackupFile(deps: BackupDeps, id: string): Promise<{ row: BackupRow; body: Uint8Array }> {
  const row = await requireBackup(deps.database, id);
  const file = await deps.storage.get(row.storageKey);
  if (!file) throw new AppError('NOT_FOUND', backupMessages.missing);
  return { row, body: file.body };
}

export async function deleteBackup(deps: BackupDeps, id: string, actor: AuditActor): Promise<void> {
  const row = await requireBackup(deps.database, id);
  await deps.database.db.transaction(async (tx) => {
    await deleteBackupRow(tx, id);
    await recordAdminAction(tx, {
      actor,
      action: 'backup.delete',
      targetType: 'backup',
      targetId: id,
      targetLabel: row.fileName,
      before: toView(row),
    });
  });
  // After the commit: a failed delete leaves an unlisted file, never a listed one that is gone.
  await deps.storage.delete(row.storageKey);
}

/**
 * Replaces every table with the backup's rows (the typed confirmation is checked first). Every
 * session ends, the admin's own included; the audit entry is written into the restored data.
 */
export async function restoreBackup(
  deps: BackupDeps & Pick<CatalogWriterDeps, 'catalogChanges'>,
  id: string,
  input: { confirm: string },
  actor: AuditActor,
): Promise<BackupRestoreResponse> {
  if (input.confirm !== RESTORE_CONFIRMATION) throw new AppError('BAD_REQUEST', backupMessages.confirmRestore);
  const { row, body } = await readBackupFile(deps, id);
  // The audit log is history, not data: entries written since the backup survive the restore.
  let auditLog = '[]';
  const summary = await restoreBackupArchive(deps.database, body, {
    storage: deps.storage,
    mode: 'replace',
    beforeReplace: async (tx) => {
      auditLog = await snapshotAuditLog(tx);
    },
    afterRestore: async (tx) => {
      await mergeAuditLog(tx, auditLog);
      // The admin's account may not exist in the restored data: then the entry keeps the email only.
      const present = actor.id ? await selectUserExists(tx, actor.id) : false;
      await recordAdminAction(tx, {
        actor: { ...actor, id: present ? actor.id : null },
        action: 'backup.restore',
        targetType: 'backup',
        targetId: row.id,
        targetLabel: row.fileName,
        after: { tables: row.tableCount, rows: row.rowCount, takenAt: row.createdAt.toISOString() },
      });
    },
  });
  await deps.catalogChanges.changed();
  return {
    restoredFrom: row.fileName,
    tableCount: summary.tableCount,
    rowCount: summary.rowCount,
    fileCount: summary.fileCount,
  };
}
