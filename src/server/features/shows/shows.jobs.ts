import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { describeStop } from '#server/features/notifications/notifications.messages.ts';
import { deliverNotifications, type NotificationDraft } from '#server/features/notifications/notifications.service.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { JobDefinition, JobType, Queue } from '#server/lib/queue.ts';
import { formatShowTime } from '#shared/dates.ts';
import { titleCase } from '#shared/text.ts';
import { type ReminderRow, selectGoingTomorrow } from './shows.repo.ts';

/**
 * The day-before reminder for Going shows. Hourly, so "tomorrow" is judged in each venue's own
 * zone soon after its midnight; the dedupe key `show-reminder:<stop id>` makes it once per show
 * and user however often the job runs (or is retried).
 */
export const showRemindersJob: JobType<Record<string, never>> = {
  name: 'show-reminders',
  schema: z.object({}).strict(),
  policy: 'stately',
  retryLimit: 2,
  retryDelaySeconds: 120,
  expireInSeconds: 600,
};

/** Hourly, at five past. */
export const SHOW_REMINDERS_CRON = '5 * * * *';

export function reminderDraft(row: ReminderRow): NotificationDraft {
  const artistName = titleCase(row.artistName);
  const at = row.time ? ` at ${formatShowTime(row.date, row.time, row.timeZone, row.timeZone ?? undefined)}` : '';
  const tickets = row.hasTickets ? ' You have tickets.' : '';
  return {
    userId: row.userId,
    kind: 'show-reminder',
    title: `Tomorrow: ${artistName}`,
    message: `${describeStop({ date: row.date, venue: row.venueName, city: row.city, region: row.region })}${at}.${tickets}`,
    artistSlug: row.artistSlug,
    dedupeKey: `show-reminder:${row.stopId}`,
    stopId: row.stopId,
  };
}

export async function sendShowReminders(database: Database, now: Date = new Date()): Promise<number> {
  return database.db.transaction(async (tx) => {
    const rows = await selectGoingTomorrow(tx, now);
    return deliverNotifications(tx, rows.map(reminderDraft));
  });
}

export function showJobDefinitions(deps: { database: Database; logger: Logger }): JobDefinition<never>[] {
  const reminders: JobDefinition<Record<string, never>> = {
    ...showRemindersJob,
    async handler() {
      const sent = await sendShowReminders(deps.database);
      if (sent > 0) deps.logger.info({ sent }, 'show reminders sent');
    },
  };
  return [reminders] as JobDefinition<never>[];
}

/** After queue.start(). */
export async function scheduleShowJobs(queue: Queue): Promise<void> {
  await queue.schedule(showRemindersJob, SHOW_REMINDERS_CRON, {});
}
