import { buildPostgresTemplate, dropPostgresTemplate, newTemplateName } from './databases.ts';

/** Runs only when vitest.config.ts found the server reachable (otherwise the project is left out). */
export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  const template = newTemplateName();
  provide('postgresTemplate', template);
  await buildPostgresTemplate(template);
  return () => dropPostgresTemplate(template);
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}
