import PgBoss from 'pg-boss';
import type { ZodType } from 'zod';
import type { Database } from '#server/db/client.ts';
import { runWithJobSignal } from './job-signal.ts';
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
  /**
   * Jobs of this type one process runs at once (default 1). A pg-boss 10 worker runs one job at a
   * time: a type fans wait on (a band look-up) gets several, so one fan's slow source never queues
   * another's.
   */
  workersPerProcess?: number;
}

/** A job type with the code that runs it. */
export interface JobDefinition<Payload> extends JobType<Payload> {
  /** `signal` aborts when the server stops before the job ends (provider calls follow it on their own). */
  handler(payload: Payload, job: { id: string; signal?: AbortSignal }): Promise<void>;
}

export interface SendOptions {
  /** Jobs sharing a key on a 'stately' queue are not queued twice. */
  singletonKey?: string;
  /** Not before this many seconds from now (spreads a batch of jobs out). */
  startAfterSeconds?: number;
}

export interface Queue {
  /**
   * Adds the job types this queue runs: before start(). The queue exists before its jobs, so a
   * job that queues others is given the queue itself.
   */
  // biome-ignore lint/suspicious/noExplicitAny: a list of jobs of different payload types
  register(definitions: JobDefinition<any>[]): void;
  start(): Promise<void>;
  /**
   * Stops taking jobs and lets the running ones finish; those still running after the grace period
   * are aborted (their signal) and, unfinished, go back to the queue. Bounded by `stopTimeoutMs`.
   */
  stop(): Promise<void>;
  /** The new job's id, or null when an equal singleton job is already queued. */
  send<Payload>(type: JobType<Payload>, payload: Payload, options?: SendOptions): Promise<string | null>;
  /**
   * Runs again, now, the job of this type and singleton key that pg-boss holds 'active' for a process
   * that is gone (it would wait for its expiry, up to an hour); false when there is none. Only for a
   * job whose owner knows its run is dead (a heartbeat it keeps stopped).
   */
  rerunActive(type: JobType<unknown>, singletonKey: string): Promise<boolean>;
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
  /** How often idle workers look for jobs they were not woken for (other processes' sends). */
  pollingIntervalSeconds?: number;
  /** How long running jobs may take to finish when the server stops, before their signal aborts. */
  stopGraceMs?: number;
  /** The whole stop, aborted jobs' unwinding included: below the server's forced exit. */
  stopTimeoutMs?: number;
  /**
   * Tests only: false keeps the queue's tables and sends (jobs are stored as usual) but runs no
   * worker, maintenance or schedule, so a test file that never waits for a job pays no polling.
   */
  runJobs?: boolean;
}

/** The server forces its exit 10 s after SIGTERM; the queue is done well before. */
const STOP_GRACE_MS = 2_000;
const STOP_TIMEOUT_MS = 5_000;

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
  const { database, logger } = options;
  const jobs: JobDefinition<unknown>[] = [];
  let started = false;
  const log = logger.child({ component: 'queue' });
  const runJobs = options.runJobs ?? true;
  const boss = new PgBoss({
    ...bossOptions(database),
    schema: SCHEMA,
    ...(runJobs ? {} : { supervise: false, schedule: false }),
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const workerIds = new Map<string, string[]>();
  /** Wakes a type's local workers now instead of at their next poll (an idle one takes the job). */
  const wake = (name: string) => {
    for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
  };
  /** The running handlers: their abort controllers, and the promises stop() waits for. */
  const running = new Map<AbortController, Promise<void>>();

  async function runHandler(definition: JobDefinition<unknown>, payload: unknown, id: string): Promise<void> {
    const controller = new AbortController();
    const run = runWithJobSignal(controller.signal, () =>
      definition.handler(payload, { id, signal: controller.signal }),
    );
    running.set(
      controller,
      run.then(
        () => {},
        () => {},
      ),
    );
    try {
      await run;
    } finally {
      running.delete(controller);
    }
  }

  async function createJobQueue(definition: JobDefinition<unknown>): Promise<void> {
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
  }

  async function startWorker(definition: JobDefinition<unknown>): Promise<void> {
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
        await runHandler(definition, parsed.data, job.id);
        log.info({ job: definition.name, id: job.id, ms: Math.round(performance.now() - started) }, 'job done');
        // pg-boss would otherwise wait a polling interval before the next job even when more are
        // queued: ask for the next one at once (an empty fetch then waits as usual).
        wake(definition.name);
      },
    );
    workerIds.set(definition.name, [...(workerIds.get(definition.name) ?? []), workerId]);
  }

  return {
    register(definitions) {
      if (started) throw new Error('Job types are registered before the queue starts');
      jobs.push(...definitions);
    },
    async start() {
      started = true;
      await retryConcurrentSetup(() => boss.start());
      // One read instead of a call per job: after the first start every queue exists.
      const { rows } = await database.query<{ name: string }>(`select name from ${SCHEMA}.queue`);
      const existing = new Set(rows.map((row) => row.name));
      for (const definition of jobs) {
        if (!existing.has(definition.name)) await createJobQueue(definition);
        if (!runJobs) continue;
        for (let worker = 0; worker < (definition.workersPerProcess ?? 1); worker++) await startWorker(definition);
      }
    },
    async stop() {
      const timeout = options.stopTimeoutMs ?? STOP_TIMEOUT_MS;
      const started = Date.now();
      const abort = setTimeout(() => {
        if (running.size > 0) log.warn({ jobs: running.size }, 'stopping: aborting jobs still running');
        for (const controller of running.keys()) controller.abort(new Error('The server is stopping'));
      }, options.stopGraceMs ?? STOP_GRACE_MS);
      let unwinding: NodeJS.Timeout | undefined;
      try {
        // pg-boss waits for its jobs up to the timeout, then puts those left back (failed, to retry).
        await boss.stop({ graceful: true, wait: true, timeout });
        // An aborted handler may still be unwinding: give it what is left, so the database closes after it.
        const left = Math.max(0, timeout - (Date.now() - started));
        const waited = new Promise((resolve) => {
          unwinding = setTimeout(resolve, left);
        });
        await Promise.race([Promise.all(running.values()), waited]);
      } finally {
        clearTimeout(abort);
        // Once every handler is done the wait is moot: left pending, it held the process seconds after a stop.
        clearTimeout(unwinding);
      }
    },
    async send(type, payload, sendOptions = {}) {
      const data = type.schema.parse(payload) as object;
      const id = await boss.send(type.name, data, {
        singletonKey: sendOptions.singletonKey,
        startAfter: sendOptions.startAfterSeconds,
      });
      if (id) wake(type.name);
      return id;
    },
    async schedule(type, cron, payload) {
      // Without workers nothing reads the schedules.
      if (!runJobs) return;
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
      wake(name);
      return { name };
    },
    async rerunActive(type, singletonKey) {
      // Back to 'retry' (pg-boss's own state for "run again"), with an attempt more and no delay.
      const { rows } = await database.query(
        `update ${SCHEMA}.job set state = 'retry', start_after = now(), retry_limit = greatest(retry_limit, retry_count + 1)
          where name = $1 and singleton_key = $2 and state = 'active' returning id`,
        [type.name, singletonKey],
      );
      if (rows.length === 0) return false;
      wake(type.name);
      return true;
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
