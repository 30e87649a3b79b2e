import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { JobDefinition, JobType, Queue } from '#server/lib/queue.ts';
import type {
  PushOptions,
  PushOutcome,
  PushUrgency,
  WebPushClient,
} from '#server/providers/web-push/web-push.client.ts';
import type { NotificationKind } from '#shared/notifications.ts';
import type { PushPayload } from '#shared/push.ts';
import {
  type ClaimedPush,
  claimDuePushes,
  deleteDevicesById,
  markDevicesPushed,
  type PushTargetRow,
  selectRetry,
  selectTargets,
} from './push.repo.ts';

/**
 * The push worker: takes the pushes owed (user_notifications.push, due once quiet hours are over),
 * encrypts one message per device and POSTs it to the device's push service, many at once. A 404 or
 * 410 from a push service means the device is gone: its row is dropped. A 429 or 5xx (the service is
 * busy or down) is tried again on that device through the queue (retry-push), after the service's
 * Retry-After or an exponential backoff, a few times. Queued right after the
 * jobs that notify (tour changes, reminders) and every minute, so held pushes go when quiet hours end.
 */

export const sendPushesJob: JobType<Record<string, never>> = {
  name: 'send-pushes',
  schema: z.object({}).strict(),
  // One waiting and one running: a waiting run takes everything owed when it starts.
  policy: 'stately',
  retryLimit: 1,
  expireInSeconds: 600,
};

/** One device's push to send again: the queue holds it until the push service is ready. */
export const retryPushJob: JobType<{ notificationId: string; deviceId: string; attempt: number }> = {
  name: 'retry-push',
  schema: z.object({ notificationId: z.uuid(), deviceId: z.uuid(), attempt: z.number().int().min(1) }),
  policy: 'stately',
  // The job's own retries are for a crash; the push service's answers are retried by sending anew.
  retryLimit: 1,
  expireInSeconds: 120,
};

/** Tries after a 429 or 5xx, the first send not counted; then the alert is given up (it would be stale). */
export const PUSH_RETRY_ATTEMPTS = 5;
const RETRY_BASE_SECONDS = 30;
/** A Retry-After beyond this is not worth waiting for (the news would be old). */
const RETRY_MAX_SECONDS = 6 * 3600;

/** 429 (too many requests) and 5xx (the service failing) pass; a 4xx is our request's fault and would fail again. */
export function isRetryable(status: number | null): boolean {
  return status === 429 || (status !== null && status >= 500 && status < 600);
}

/**
 * When to try again: the push service's Retry-After when it gave one, else 30 s doubling per attempt
 * (30, 60, 120, ...); null when the alert should be given up.
 */
export function retryDelaySeconds(attempt: number, retryAfterSeconds: number | null): number | null {
  if (attempt > PUSH_RETRY_ATTEMPTS) return null;
  const delay = retryAfterSeconds ?? RETRY_BASE_SECONDS * 2 ** (attempt - 1);
  return delay > RETRY_MAX_SECONDS ? null : Math.ceil(delay);
}

export const PUSH_SWEEP_CRON = '* * * * *';
export const PUSH_SINGLETON = 'pushes';
const CLAIM_BATCH = 500;
/** A run stops taking new batches after this; the next minute's run goes on. */
const RUN_BUDGET_MS = 4 * 60_000;

/** How long a push service keeps an alert for a device that is off: past it, the news is stale. */
const KIND_TTL_SECONDS: Partial<Record<NotificationKind, number>> = {
  'show-reminder': 12 * 3600,
  'on-sale': 6 * 3600,
};

/** Wakes a sleeping phone only for what cannot wait. */
export function urgencyOf(kind: string): PushUrgency {
  if (kind === 'stop-cancelled' || kind === 'stop-moved' || kind === 'show-reminder' || kind === 'on-sale') {
    return 'high';
  }
  return 'normal';
}

export function pushOptionsOf(
  push: Pick<ClaimedPush, 'kind' | 'pushKey' | 'notificationId'>,
  ttlSeconds: number,
): PushOptions {
  const cap = KIND_TTL_SECONDS[push.kind as NotificationKind];
  return {
    ttlSeconds: cap === undefined ? ttlSeconds : Math.min(cap, ttlSeconds),
    urgency: urgencyOf(push.kind),
    topic: push.pushKey ?? push.notificationId,
  };
}

export function payloadOf(push: ClaimedPush): PushPayload {
  return {
    title: push.title,
    body: push.message,
    url: push.link ?? '/notifications',
    tag: push.pushKey ?? push.notificationId,
  };
}

export interface PushRunOutcome {
  notifications: number;
  sent: number;
  gone: number;
  failed: number;
  /** Of the failed, those queued to be tried again. */
  retried: number;
}

/** Runs `tasks` with at most `concurrency` in flight. */
async function pool<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export interface PushWorkerDeps {
  database: Database;
  webPush: Pick<WebPushClient, 'send'>;
  logger: Logger;
  ttlSeconds: number;
  concurrency: number;
  /** Where retries go (retry-push); without it a refused push is lost. */
  queue?: Pick<Queue, 'send'>;
}

