import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, migrateDatabase, openPglite, openPostgres } from '#server/db/client.ts';
import { rowsOf } from '#server/db/sql.ts';
import { createLocalStorage } from '#server/lib/storage.ts';
import { seedBackupData } from '#tests/factories/backup-data.ts';
import { databaseUrl, testDbKind, withAdmin } from '#tests/setup/databases.ts';
import { createBackupArchive, listTables, restoreBackupArchive } from './backup-archive.ts';

/**
 * The move from a laptop to a server and back (issue 16): a backup taken on PGlite restores into
 * PostgreSQL with every row equal, and the reverse. Needs both databases, so it runs in the
 * PostgreSQL project (PGlite is in process everywhere).
 */
const storage = createLocalStorage('.tmp/backup-cross-db-files');

async function freshPostgres(): Promise<Database> {
  const name = `tourguides_backup_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
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

async function freshPglite(): Promise<Database> {
  const database = await openPglite();
  await migrateDatabase(database);
  return database;
}

/** Every table's rows as sorted JSON text: equal text means equal rows, types included. */
async function contents(database: Database): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  await database.query(`set timezone = 'UTC'`);
  for (const table of await listTables(database.db)) {
    const rows = await rowsOf<{ j: string }>(
      database.db,
      sql`select to_json(x)::text as j from ${sql.identifier(table.name)} x order by 1`,
    );
    result[table.name] = rows.map((row) => row.j);
  }
  return result;
}

const SIZE = { artists: 30, stopsPerArtist: 12, users: 20, showsPerUser: 5 };

describe.runIf(testDbKind() === 'postgres')('backup across PGlite and PostgreSQL', () => {
  const open: Database[] = [];
  const track = (database: Database) => {
    open.push(database);
    return database;
  };
  afterAll(async () => {
    for (const database of open) await database.close();
  });

  for (const [from, to] of [
    ['pglite', 'postgres'],
    ['postgres', 'pglite'],
  ] as const) {
    it(`restores a ${from} backup into an empty ${to} database with every row equal`, async () => {
      const source = track(from === 'pglite' ? await freshPglite() : await freshPostgres());
      const target = track(to === 'pglite' ? await freshPglite() : await freshPostgres());
      await seedBackupData(source, SIZE);
      const before = await contents(source);
      expect(before.tour_stops).toHaveLength(SIZE.artists * SIZE.stopsPerArtist);
      expect(before.sessions).toHaveLength(SIZE.users);

      const { archive, summary } = await createBackupArchive(source, { includeFiles: false, storage });
      expect(summary.header.databaseKind).toBe(from);
      await restoreBackupArchive(target, archive, { storage, mode: 'empty' });

      const after = await contents(target);
      // Every session ends with a restore; every other row is equal, column by column.
      expect(after.sessions).toEqual([]);
      expect({ ...after, sessions: [] }).toEqual({ ...before, sessions: [] });

      // The bigserial goes on after the restored ids instead of colliding with them.
      const { rows } = await target.query<{ id: string }>(
        `insert into user_events (user_id, type, payload) select id, 'x', '{}' from users limit 1 returning id`,
      );
      expect(Number(rows[0]!.id)).toBeGreaterThan(Math.min(SIZE.users, 100));
      // Two fresh databases migrated and a PGlite started: slow on a loaded machine.
    }, 120_000);
  }
});
