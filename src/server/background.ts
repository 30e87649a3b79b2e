import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { backupJobDefinitions, scheduleBackupJobs } from './features/admin/backups.jobs.ts';
import { restorePointJobDefinitions, scheduleRestorePointJobs } from './features/admin/restore-points.jobs.ts';
import { createCatalogChanges } from './features/catalog/catalog-changes.ts';
import {
  genreBackfillJobDefinitions,
  scheduleGenreBackfill,
} from './features/genre-backfill/genre-backfill.workers.ts';
import {
  followTourChangesForGuides,
  guideJobDefinitions,
  scheduleGuideJobs,
} from './features/guides/guides.workers.ts';
import { mailAdminsBudgetSpent } from './features/guides/llm-usage.service.ts';
import { historicalImportJobDefinitions } from './features/historical-import/historical-import.workers.ts';
import { historyImportJobDefinitions, resumeStalledImports } from './features/history-import/history-import.jobs.ts';
import { artistImageJobDefinition } from './features/images/images.jobs.ts';
import { wikidataPhotoFinder } from './features/images/wikidata-photo.ts';
import { listeningImportJobDefinitions } from './features/listening-import/listening-import.workers.ts';
import { musicSyncJobDefinitions, scheduleMusicSync } from './features/music-services/music-services.sync.jobs.ts';
import {
  followTourChanges,
  notificationJobDefinitions,
  scheduleNotificationJobs,
} from './features/notifications/notifications.jobs.ts';
import { pushJobDefinitions, schedulePushJobs } from './features/push/push.jobs.ts';
import { createRealtimeEventBus } from './features/realtime/realtime.bus.ts';
import { realtimeJobDefinitions, scheduleRealtimeJobs } from './features/realtime/realtime.jobs.ts';
import { searchJobDefinitions } from './features/search/search.jobs.ts';
import { setlistJobDefinitions } from './features/setlists/setlists.jobs.ts';
import {
  photoOrphanSweepJobDefinition,
  photoSweepJobDefinition,
  schedulePhotoSweep,
} from './features/shows/show-photos.jobs.ts';
import { scheduleShowJobs, showJobDefinitions } from './features/shows/shows.jobs.ts';
import { DAILY_RESYNC_CRON, planResyncJob, syncJobDefinitions } from './features/sync/sync.jobs.ts';
import { hasTourDateSource } from './features/sync/sync.sources.ts';
import {
  planRecheckJob,
  tourScraperJobDefinitions,
  WEEKLY_RECHECK_CRON,
} from './features/tour-scraper/tour-scraper.jobs.ts';
import { followTripEvents, scheduleTripJobs, tripJobDefinitions } from './features/trips/trips.jobs.ts';
import type { AppDeps } from './lib/context.ts';
import type { Logger } from './lib/logger.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createQueue } from './lib/queue.ts';
import { createStorage } from './lib/storage.ts';
import { databaseCallRecorder } from './providers/http.ts';
import { createProviders } from './providers/providers.ts';

/**
 * The composition root: every service, provider client and background part of the server is
 * built here, once, and handed to the routes (createApp) and the jobs. The queue, its workers and
 * the event bus outlive requests: they start and stop with the server.
 */
export interface Background extends AppDeps {
  lifecycle: { draining: boolean };
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
  /** Tests may catch mail; otherwise SMTP or the outbox, as the env says. */
  mailer?: Mailer;
  /** Tests only: false stores sent jobs without running any (see QueueOptions.runJobs). */
  runJobs?: boolean;
}

/** A photo is a nicety fetched in the background: Wikidata gets less time than a search's providers. */
const WIKIDATA_TIMEOUT_MS = 5_000;

