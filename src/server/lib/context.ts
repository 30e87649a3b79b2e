import type { Auth } from '#server/auth/auth.ts';
import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { Providers } from '#server/providers/providers.ts';
import type { Actor } from './actor.ts';
import type { CatalogChanges } from './catalog-changes.ts';
import type { EventBus } from './event-bus.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mailer.ts';
import type { Queue } from './queue.ts';
import type { Storage } from './storage.ts';

/**
 * What the server's parts are built from, each built once by the composition root
 * (src/server/background.ts); tests build the same from a test database.
 */
export interface AppDeps {
  env: Env;
  database: Database;
  logger: Logger;
  /** Started and stopped with the server. */
  queue: Queue;
  events: EventBus;
  /** What answers kept from the catalog check, and what catalog writers tell after their commit. */
  catalogChanges: CatalogChanges;
  storage: Storage;
  providers: Providers;
  mailer: Mailer;
  /** Set when the server starts to stop: /healthz answers 503 so load balancers send no more. */
  lifecycle?: { draining: boolean };
}

export type AuthUser = Auth['$Infer']['Session']['user'];
export type AuthSession = Auth['$Infer']['Session']['session'];

/** Hono's typing for our context variables. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    /** Set by attachSession (src/server/auth/middleware.ts) when the request is signed in. */
    user?: AuthUser;
    session?: AuthSession;
  };
}

/** The context of a route behind requireUser or requireAdmin: `c.var.actor` is always there. */
export interface ActorEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { actor: Actor };
}
