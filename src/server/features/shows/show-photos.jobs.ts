import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/sql.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { JobDefinition, JobType, Queue } from '#server/lib/queue.ts';
import type { Storage } from '#server/lib/storage.ts';

/**
 * Deletes the files of photo rows that are gone (deleted_photo_files, filled by a trigger on every
 * path a row goes). Sent after an un-mark or an account deletion, and hourly for anything a failed
 * delete left behind. Stately: one sweep queued and one running at most.
 */
export const photoSweepJob: JobType<Record<string, never>> = {
  name: 'show-photos-sweep',
  schema: z.object({}).strict(),
  policy: 'stately',
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 600,
};

export const PHOTO_SWEEP_CRON = '25 * * * *';

const SWEEP_BATCH = 200;

/** Files deleted. A file whose delete fails keeps its row for the next sweep. */
export async function sweepDeletedPhotoFiles(deps: { database: Database; storage: Storage; logger: Logger }) {
  let deleted = 0;
  for (;;) {
    const rows = await rowsOf<{ storageKey: string }>(
      deps.database.db,
      sql`select storage_key as "storageKey" from deleted_photo_files order by deleted_at limit ${SWEEP_BATCH}`,
    );
    const done: string[] = [];
    for (const { storageKey } of rows) {
      try {
        await deps.storage.delete(storageKey);
        done.push(storageKey);
      } catch (error) {
        deps.logger.warn({ err: error, storageKey }, 'photo file not deleted; the next sweep tries again');
      }
    }
    if (done.length > 0) {
      await deps.database.db.execute(
        sql`delete from deleted_photo_files where storage_key in (${sql.join(
          done.map((key) => sql`${key}`),
          sql`, `,
        )})`,
      );
    }
    deleted += done.length;
    if (rows.length < SWEEP_BATCH || done.length === 0) return deleted;
  }
}

/**
 * Files under show-photos/ that no photo row names (a process that died between storing a file and
 * writing its row, or files left before the deletion trigger existed). Daily, listing the storage.
 */
export const photoOrphanSweepJob: JobType<Record<string, never>> = {
  name: 'show-photos-orphan-sweep',
  schema: z.object({}).strict(),
  policy: 'stately',
  retryLimit: 2,
  retryDelaySeconds: 600,
  expireInSeconds: 3600,
};

export const PHOTO_ORPHAN_SWEEP_CRON = '40 3 * * *';

export const PHOTO_KEY_PREFIX = 'show-photos/';

/** A younger file may be an upload whose row is being written this moment: it is left for the next sweep. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** Files deleted: those under show-photos/, older than the grace time, that no photo row names. */
export async function sweepOrphanedPhotoFiles(
  deps: { database: Database; storage: Storage; logger: Logger },
  now = new Date(),
): Promise<number> {
  const cutoff = now.getTime() - ORPHAN_GRACE_MS;
  let deleted = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const named = await rowsOf<{ storageKey: string }>(
      deps.database.db,
      sql`select storage_key as "storageKey" from show_photos where storage_key in (${sql.join(
        batch.map((key) => sql`${key}`),
        sql`, `,
      )})`,
    );
    const kept = new Set(named.map((row) => row.storageKey));
    for (const key of batch) {
      if (kept.has(key)) continue;
      try {
        await deps.storage.delete(key);
        deleted += 1;
      } catch (error) {
        deps.logger.warn(
          { err: error, storageKey: key },
          'orphaned photo file not deleted; the next sweep tries again',
        );
      }
    }
    batch = [];
  };
  for await (const file of deps.storage.list(PHOTO_KEY_PREFIX)) {
    if (file.lastModified.getTime() > cutoff) continue;
    batch.push(file.key);
    if (batch.length >= SWEEP_BATCH) await flush();
  }
  await flush();
  return deleted;
}

export function photoOrphanSweepJobDefinition(deps: {
  database: Database;
  storage: Storage;
  logger: Logger;
}): JobDefinition<Record<string, never>> {
  return {
    ...photoOrphanSweepJob,
    async handler() {
      const deleted = await sweepOrphanedPhotoFiles(deps);
      if (deleted > 0) deps.logger.info({ deleted }, 'orphaned photo files deleted');
    },
  };
}

export function photoSweepJobDefinition(deps: {
  database: Database;
  storage: Storage;
  logger: Logger;
}): JobDefinition<Record<string, never>> {
  return {
    ...photoSweepJob,
    async handler() {
      const deleted = await sweepDeletedPhotoFiles(deps);
      if (deleted > 0) deps.logger.info({ deleted }, 'photo files deleted');
    },
  };
}

/** After queue.start(). */
export async function schedulePhotoSweep(queue: Queue): Promise<void> {
  await queue.schedule(photoSweepJob, PHOTO_SWEEP_CRON, {});
  await queue.schedule(photoOrphanSweepJob, PHOTO_ORPHAN_SWEEP_CRON, {});
}

/** After a fan's rows went: their files go within seconds, not at the next hourly sweep. */
export async function requestPhotoSweep(queue: Queue, log: Logger): Promise<void> {
  await queue.send(photoSweepJob, {}).catch((error) => log.warn({ err: error }, 'photo sweep not queued'));
}
