/**
 * `npm run bench:realtime`: 5,000 concurrent SSE clients (GET /api/events), one per user, on one
 * server process (src/server/index.ts) on PostgreSQL; notifications are written with
 * appendUserEvents as the product writes them, and each client measures the delay from the write
 * to its arrival. Prints delivery latency p50/p99 and the server's memory per connection.
 *
 *   npm run bench:realtime -- --connections=5000 --clients=4 --rate=500 --seconds=10 [--profile=dir]
 *
 * Users and sessions are inserted directly (a signed session cookie per user, as Better Auth signs
 * them), since 5,000 argon2 sign-ups would take minutes and measure nothing here.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPostgres } from '#server/db/client.ts';
import { startServerProcess } from '#server/features/realtime/server-process.test-support.ts';
import { appendUserEvents, type UserEventInput } from '#server/features/realtime/user-events.repo.ts';
import type { NotificationCreatedEvent } from '#shared/notifications.ts';
import { adminUrl, databaseUrl, isPostgresReachable } from '#tests/setup/databases.ts';
import type { Arrival, ClientCommand, ClientReport } from './realtime-clients.ts';

const BENCH_DATABASE = 'tourguides_bench_realtime';
const SESSION_COOKIE = 'tourguides.session_token';

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.split('=')[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const CONNECTIONS = option('connections', 5_000);
const CLIENT_PROCESSES = option('clients', 4);
/** Steady phase: notifications per second, for this many seconds, each to a random user. */
const RATE = option('rate', 500);
const SECONDS = option('seconds', 10);
/** Notifications per insert statement in the steady phase (one transaction each). */
const BATCH = 5;
/** Writers at once, as several jobs and requests would write (the pool's size). */
const WRITERS = 16;

function openFilesLimit(): number {
  const out = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
  return out === 'unlimited' ? Number.POSITIVE_INFINITY : Number(out);
}

/** Every process needs a file descriptor per socket: the server one per client, each client its share. */
function checkOpenFilesLimit(): void {
  const limit = openFilesLimit();
  const needed = CONNECTIONS + 500;
  if (limit < needed) {
    console.error(
      `ulimit -n is ${limit}: the server needs about ${needed} open files for ${CONNECTIONS} streams.\n` +
        `Raise it in this shell (ulimit -n ${Math.max(needed, 20_000)}; the hard limit is ${execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim()}) or run with --connections=${Math.max(100, limit - 500)}.`,
    );
    process.exit(1);
  }
  console.log(`ulimit -n ${limit}: enough for ${CONNECTIONS} streams`);
}

