import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { queuePushes } from '#server/features/push/push.jobs.ts';
import type { EventBus, TourDatesChangedEvent } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';
import { createMailer, type Mailer } from '#server/lib/mailer.ts';
import type { JobDefinition, JobType, Queue } from '#server/lib/queue.ts';
import { sendDailyDigests } from './notifications.digest.ts';
import { selectArtistsWithStaleChanges } from './notifications.repo.ts';
import { sendOnSaleReminders } from './on-sale-reminders.ts';
import { notifyTourChanges } from './tour-change-notifications.ts';

/**
 * Notification jobs: after a sync of an artist's dates, its changes become notifications
 * (notify-tour-changes); an hourly sweep re-queues artists whose changes were left behind (the
 * queueing after a sync failed, or a job gave up); once a day the email digest goes out.
 *
 * On-sale reminders: every five minutes, the sales opening within half an hour (on-sale-reminders.ts).
 *
 * Show reminders ("the day before a show you are going to") are the shows feature's job
 * (features/shows/shows.jobs.ts), delivered through deliverNotifications like these.
 */

export const notifyTourChangesJob: JobType<{ artistId: string }> = {
  name: 'notify-tour-changes',
  schema: z.object({ artistId: z.uuid() }),
  // One waiting and one running per artist: a waiting job picks up every change committed before it runs.
  policy: 'stately',
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 300,
};

export const tourChangesSweepJob: JobType<Record<string, never>> = {
  name: 'notify-tour-changes-sweep',
  schema: z.object({}).strict(),
  policy: 'stately',
  retryLimit: 1,
  expireInSeconds: 300,
};

export const notificationDigestJob: JobType<Record<string, never>> = {
  name: 'notification-digest',
  schema: z.object({}).strict(),
  policy: 'stately',
  retryLimit: 2,
  retryDelaySeconds: 600,
  // Many users, one SMTP server: give it time.
  expireInSeconds: 3600,
};

/** Shortly before a presale or public sale opens (on-sale-reminders.ts). */
export const onSaleRemindersJob: JobType<Record<string, never>> = {
  name: 'on-sale-reminders',
  schema: z.object({}).strict(),
  policy: 'stately',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
};

/** Every five minutes: a reminder lands 25 to 30 minutes before the sale (ON_SALE_REMINDER_LEAD_MINUTES). */
export const ON_SALE_REMINDERS_CRON = '*/5 * * * *';

/** Hourly, at a quarter past. */
export const SWEEP_CRON = '15 * * * *';
/** Changes this old and still unnotified were missed by their job. */
export const STALE_CHANGE_MINUTES = 15;
/** 23:30 UTC: after the day's re-sync window (03:00 + 20 h), so the day's changes are in one mail. */
export const DAILY_DIGEST_CRON = '30 23 * * *';

/**
 * Follows the tour changes that syncs announce (the daily re-sync, a search): queues the job that
 * notifies the artist's followers. Every process hears the announcement; the job's singleton key
 * keeps one waiting per artist. A failed send is left to the hourly sweep. Returns the unsubscribe.
 */
export function followTourChanges(events: Pick<EventBus, 'subscribe'>, queue: Pick<Queue, 'send'>, logger: Logger) {
  return events.subscribe(
    (event): event is TourDatesChangedEvent => event.type === 'tour-dates-changed',
    ({ artistId }) => {
      queue.send(notifyTourChangesJob, { artistId }, { singletonKey: artistId }).catch((error: unknown) => {
        logger.error({ err: error, artistId }, 'tour change notifications not queued: the sweep will');
      });
    },
  );
}

export interface NotificationJobDeps {
  database: Database;
  logger: Logger;
  env: Env;
  /** The server's mailer (background.ts); tests pass their own or none (SMTP or the outbox, as the env says). */
  mailer?: Mailer;
}

export function notificationJobDefinitions(deps: NotificationJobDeps, queue: Queue): JobDefinition<never>[] {
  const { database, logger } = deps;
  const mailer = deps.mailer ?? createMailer(deps.env, logger);
  const notify: JobDefinition<{ artistId: string }> = {
    ...notifyTourChangesJob,
    async handler({ artistId }) {
      const outcome = await notifyTourChanges(database, artistId);
      if (outcome.changes > 0) logger.info({ artistId, ...outcome }, 'tour changes notified');
      // Within seconds of the sync, not at the next minute's sweep.
      if (outcome.notifications > 0) await queuePushes(queue);
    },
  };
  const sweep: JobDefinition<Record<string, never>> = {
    ...tourChangesSweepJob,
    async handler() {
      for (const { artistId } of await selectArtistsWithStaleChanges(database.db, STALE_CHANGE_MINUTES)) {
        await queue.send(notifyTourChangesJob, { artistId }, { singletonKey: artistId });
      }
    },
  };
  const digest: JobDefinition<Record<string, never>> = {
    ...notificationDigestJob,
    async handler() {
      const outcome = await sendDailyDigests({ database, mailer, logger, publicUrl: deps.env.publicUrl });
      logger.info(outcome, 'notification digests sent');
    },
  };
  const onSaleReminders: JobDefinition<Record<string, never>> = {
    ...onSaleRemindersJob,
    async handler() {
      const sent = await sendOnSaleReminders(database);
      if (sent > 0) {
        logger.info({ sent }, 'on-sale reminders sent');
        // A reminder is worth little after the sale opened: push now, not at the next minute.
        await queuePushes(queue);
      }
    },
  };
  return [notify, sweep, digest, onSaleReminders] as JobDefinition<never>[];
}

/** After queue.start(). */
export async function scheduleNotificationJobs(queue: Queue): Promise<void> {
  await queue.schedule(tourChangesSweepJob, SWEEP_CRON, {});
  await queue.schedule(notificationDigestJob, DAILY_DIGEST_CRON, {});
  await queue.schedule(onSaleRemindersJob, ON_SALE_REMINDERS_CRON, {});
}