/** Queues one device's push again when the answer allows; true when it did. */
async function scheduleRetry(
  deps: Pick<PushWorkerDeps, 'queue' | 'logger'>,
  push: Pick<ClaimedPush, 'notificationId'>,
  deviceId: string,
  result: Extract<PushOutcome, { result: 'failed' }>,
  attempt: number,
): Promise<boolean> {
  if (!deps.queue || !isRetryable(result.status)) return false;
  const delay = retryDelaySeconds(attempt, result.retryAfterSeconds);
  if (delay === null) return false;
  await deps.queue.send(
    retryPushJob,
    { notificationId: push.notificationId, deviceId, attempt },
    { singletonKey: `${push.notificationId}:${deviceId}`, startAfterSeconds: delay },
  );
  return true;
}

/** Sends one push to one device; drops a device that is gone. */
async function sendOne(deps: PushWorkerDeps, push: ClaimedPush, target: PushTargetRow): Promise<PushOutcome> {
  try {
    return await deps.webPush.send(target, JSON.stringify(payloadOf(push)), pushOptionsOf(push, deps.ttlSeconds));
  } catch (error) {
    // A row the library refuses (a malformed key stored before a rule changed): the device cannot be reached.
    deps.logger.warn({ err: error, deviceId: target.id }, 'push not built: device dropped');
    return { result: 'gone', status: 0 };
  }
}

/** The retry-push job: one device, one alert, once more. */
export async function retryPush(
  deps: PushWorkerDeps,
  { notificationId, deviceId, attempt }: { notificationId: string; deviceId: string; attempt: number },
): Promise<PushOutcome['result'] | 'skipped' | 'retried'> {
  const found = await selectRetry(deps.database.db, notificationId, deviceId);
  // The device was removed (or changed hands), or the alert is gone with its fan.
  if (!found) return 'skipped';
  const result = await sendOne(deps, found.push, found.target);
  if (result.result === 'sent') await markDevicesPushed(deps.database.db, [deviceId]);
  else if (result.result === 'gone') await deleteDevicesById(deps.database.db, [deviceId]);
  else if (await scheduleRetry(deps, found.push, deviceId, result, attempt + 1)) return 'retried';
  else deps.logger.info({ deviceId, status: result.status, attempt }, 'push given up');
  return result.result;
}

/** Sends everything owed now, batch by batch, until nothing is left (or the run's time is up). */
export async function sendDuePushes(deps: PushWorkerDeps, budgetMs = RUN_BUDGET_MS): Promise<PushRunOutcome> {
  const outcome: PushRunOutcome = { notifications: 0, sent: 0, gone: 0, failed: 0, retried: 0 };
  const started = Date.now();
  while (Date.now() - started < budgetMs) {
    const claimed = await claimDuePushes(deps.database.db, CLAIM_BATCH);
    if (claimed.length === 0) break;
    outcome.notifications += claimed.length;
    const targets = await selectTargets(deps.database.db, [...new Set(claimed.map((push) => push.userId))]);
    const byUser = new Map<string, PushTargetRow[]>();
    for (const target of targets) byUser.set(target.userId, [...(byUser.get(target.userId) ?? []), target]);
    const tasks = claimed.flatMap((push) => (byUser.get(push.userId) ?? []).map((target) => ({ push, target })));
    const gone = new Set<string>();
    const reached = new Set<string>();
    await pool(tasks, deps.concurrency, async ({ push, target }) => {
      const result = await sendOne(deps, push, target);
      if (result.result === 'sent') {
        outcome.sent++;
        reached.add(target.id);
      } else if (result.result === 'gone') {
        outcome.gone++;
        gone.add(target.id);
      } else {
        outcome.failed++;
        if (await scheduleRetry(deps, push, target.id, result, 1)) outcome.retried++;
        else deps.logger.info({ deviceId: target.id, status: result.status }, 'push refused by the push service');
      }
    });
    await deleteDevicesById(deps.database.db, [...gone]);
    await markDevicesPushed(
      deps.database.db,
      [...reached].filter((id) => !gone.has(id)),
    );
  }
  return outcome;
}

export function pushJobDefinitions(deps: {
  database: Database;
  logger: Logger;
  env: Env;
  webPush: WebPushClient;
  queue: Pick<Queue, 'send'>;
}): JobDefinition<never>[] {
  const worker: PushWorkerDeps = {
    database: deps.database,
    webPush: deps.webPush,
    logger: deps.logger,
    ttlSeconds: deps.env.PUSH_TTL_SECONDS,
    concurrency: deps.env.PUSH_CONCURRENCY,
    queue: deps.queue,
  };
  const send: JobDefinition<Record<string, never>> = {
    ...sendPushesJob,
    async handler() {
      const outcome = await sendDuePushes(worker);
      if (outcome.notifications > 0) deps.logger.info(outcome, 'pushes sent');
    },
  };
  const retry: JobDefinition<{ notificationId: string; deviceId: string; attempt: number }> = {
    ...retryPushJob,
    async handler(payload) {
      await retryPush(worker, payload);
    },
  };
  return [send, retry] as JobDefinition<never>[];
}

/** Queues a run now (after a job that may have owed pushes); a run already waiting takes them too. */
export async function queuePushes(queue: Pick<Queue, 'send'>): Promise<void> {
  await queue.send(sendPushesJob, {}, { singletonKey: PUSH_SINGLETON });
}

/** After queue.start(). */
export async function schedulePushJobs(queue: Queue): Promise<void> {
  await queue.schedule(sendPushesJob, PUSH_SWEEP_CRON, {});
}
