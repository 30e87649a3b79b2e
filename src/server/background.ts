import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { artistImageJobDefinition } from './features/images/images.jobs.ts';
import { wikidataPhotoFinder } from './features/images/wikidata-photo.ts';
import { notificationJobDefinitions, scheduleNotificationJobs } from './features/notifications/notifications.jobs.ts';
import { createRealtimeEventBus } from './features/realtime/realtime.bus.ts';
import { realtimeJobDefinitions, scheduleRealtimeJobs } from './features/realtime/realtime.jobs.ts';
import { scheduleShowJobs, showJobDefinitions } from './features/shows/shows.jobs.ts';
import { DAILY_RESYNC_CRON, planResyncJob, syncJobDefinitions } from './features/sync/sync.jobs.ts';
import { createProviders } from './features/sync/sync.providers.ts';
import type { EventBus } from './lib/event-bus.ts';
import type { Logger } from './lib/logger.ts';
import { createQueue, type Queue } from './lib/queue.ts';
import { createStorage, type Storage } from './lib/storage.ts';
import { databaseCallRecorder } from './providers/http.ts';
import { createMusicBrainzClient } from './providers/musicbrainz/musicbrainz.client.ts';

/** The parts of the server that outlive a request: job queue and workers, event bus, file storage. */
export interface Background {
  queue: Queue;
  events: EventBus;
  storage: Storage;
  start(): Promise<void>;
  /** Ends event streams, then lets running jobs finish (bounded). */
  stop(): Promise<void>;
}

export interface BackgroundOptions {
  env: Env;
  database: Database;
  logger: Logger;
  /** Tests poll faster so jobs queued by another process show up quickly. */
  pollingIntervalSeconds?: number;
  wikidataUrl?: string;
}

const PROVIDER_TIMEOUT_MS = 5_000;

export function createBackground(options: BackgroundOptions): Background {
  const { env, database, logger } = options;
  const events = createRealtimeEventBus(database, logger);
  const storage = createStorage(env, logger);
  const record = databaseCallRecorder(database, logger);
  const userAgent = `TourGuides/0.1 ( ${env.publicUrl} )`;
  const findPhoto = wikidataPhotoFinder({
    musicBrainz: createMusicBrainzClient({
      baseUrl: env.MUSICBRAINZ_URL,
      contactUrl: env.publicUrl,
      database,
      timeoutMs: PROVIDER_TIMEOUT_MS,
      record,
    }),
    wikidataUrl: options.wikidataUrl ?? 'https://www.wikidata.org',
    userAgent,
    timeoutMs: PROVIDER_TIMEOUT_MS,
    record,
    onUnavailable: (error) => logger.info({ err: error.message }, 'no artist photo from Wikidata: drawing one'),
  });
  const queue = createQueue({
    database,
    logger,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    jobs: [
      artistImageJobDefinition({ database, storage, events, logger, findPhoto }),
      ...syncJobDefinitions(
        { database, logger, jamBase: createProviders({ env, database, logger }).jamBase },
        () => queue,
      ),
      ...notificationJobDefinitions({ database, logger, env }, () => queue),
      ...realtimeJobDefinitions({ database, logger }),
      ...showJobDefinitions({ database, logger }),
    ],
  });
  return {
    queue,
    events,
    storage,
    async start() {
      await events.start();
      await queue.start();
      await queue.schedule(planResyncJob, DAILY_RESYNC_CRON, {});
      await scheduleNotificationJobs(queue);
      await scheduleRealtimeJobs(queue);
      await scheduleShowJobs(queue);
    },
    async stop() {
      await events.close();
      await queue.stop();
    },
  };
}
