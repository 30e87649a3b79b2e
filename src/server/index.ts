import { type ServerType, serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createBackground } from './background.ts';
import { openDatabase } from './db/open.ts';
import { EnvError, getEnv } from './env.ts';
import { seedDemoCatalogIfEmpty } from './features/catalog/catalog.seed.ts';
import { runPlacesBackfill } from './features/places/places.backfill.ts';
import { AppError } from './lib/app-error.ts';
import { acquireDataDirLock } from './lib/data-dir-lock.ts';
import { createLogger } from './lib/logger.ts';

async function main() {
  const env = getEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const releaseLock = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.dataDir);
  const started = performance.now();
  const database = await openDatabase(env);
  if (env.SEED_DEMO) await seedDemoCatalogIfEmpty(database, logger);

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

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // A stuck client must not keep the process alive for ever.
    const force = setTimeout(() => {
      logger.warn('forced shutdown after 10 s');
      process.exit(1);
    }, 10_000);
    force.unref();
    // Open event streams would otherwise hold server.close() open until the forced exit.
    events.close();
    server.close(async () => {
      await background.stop();
      await database.close();
      releaseLock();
      logger.info('stopped cleanly');
      process.exit(0);
    });
    // Idle keep-alive sockets would otherwise hold server.close() open.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
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
