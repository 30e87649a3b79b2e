import { type ServerType, serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { changeAdminRole } from './auth/admin-role.ts';
import { createBackground } from './background.ts';
import { openDatabase } from './db/open.ts';
import { EnvError, getEnv } from './env.ts';
import { seedDemoCatalogIfEmpty } from './features/catalog/catalog.seed.ts';
import { runPlacesBackfill } from './features/places/places.backfill.ts';
import { AppError } from './lib/app-error.ts';
import { acquireDataDirLock } from './lib/data-dir-lock.ts';
import { drainable } from './lib/http-drain.ts';
import { createLogger } from './lib/logger.ts';
import { startOperatorSocket } from './lib/operator-socket.ts';
import { portInUseMessage, requirePortFree } from './lib/port-check.ts';

/** After SIGTERM, the most the server waits for requests and jobs before it exits anyway. */
const FORCE_EXIT_MS = 10_000;

async function main() {
  const env = getEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const releaseLock = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.dataDir);
  try {
    await requirePortFree(env.PORT, env.HOST);
  } catch (error) {
    releaseLock();
    throw error;
  }
  const started = performance.now();
  const database = await openDatabase(env);
  if (env.SEED_DEMO) await seedDemoCatalogIfEmpty(database, logger);
  // The embedded database is this process's alone: operator commands reach it through the server (ADR 0036).
  if (!env.DATABASE_URL) {
    await startOperatorSocket(
      env.dataDir,
      (request) => changeAdminRole(database, request.action, request.email),
      logger,
    );
  }

  const background = createBackground({ env, database, logger });
  await background.start();
  const { events } = background;

  const app = createApp(background, { serveClient: true });
  const server: ServerType = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(
      { port: info.port, database: database.kind, ms: Math.round(performance.now() - started) },
      `TourGuides is running at ${env.publicUrl}`,
    );
    void runPlacesBackfill(database, logger);
  });
  keepIdleConnectionsLonger(server);
  // Taken between the check above and now: still one line, not a stack trace.
  server.once('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    console.error(portInUseMessage(env.PORT, env.HOST));
    releaseLock();
    process.exit(1);
  });

  const drain = drainable(server);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    background.lifecycle.draining = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    // A stuck client must not keep the process alive for ever (the data-dir lock goes on exit).
    const force = setTimeout(() => {
      logger.warn(`forced shutdown after ${FORCE_EXIT_MS / 1000} s`);
      process.exit(1);
    }, FORCE_EXIT_MS);
    force.unref();
    // Open event streams would otherwise hold the drain open until the forced exit.
    events.close();
    // Requests first (one may still queue a job), then the jobs (the queue's stop is bounded well below
    // the forced exit), then the database.
    drain()
      .then(() => background.stop())
      .then(async () => {
        await database.close();
        releaseLock();
        logger.info('stopped cleanly');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof AppError) {
    console.error(error.message);
  } else {
    console.error('TourGuides could not start:', error);
  }
  process.exit(1);
});

/**
 * Node closes an idle keep-alive connection after 5 s; a client that reuses it at that moment (a
 * browser, a proxy, a test's request context) gets ECONNRESET. Clients and proxies expect a minute.
 */
function keepIdleConnectionsLonger(server: ServerType): void {
  if (!('keepAliveTimeout' in server)) return;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}
