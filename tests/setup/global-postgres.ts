import { buildPostgresTemplate, isPostgresReachable } from './databases.ts';

/** Without a reachable server the PostgreSQL project's tests skip themselves (see pgAvailable). */
export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  const reachable = await isPostgresReachable();
  provide('postgresReachable', reachable);
  if (reachable) await buildPostgresTemplate();
  else console.warn('PostgreSQL is not reachable: the api-postgres tests are skipped.');
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresReachable: boolean;
  }
}
