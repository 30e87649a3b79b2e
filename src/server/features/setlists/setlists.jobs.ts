import { z } from 'zod';
import type { JobDefinition, JobType, Queue } from '#server/lib/queue.ts';
import { selectSetlistStop, selectStopSetlists } from './setlists.repo.ts';
import { refreshArtistSetlists, refreshStopSetlist, type SetlistDeps } from './setlists.service.ts';

/**
 * A failed setlist.fm fetch tried again later (down, throttled, over the daily quota). One queued
 * retry per key ('stop:<id>' | 'artist:<id>'); the fetch itself books its rate slot and quota.
 */
export const setlistRetryJob: JobType<{ key: string }> = {
  name: 'setlist-fetch-retry',
  schema: z.object({ key: z.string().regex(/^(stop|artist):[0-9a-f-]{36}$/) }),
  policy: 'stately',
  retryLimit: 0,
  expireInSeconds: 300,
};

/** The sender the service is given: queues (or keeps the already queued) retry of a key. */
export function setlistRetrySender(queue: Pick<Queue, 'send'>) {
  return async (key: string, afterSeconds: number): Promise<void> => {
    await queue.send(setlistRetryJob, { key }, { singletonKey: key, startAfterSeconds: Math.ceil(afterSeconds) });
  };
}

export async function runSetlistRetry(deps: SetlistDeps, key: string, retry: ReturnType<typeof setlistRetrySender>) {
  const [kind, id] = key.split(':') as ['stop' | 'artist', string];
  if (kind === 'artist') {
    const rows = await deps.database.query<{ id: string; mbid: string | null }>(
      'select id, mbid from artists where id = $1',
      [id],
    );
    if (rows.rows[0]) await refreshArtistSetlists(deps, rows.rows[0], retry, true);
    return;
  }
  const stop = await selectSetlistStop(deps.database.db, id, null);
  if (!stop) return;
  const stored = await selectStopSetlists(deps.database.db, id, null);
  await refreshStopSetlist(deps, stop, stored[0], retry, true);
}

export function setlistJobDefinitions(deps: Omit<SetlistDeps, 'queue'>, queue: Queue): JobDefinition<never>[] {
  const retry = setlistRetrySender(queue);
  const definition: JobDefinition<{ key: string }> = {
    ...setlistRetryJob,
    async handler({ key }) {
      await runSetlistRetry({ ...deps, queue }, key, retry);
    },
  };
  return [definition] as JobDefinition<never>[];
}
