/**
 * `npm run bench:backup`: a backup and a restore of 10,000 artists / 200,000 stops / 1,000 users
 * with 20 shows each, on PGlite and on PostgreSQL (each restores into a fresh empty database of
 * its own kind; `--cross` also restores each into the other kind). Prints the times, the archive
 * size and the rows per second. `--quick` is a tenth of the size. Figures go to docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, migrateDatabase, openPglite, openPostgres } from '#server/db/client.ts';
import { createBackupArchive, restoreBackupArchive } from '#server/features/admin/backup-archive.ts';
import { createLocalStorage } from '#server/lib/storage.ts';
import { seedBackupData } from '#tests/factories/backup-data.ts';
import { databaseUrl, isPostgresReachable, withAdmin } from '#tests/setup/databases.ts';

const QUICK = process.argv.includes('--quick');
const CROSS = process.argv.includes('--cross');
const SIZE = QUICK
  ? { artists: 1_000, stopsPerArtist: 20, users: 100, showsPerUser: 20 }
  : { artists: 10_000, stopsPerArtist: 20, users: 1_000, showsPerUser: 20 };
type Kind = 'pglite' | 'postgres';

const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'tourguides-bench-backup-'));
const storage = createLocalStorage(path.join(temporary, 'files'));
let databaseCounter = 0;

async function freshDatabase(kind: Kind): Promise<Database> {
  databaseCounter++;
  if (kind === 'pglite') {
    const database = await openPglite(path.join(temporary, `pg-${databaseCounter}`));
    await migrateDatabase(database);
    return database;
  }
  const name = `tourguides_bench_backup_${process.pid}_${databaseCounter}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const database = await openPostgres(databaseUrl(name), 4);
  await migrateDatabase(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

async function benchKind(kind: Kind, targets: Kind[]): Promise<void> {
  const source = await freshDatabase(kind);
  try {
    const [, seedMs] = await timed(() => seedBackupData(source, SIZE));
    const [{ archive, summary }, backupMs] = await timed(() =>
      createBackupArchive(source, { includeFiles: false, storage }),
    );
    const heapMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
    console.log(
      `${kind}: seeded in ${seconds(seedMs)}; backup of ${summary.rowCount.toLocaleString('en')} rows ` +
        `(${summary.tables.tour_stops?.toLocaleString('en')} stops) in ${seconds(backupMs)} ` +
        `= ${Math.round(summary.rowCount / (backupMs / 1000)).toLocaleString('en')} rows/s, ` +
        `archive ${(archive.length / 1024 / 1024).toFixed(1)} MB, RSS ${heapMb} MB`,
    );
    for (const targetKind of targets) {
      const target = await freshDatabase(targetKind);
      try {
        const [, restoreMs] = await timed(() => restoreBackupArchive(target, archive, { storage, mode: 'empty' }));
        console.log(
          `  restore into empty ${targetKind}: ${seconds(restoreMs)} ` +
            `= ${Math.round(summary.rowCount / (restoreMs / 1000)).toLocaleString('en')} rows/s (checks included)`,
        );
      } finally {
        await target.close();
      }
    }
  } finally {
    await source.close();
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:backup — ${SIZE.artists.toLocaleString('en')} artists, ${(SIZE.artists * SIZE.stopsPerArtist).toLocaleString('en')} stops, ` +
      `${SIZE.users.toLocaleString('en')} users with ${SIZE.showsPerUser} shows each (${os.cpus().length} CPUs)`,
  );
  const postgres = await isPostgresReachable();
  if (!postgres) console.log('PostgreSQL is not reachable: PGlite only.');
  const kinds: Kind[] = postgres ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) {
    await benchKind(kind, CROSS ? kinds : [kind]);
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(temporary, { recursive: true, force: true }));
