import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { Logger } from './logger.ts';

/** What the server's parts are built from; tests build the same from a test database. */
export interface AppDeps {
  env: Env;
  database: Database;
  logger: Logger;
}

/** Hono's typing for our context variables. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
  };
}
