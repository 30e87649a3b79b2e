import path from 'node:path';
import type { Env } from '#server/env.ts';
import { type Database, migrateDatabase, openPglite, openPostgres } from './client.ts';

/** The database the environment asks for, migrated and ready. */
export async function openDatabase(env: Env): Promise<Database> {
  const database = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL)
    : await openPglite(path.join(env.dataDir, 'pgdata'));
  await migrateDatabase(database);
  return database;
}