/** Better Auth's signed cookie (better-call signCookieValue): `token.base64(HMAC-SHA256)`, URI-encoded. */
function sessionCookie(token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

async function createUsersWithSessions(database: Database, count: number): Promise<{ id: string; token: string }[]> {
  const { rows } = await database.query<{ id: string; token: string }>(
    `with new_users as (
       insert into users (name, email, full_name)
       select 'Bench Fan ' || i, 'bench-' || i || '-' || $2 || '@example.com', 'Bench Fan ' || i
       from generate_series(1, $1::int) as i
       returning id)
     insert into sessions (token, user_id, expires_at)
     select md5(random()::text || id::text) || md5(random()::text), id, now() + interval '30 days'
     from new_users
     returning user_id as id, token`,
    [count, randomUUID().slice(0, 8)],
  );
  return rows;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function notificationFor(userId: string): UserEventInput {
  const event: NotificationCreatedEvent = {
    type: 'notification-created',
    notification: {
      id: randomUUID(),
      kind: 'new-dates',
      title: 'Bench Artist',
      message: '2 new dates — the nearest: Paradise, Boston, May 10',
      read: false,
      artistSlug: 'bench-artist',
      // The clients' clock is this one: latency = arrival − createdAt.
      createdAt: new Date().toISOString(),
    },
  };
  return { userId, event };
}

class Clients {
  private readonly processes: ChildProcess[] = [];
  private readonly received = new Map<ChildProcess, number>();

  constructor(count: number) {
    for (let i = 0; i < count; i++) {
      const child = fork(path.join(import.meta.dirname, 'realtime-clients.ts'), {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child.on('message', (message: ClientReport) => {
        if (message.type === 'progress') this.received.set(child, message.received);
      });
      this.processes.push(child);
    }
  }

  get totalReceived(): number {
    let total = 0;
    for (const count of this.received.values()) total += count;
    return total;
  }

  private ask<T extends ClientReport['type']>(
    child: ChildProcess,
    command: ClientCommand,
    answer: T,
  ): Promise<Extract<ClientReport, { type: T }>> {
    return new Promise((resolve) => {
      const listener = (message: ClientReport) => {
        if (message.type !== answer) return;
        child.off('message', listener);
        resolve(message as Extract<ClientReport, { type: T }>);
      };
      child.on('message', listener);
      child.send(command);
    });
  }

  async open(url: string, cookies: string[]): Promise<{ connected: number; failed: number; firstError?: string }> {
    const share = Math.ceil(cookies.length / this.processes.length);
    const answers = await Promise.all(
      this.processes.map((child, i) =>
        this.ask(
          child,
          { type: 'open', url, cookies: cookies.slice(i * share, (i + 1) * share), concurrency: 25 },
          'opened',
        ),
      ),
    );
    return {
      connected: answers.reduce((sum, a) => sum + a.connected, 0),
      failed: answers.reduce((sum, a) => sum + a.failed, 0),
      firstError: answers.find((a) => a.firstError)?.firstError,
    };
  }

  async waitForTotal(total: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.totalReceived < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  }

  async collect(): Promise<{ arrivals: Arrival[]; closedEarly: number }> {
    const answers = await Promise.all(this.processes.map((child) => this.ask(child, { type: 'report' }, 'report')));
    return {
      arrivals: answers.flatMap((a) => a.arrivals),
      closedEarly: answers.reduce((sum, a) => sum + a.closedEarly, 0),
    };
  }

  stop(): void {
    for (const child of this.processes) child.kill('SIGTERM');
  }
}

interface Distribution {
  p50: number;
  p99: number;
  max: number;
}

interface PhaseFigures {
  sent: number;
  delivered: number;
  /** From the start of the write (createdAt) to arrival: what a user waits for. */
  endToEnd: Distribution;
  /** From the commit (when PostgreSQL releases the NOTIFY) to arrival: the push path alone. */
  afterCommit: Distribution;
  /** Writing: insert + NOTIFY + commit. */
  commit: Distribution;
}

function distribution(values: number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
}

/** When each notification's transaction committed (ms since the epoch), by notification id. */
const committedAt = new Map<string, number>();
const commitMs: number[] = [];

async function timedAppend(database: Database, batch: UserEventInput[]): Promise<void> {
  const started = Date.now();
  await database.db.transaction((tx) => appendUserEvents(tx, batch));
  const committed = Date.now();
  commitMs.push(committed - started);
  for (const { event } of batch)
    if (event.type === 'notification-created') committedAt.set(event.notification.id, committed);
}

async function phase(clients: Clients, sent: number, before: number): Promise<PhaseFigures> {
  await clients.waitForTotal(before + sent, 30_000);
  const { arrivals } = await clients.collect();
  const figures = {
    sent,
    delivered: arrivals.length,
    endToEnd: distribution(arrivals.map(([, written, arrived]) => arrived - written)),
    afterCommit: distribution(arrivals.map(([id, , arrived]) => arrived - (committedAt.get(id) ?? Number.NaN))),
    commit: distribution(commitMs),
  };
  committedAt.clear();
  commitMs.length = 0;
  return figures;
}

/** RATE notifications per second for SECONDS, in small transactions, each to a random user. */
async function steadyPhase(database: Database, users: { id: string }[]): Promise<number> {
  const statements = (RATE * SECONDS) / BATCH;
  const intervalMs = 1000 / (RATE / BATCH);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < statements; i++) {
    const due = started + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const batch = Array.from({ length: BATCH }, () =>
      notificationFor(users[Math.floor(Math.random() * users.length)]!.id),
    );
    inFlight.push(timedAppend(database, batch));
  }
  await Promise.all(inFlight);
  return statements * BATCH;
}

function printPhase(label: string, figures: PhaseFigures): void {
  const line = (name: string, d: Distribution) => `  ${name}: p50 ${d.p50} ms, p99 ${d.p99} ms, max ${d.max} ms`;
  console.log(`${label}: ${figures.delivered}/${figures.sent} delivered`);
  console.log(line('write start → browser', figures.endToEnd));
  console.log(line('commit → browser     ', figures.afterCommit));
  console.log(line('write (insert + NOTIFY + commit)', figures.commit));
}

async function main() {
  checkOpenFilesLimit();
  if (!(await isPostgresReachable())) {
    console.error(`PostgreSQL is not reachable at ${adminUrl()} (TEST_DATABASE_URL): nothing measured.`);
    process.exit(1);
  }
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (${os.cpus().length} cores)`,
  );
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await admin.query(`create database ${BENCH_DATABASE}`);
  const url = databaseUrl(BENCH_DATABASE);
  const secret = randomBytes(32).toString('base64url');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourguides-bench-realtime-'));
  const profileDir = process.argv.find((a) => a.startsWith('--profile='))?.split('=')[1];
  const server = await startServerProcess(
    { DATABASE_URL: url, AUTH_SECRET: secret, DATA_DIR: dataDir },
    { timeoutMs: 120_000, nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [] },
  );
  const pid = server.child.pid!;
  const database = await openPostgres(url, WRITERS);
  const clients = new Clients(CLIENT_PROCESSES);
  try {
    const users = await createUsersWithSessions(database, CONNECTIONS);
    const cookies = users.map((user) => sessionCookie(user.token, secret));
    // Warm-up: the code paths a stream uses, compiled before the baseline is read.
    const warm = await clients.open(server.url, cookies.slice(0, 100));
    if (warm.failed > 0) throw new Error(`warm-up streams failed: ${warm.firstError}`);
    await new Promise((r) => setTimeout(r, 1_000));
    const rssBefore = rssMb(pid);
    const openStarted = performance.now();
    const opened = await clients.open(server.url, cookies.slice(100));
    const openSeconds = (performance.now() - openStarted) / 1000;
    const connected = opened.connected + warm.connected;
    console.log(
      `${connected} streams open (${opened.failed} failed${opened.firstError ? `: ${opened.firstError}` : ''}) in ${openSeconds.toFixed(1)} s`,
    );
    await new Promise((r) => setTimeout(r, 2_000));
    const rssAfter = rssMb(pid);
    const perConnectionKb = ((rssAfter - rssBefore) * 1024) / opened.connected;
    console.log(
      `server RSS ${rssBefore.toFixed(0)} MB → ${rssAfter.toFixed(0)} MB: ${perConnectionKb.toFixed(1)} KB per connection`,
    );

    const cpuBefore = cpuMs(pid);
    const steadySent = await steadyPhase(database, users);
    const steady = await phase(clients, steadySent, 0);
    const cpuPerEvent = (cpuMs(pid) - cpuBefore) / steady.delivered;
    printPhase(`steady ${RATE}/s for ${SECONDS} s, ${BATCH} per transaction`, steady);
    console.log(`server CPU per delivered notification: ${cpuPerEvent.toFixed(3)} ms`);

    // One statement notifying every user at once: a sync of an artist all of them follow.
    const burstSent = users.length;
    await timedAppend(
      database,
      users.map((user) => notificationFor(user.id)),
    );
    const burst = await phase(clients, burstSent, steady.delivered);
    printPhase(`burst of ${burstSent} in one transaction`, burst);
    const { closedEarly } = await clients.collect();
    console.log(`streams closed by the server during the run: ${closedEarly}`);
    console.log(
      `load average at end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
    console.log(
      JSON.stringify({
        connections: connected,
        kbPerConnection: Math.round(perConnectionKb * 10) / 10,
        steady: { rate: RATE, seconds: SECONDS, ...steady },
        burst,
        cpuMsPerEvent: Math.round(cpuPerEvent * 1000) / 1000,
        loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
      }),
    );
  } finally {
    clients.stop();
    await server.stop();
    await database.close();
    // pg's pool.end() resolves before its sockets are closed: let them close before the forced drop.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
