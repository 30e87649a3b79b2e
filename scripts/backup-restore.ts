/**
 * npm run backup:restore -- FILE
 * Restores a backup archive (downloaded from /admin/backups) into an EMPTY database: the one
 * DATA_DIR / DATABASE_URL name, migrated first. Refuses a non-empty database, and a corrupt,
 * truncated or newer-version archive before writing anything. With the embedded database the
 * server must be stopped (one process per data directory). Every session ends: users sign in again.
 */
import fs from 'node:fs';
import { openDatabase } from '#server/db/open.ts';
import { EnvError, getEnv } from '#server/env.ts';
import { restoreBackupArchive } from '#server/features/admin/backup-archive.ts';
import { AppError } from '#server/lib/app-error.ts';
import { acquireDataDirLock } from '#server/lib/data-dir-lock.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createStorage } from '#server/lib/storage.ts';

const USAGE = 'Usage: npm run backup:restore -- FILE   (a tourguides-backup-….jsonl.gz archive)';

async function main(): Promise<number> {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0) {
    console.error(USAGE);
    return 1;
  }
  if (!fs.existsSync(file)) {
    console.error(`No such file: ${file}`);
    return 1;
  }
  const archive = fs.readFileSync(file);
  const env = getEnv();
  const releaseLock = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.dataDir);
  const database = await openDatabase(env);
  try {
    const started = performance.now();
    const summary = await restoreBackupArchive(database, archive, {
      storage: createStorage(env, createLogger('warn')),
      mode: 'empty',
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Restored ${summary.rowCount} rows in ${summary.tableCount} tables` +
        `${summary.fileCount > 0 ? ` and ${summary.fileCount} files` : ''} from a ${summary.header.databaseKind} backup ` +
        `of ${summary.header.createdAt} into ${database.kind} in ${seconds} s.`,
    );
    return 0;
  } finally {
    await database.close();
    releaseLock();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError || error instanceof AppError ? error.message : error);
    process.exit(1);
  },
);
