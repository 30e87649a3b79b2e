import { buildPostgresTemplate, dropPostgresTemplate, isPostgresReachable, newTemplateName } from './databases.ts';

/** Without a reachable server the PostgreSQL project's tests skip themselves (see databaseAvailable). */
export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  const reachable = await isPostgresReachable();
  const template = newTemplateName();
  provide('postgresReachable', reachable);
  provide('postgresTemplate', template);
  if (!reachable) {
    console.warn('PostgreSQL is not reachable: the api-postgres tests are skipped.');
    return;
  }
  await buildPostgresTemplate(template);
  return () => dropPostgresTemplate(template);
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresReachable: boolean;
    postgresTemplate: string;
  }
}
