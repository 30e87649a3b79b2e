import PgBoss from 'pg-boss';
import type { ZodType } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { Logger } from './logger.ts';

/**
 * A kind of job: its queue name, the payload's schema (checked again when a worker takes the
 * job, since the row may have been written by an older or newer version of the server) and
 * pg-boss queue options.
 */
export interface JobType<Payload> {
  name: string;
  schema: ZodType<Payload>;
  /**
   * 'stately' keeps at most one queued and one running job per singleton key; 'standard' has no
   * such limit.
   */
  policy?: 'standard' | 'stately';
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
}

/** A job type with the code that runs it. */
export interface JobDefinition<Payload> extends JobType<Payload> {
  handler(payload: Payload, job: { id: string }): Promise<void>;
}

export interface SendOptions {
  /** Jobs sharing a key on a 'stately' queue are not queued twice. */
  singletonKey?: string;
  /** Not before this many seconds from now (spreads a batch of jobs out). */
  startAfterSeconds?: number;
}

export interface Queue {
  start(): Promise<void>;
  /** Stops taking jobs and waits (bounded) for the running ones to finish. */
  stop(): Promise<void>;
  /** The new job's id, or null when an equal singleton job is already queued. */
  send<Payload>(type: JobType<Payload>, payload: Payload, options?: SendOptions): Promise<string | null>;
  /** True while a job of this type with this singleton key waits, runs or waits for a retry. */
  isPending(type: JobType<unknown>, singletonKey: string): Promise<boolean>;
  /** Runs a job on a cron schedule (UTC); pg-boss keeps one schedule per type across processes. After start(). */
  schedule<Payload>(type: JobType<Payload>, cron: string, payload: Payload): Promise<void>;
  /** Puts a failed job back in the queue with one more attempt; false when no failed job has this id. */
  retryFailed(id: string): Promise<{ name: string } | null>;
}

const SCHEMA = 'pgboss';

export interface QueueOptions {
  database: Database;
  logger: Logger;
  // biome-ignore lint/suspicious/noExplicitAny: a list of jobs of different payload types
  jobs: JobDefinition<any>[];
  /** How often idle workers look for jobs they were not woken for (other processes' sends). */
  pollingIntervalSeconds?: number;
  stopTimeoutMs?: number;
}

/**
 * PGlite has one connection and two calls: `query()` takes parameters but only one statement;
 * `exec()` takes several statements (pg-boss sends its migrations and locked batches as one text)
 * but no parameters.
 */
export function pgliteExecuteSql(pglite: NonNullable<Database['pglite']>): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await pglite.query(text, values);
        return { rows: result.rows as unknown[] as never[] };
      }
      const results = await pglite.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as never[] };
    },
  };
}

function bossOptions(database: Database): PgBoss.ConstructorOptions {
  if (database.pglite) return { db: pgliteExecuteSql(database.pglite) };
  const connectionString = database.pool?.options.connectionString;
  if (!connectionString) throw new Error('The job queue needs the PostgreSQL connection string');
  // Its own small pool: long-polling workers must not starve the request handlers' connections.
  return { connectionString, max: 3, application_name: 'tourguides-queue' };
}

/**
 * Creates pg-boss's tables without running anything. The test database snapshots call it so each
 * test file's queue starts on an installed schema instead of installing it again (~3 s on PGlite).
 */
export async function installQueueSchema(database: Database): Promise<void> {
  const boss = new PgBoss({ ...bossOptions(database), schema: SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });
}

/** PostgreSQL's codes for a deadlock and for a row another session inserted first. */
const CONCURRENT_SETUP_CODES = new Set(['40P01', '23505']);

/**
 * Several processes starting together on a fresh database each create pg-boss's queues and
 * schedules; their transactions can deadlock or collide on the same row. The loser tries again
 * shortly (the winner's rows then exist), instead of the process exiting.
 */
async function retryConcurrentSetup<T>(step: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= attempts || typeof code !== 'string' || !CONCURRENT_SETUP_CODES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

export function createQueue(options: QueueOptions): Queue {
  const { database, logger, jobs } = options;
  const log = logger.child({ component: 'queue' });
  const boss = new PgBoss({ ...bossOptions(database), schema: SCHEMA });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const workerIds = new Map<string, string>();

  async function startWorker(definition: JobDefinition<unknown>): Promise<void> {
    await retryConcurrentSetup(() =>
      boss.createQueue(definition.name, {
        name: definition.name,
        policy: definition.policy ?? 'standard',
        retryLimit: definition.retryLimit ?? 2,
        retryDelay: definition.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds ?? 120,
      }),
    );
    const workerId = await boss.work(
      definition.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
      async ([job]) => {
        if (!job) return;
        const parsed = definition.schema.safeParse(job.data);
        if (!parsed.success) {
          // Retrying cannot fix a malformed payload: record it and let the job end.
          log.error({ job: definition.name, id: job.id, issues: parsed.error.issues }, 'malformed job payload dropped');
          return;
        }
        const started = performance.now();
        await definition.handler(parsed.data, { id: job.id });
        log.info({ job: definition.name, id: job.id, ms: Math.round(performance.now() - started) }, 'job done');
        // pg-boss would otherwise wait a polling interval before the next job even when more are
        // queued: ask for the next one at once (an empty fetch then waits as usual).
        const self = workerIds.get(definition.name);
        if (self) boss.notifyWorker(self);
      },
    );
    workerIds.set(definition.name, workerId);
  }

  return {
    async start() {
      await retryConcurrentSetup(() => boss.start());
      for (const definition of jobs) await startWorker(definition);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 10_000 });
    },
    async send(type, payload, sendOptions = {}) {
      const data = type.schema.parse(payload) as object;
      const id = await boss.send(type.name, data, {
        singletonKey: sendOptions.singletonKey,
        startAfter: sendOptions.startAfterSeconds,
      });
      // Wake the local worker now instead of at its next poll.
      const workerId = workerIds.get(type.name);
      if (id && workerId) boss.notifyWorker(workerId);
      return id;
    },
    async schedule(type, cron, payload) {
      const data = type.schema.parse(payload) as object;
      await retryConcurrentSetup(() => boss.schedule(type.name, cron, data, { tz: 'UTC' }));
    },
    async retryFailed(id) {
      // pg-boss's own retry, by id alone (the admin page knows the id), and now rather than after a delay.
      const { rows } = await database.query<{ name: string }>(
        `update ${SCHEMA}.job set state = 'retry', retry_limit = retry_limit + 1, start_after = now()
          where id = $1 and state = 'failed' returning name`,
        [id],
      );
      const name = rows[0]?.name;
      if (!name) return null;
      const workerId = workerIds.get(name);
      if (workerId) boss.notifyWorker(workerId);
      return { name };
    },
    async isPending(type, singletonKey) {
      // pg-boss's job states are an enum ordered created < retry < active < completed < ….
      const { rows } = await database.query(
        `select 1 from ${SCHEMA}.job where name = $1 and singleton_key = $2 and state < 'completed' limit 1`,
        [type.name, singletonKey],
      );
      return rows.length > 0;
    },
  };
}