export function createBackground(options: BackgroundOptions): Background {
  const { env, database, logger } = options;
  const events = createRealtimeEventBus(database, logger);
  const catalogChanges = createCatalogChanges(events, logger);
  const storage = createStorage(env, logger);
  const mailer = options.mailer ?? createMailer(env, logger);
  const providers = createProviders({
    env,
    database,
    logger,
    onLlmBudgetExhausted: (month, spent, budget) =>
      mailAdminsBudgetSpent({ database, mailer, env }, month, spent, budget),
  });
  const findPhoto = wikidataPhotoFinder({
    musicBrainz: providers.musicBrainz,
    wikidataUrl: options.wikidataUrl ?? 'https://www.wikidata.org',
    userAgent: `TourGuides/0.1 ( ${env.publicUrl} )`,
    timeoutMs: WIKIDATA_TIMEOUT_MS,
    record: databaseCallRecorder(database, logger),
    onUnavailable: (error) => logger.info({ err: error.message }, 'no artist photo from Wikidata: drawing one'),
  });
  const queue = createQueue({
    database,
    logger,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    runJobs: options.runJobs,
  });
  queue.register([
    artistImageJobDefinition({ database, storage, events, logger, findPhoto }),
    ...syncJobDefinitions(
      {
        database,
        logger,
        jamBase: providers.jamBase,
        ticketmaster: providers.ticketmaster,
        bandsintown: providers.bandsintown,
        events,
        catalogChanges,
      },
      queue,
    ),
    ...notificationJobDefinitions({ database, logger, env, mailer }, queue),
    ...searchJobDefinitions({ database, catalogChanges, events, logger, sources: providers }),
    ...realtimeJobDefinitions({ database, logger }),
    ...pushJobDefinitions({ database, logger, env, webPush: providers.webPush, queue }),
    ...showJobDefinitions({ database, logger }),
    photoSweepJobDefinition({ database, storage, logger }),
    photoOrphanSweepJobDefinition({ database, storage, logger }),
    ...genreBackfillJobDefinitions({ database, catalogChanges, musicBrainz: providers.musicBrainz }),
    ...historicalImportJobDefinitions({ database, catalogChanges }),
    ...backupJobDefinitions({ database, storage, env, logger }),
    ...restorePointJobDefinitions({ database, logger }),
    ...tourScraperJobDefinitions({ database, logger, events, catalogChanges, safeFetch: providers.safeFetch }, queue),
    ...tripJobDefinitions({ database, logger, jamBase: providers.jamBase, catalogChanges }, queue),
    ...setlistJobDefinitions({ database, logger, setlistFm: providers.setlistFm }, queue),
    ...guideJobDefinitions({ database, logger, env, events, providers }, queue),
    ...historyImportJobDefinitions({ database, catalogChanges, logger, setlistFm: providers.setlistFm }, queue),
    ...musicSyncJobDefinitions({ database, env, logger }, queue),
    ...listeningImportJobDefinitions({
      database,
      catalogChanges,
      logger,
      musicBrainz: providers.musicBrainz,
      canSyncTours: hasTourDateSource(providers),
      queue,
    }),
  ]);
  let stopFollowingCatalogChanges = () => {};
  let stopFollowingTourChanges = () => {};
  let stopFollowingTripEvents = () => {};
  let stopGuidesFollowing = () => {};
  let stopResumingImports = () => {};
  return {
    env,
    database,
    logger,
    queue,
    events,
    catalogChanges,
    storage,
    providers,
    mailer,
    lifecycle: { draining: false },
    async start() {
      await events.start();
      stopFollowingCatalogChanges = catalogChanges.follow();
      await queue.start();
      stopFollowingTourChanges = followTourChanges(events, queue, logger);
      stopFollowingTripEvents = followTripEvents(events, queue, logger);
      await queue.schedule(planResyncJob, DAILY_RESYNC_CRON, {});
      await scheduleNotificationJobs(queue);
      await schedulePushJobs(queue);
      await scheduleRealtimeJobs(queue);
      await scheduleShowJobs(queue);
      await schedulePhotoSweep(queue);
      await scheduleGenreBackfill(queue);
      await scheduleBackupJobs(queue);
      await scheduleRestorePointJobs(queue);
      await queue.schedule(planRecheckJob, WEEKLY_RECHECK_CRON, {});
      await scheduleTripJobs(queue);
      stopGuidesFollowing = followTourChangesForGuides(events, queue, logger);
      await scheduleGuideJobs(queue);
      await scheduleMusicSync(queue);
      stopResumingImports = resumeStalledImports({ database, logger }, queue);
    },
    async stop() {
      stopFollowingCatalogChanges();
      stopFollowingTourChanges();
      stopFollowingTripEvents();
      stopGuidesFollowing();
      stopResumingImports();
      await events.close();
      await queue.stop();
    },
  };
}
