import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createBackground } from '#server/background.ts';
import { type Database, migrateDatabase, openPglite, openPostgres } from '#server/db/client.ts';
import { parseEnv } from '#server/env.ts';
import { createLogger } from '#server/lib/logger.ts';
import { installQueueSchema } from '#server/lib/queue.ts';
import { adminUrl } from './postgres-reachable.ts';

export { adminUrl, isPostgresReachable } from './postgres-reachable.ts';

/**
 * Test databases. PGlite: one migrated snapshot per run, loaded per test file (~0.35 s instead
 * of ~2.5 s). PostgreSQL: one migrated template database per run, cloned per test file.
 */
/** One snapshot file per test run (named by the run's pid), so simultaneous runs never share one. */
export function newSnapshotFile(): string {
  return path.join(os.tmpdir(), `tourguides-pglite-snapshot-${process.pid}.tar.gz`);
}
/** One template per test run, so two runs on one server (two checkouts, CI) never rebuild each other's. */
export function newTemplateName(): string {
  return `tourguides_test_template_${process.pid}`;
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `run` on a connection to the server's admin database (create and drop databases). */
export async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * pg-boss's tables, then every job's queue (a table each) and the schedules, as a server's first
 * start makes them: each test file's server then starts on existing queues instead of creating
 * them again (DDL: seconds per file on PGlite).
 */
async function prepareQueue(database: Database): Promise<void> {
  await installQueueSchema(database);
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', SEED_DEMO: '0' });
  const background = createBackground({ env, database, logger: createLogger('silent'), runJobs: false });
  await background.start();
  await background.stop();
}

export async function buildPgliteSnapshot(snapshotFile: string): Promise<void> {
  const database = await openPglite();
  await migrateDatabase(database);
  await prepareQueue(database);
  const dump = await database.pglite!.dumpDataDir('gzip');
  fs.writeFileSync(snapshotFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

export async function buildPostgresTemplate(templateDatabase: string): Promise<void> {
  await withAdmin(async (client) => {
    await client.query(`drop database if exists ${templateDatabase} with (force)`);
    await client.query(`create database ${templateDatabase}`);
  });
  const database = await openPostgres(databaseUrl(templateDatabase), 2);
  await migrateDatabase(database);
  await prepareQueue(database);
  await database.close();
}

export async function dropPostgresTemplate(templateDatabase: string): Promise<void> {
  await withAdmin((client) => client.query(`drop database if exists ${templateDatabase} with (force)`));
}

export type TestDbKind = 'pglite' | 'postgres';

export function testDbKind(): TestDbKind {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

/** A fresh migrated database for one test file; `close` drops it. */
export async function openTestDatabase(kind: TestDbKind = testDbKind()): Promise<Database> {
  if (kind === 'pglite') {
    const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);
    return openPglite(undefined, snapshot);
  }
  const name = `tourguides_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdmin((client) => client.query(`create database ${name} template ${inject('postgresTemplate')}`));
  const database = await openPostgres(databaseUrl(name), 10);
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
