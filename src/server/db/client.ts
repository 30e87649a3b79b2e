import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A connected database: the Drizzle handle plus what only some callers need. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw parameterised SQL, for libraries that bring their own queries (pg-boss). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Present on PostgreSQL: a pool for LISTEN/NOTIFY and other session-level needs. */
  pool?: pg.Pool;
  /** Present on PGlite. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

const pgliteExtensions = { pg_trgm };

/** Opens the embedded database in `dir` (created when missing), or in memory without a dir. */
export async function openPglite(dir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, loadDataDir, extensions: pgliteExtensions });
  const db: Db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    query: async (text, params) => {
      const result = await client.query(text, params as unknown[] | undefined);
      return { rows: result.rows as never[] };
    },
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, maxConnections = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle connection the server drops (restart, failover, admin kill) is emitted on the pool;
  // without a listener that would crash the process. The pool opens a new one on next use.
  pool.on('error', (error) => {
    console.error(`PostgreSQL dropped an idle connection: ${error.message}`);
  });
  // Fail fast with the server's own message when it is unreachable or the database is missing.
  const probe = await pool.connect();
  probe.release();
  const db: Db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    pool,
    query: async (text, params) => {
      const result = await pool.query(text, params as unknown[] | undefined);
      return { rows: result.rows };
    },
    close: () => pool.end(),
  };
}

/** Applies committed migrations. On PostgreSQL an advisory lock keeps concurrent starts orderly. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await database.query('create extension if not exists pg_trgm');
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await client.query('create extension if not exists pg_trgm');
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}
