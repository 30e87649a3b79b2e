/**
 * What the benches share: their command line, the two databases they run on, the app served over
 * real HTTP, a fan signed up through the real auth routes, the generator's cities placed on the
 * map, percentiles and the load client. Each bench keeps only what it measures.
 */
import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { type CreateAppOptions, createApp } from '#server/app.ts';
import { createBackground } from '#server/background.ts';
import { type Database, openPglite, openPostgres } from '#server/db/client.ts';
import { type Env, parseEnv } from '#server/env.ts';
import { createLogger } from '#server/lib/logger.ts';
import { adminUrl, databaseUrl, isPostgresReachable, withAdmin } from '#tests/setup/databases.ts';
import { loadAverage } from './cpu.ts';
import type { LoadOptions, LoadResult } from './load-client.ts';

/** `--quick` (a smaller catalog, shorter runs), `--only=pglite|postgres`, `--keep` (leave the PostgreSQL database). */
export const benchArgs = {
  quick: process.argv.includes('--quick'),
  only: process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length),
  keep: process.argv.includes('--keep'),
};

/** The value at `fraction` (0.5, 0.99) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

export interface Latencies {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The p50, p95, p99 and slowest of a set of timings in ms (sorts `times` in place). */
export function latencies(times: number[]): Latencies {
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    max: times.at(-1) ?? Number.NaN,
  };
}

/** 'p50 1.2 ms, p95 3.4 ms, p99 5.6 ms, max 7.8 ms' */
export const formatLatencies = (l: Latencies) =>
  `p50 ${l.p50.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(1)} ms`;

/** Seconds since a performance.now() reading, one decimal. */
export const secondsSince = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

/**
 * Prints the bench's header with the machine's load average, runs it, and prints the load average
 * again: figures from a loaded machine read differently.
 */
export async function runBench(header: string, body: () => Promise<void>): Promise<void> {
  console.log(`${header}; load average ${loadAverage()}`);
  await body();
  console.log(`done; load average ${loadAverage()}`);
}

export interface BenchDatabases {
  /** The PostgreSQL database's name (dropped before and after the run). */
  name: string;
  /** PostgreSQL pool size. */
  poolSize: number;
}

/**
 * Runs `bench` on PostgreSQL (a fresh database; skipped with a line when the server is not
 * reachable), then on PGlite in memory, as `--only` allows.
 */
export async function onEachDatabase(
  { name, poolSize }: BenchDatabases,
  bench: (label: string, database: Database) => Promise<void>,
): Promise<void> {
  if (benchArgs.only !== 'pglite') {
    if (await isPostgresReachable()) {
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
      await withAdmin((client) => client.query(`create database ${name}`));
      const database = await openPostgres(databaseUrl(name), poolSize);
      try {
        await bench('PostgreSQL', database);
      } finally {
        await database.close();
        if (benchArgs.keep) console.log(`PostgreSQL: kept database ${name} (--keep)`);
        else await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
      }
    } else console.log(`PostgreSQL at ${new URL(adminUrl()).host} is not reachable: skipping the PostgreSQL run.`);
  }
  if (benchArgs.only !== 'postgres') {
    const database = await openPglite();
    try {
      await bench('PGlite', database);
    } finally {
      await database.close();
    }
  }
}

/** The app's settings for a bench: a data directory of its own, no demo catalog, silent logs. */
export function benchEnv(name: string, port: number, extra: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `tourguides-bench-${name}`),
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...extra,
  });
}

export interface ServedApp {
  base: string;
  close(): Promise<void>;
  /** The app's background: its catalog changes can be noted, as a write would. */
  background: ReturnType<typeof createBackground>;
}

/** The whole app over real HTTP on 127.0.0.1 (`port` 0: any free one), kept-alive connections. */
export async function serveApp(
  database: Database,
  env: Env,
  port = 0,
  options: CreateAppOptions & { startQueue?: boolean } = {},
): Promise<ServedApp> {
  const { startQueue, ...appOptions } = options;
  // With `startQueue`, jobs can be sent (the guide pages queue their parts) but none runs.
  const background = createBackground({
    env,
    database,
    logger: createLogger('silent'),
    ...(startQueue ? { runJobs: false } : {}),
  });
  if (startQueue) await background.start();
  const app = createApp(background, appOptions);
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  (server as Server).keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // A started background listens on its own PostgreSQL connection, outside the pool the bench
    // closes: left open, dropping the bench database cut it and its reconnect timer kept the
    // process alive after 'done'. Stopped as index.ts stops it: HTTP first, then the queue and bus.
    if (startQueue) await background.stop();
  };
  return { base, background, close };
}

/** A free port, so PUBLIC_URL (Better Auth's origin check) can name the port before serving. */
export async function freePort(): Promise<number> {
  const probe = serve({ fetch: () => new Response(), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => probe.once('listening', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Signs a fan up through the real auth routes; returns the session cookie and the user id. */
export async function signUp(
  base: string,
  email: string,
  password: string,
): Promise<{ cookie: string; userId: string }> {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password, name: 'Bench Fan', fullName: 'Bench Fan' }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { user: { id: string } };
  return { cookie, userId: me.user.id };
}

const loadClientFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-client.ts');
const run = promisify(execFile);

/** Runs the load client as its own process, so it does not share the server's event loop. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', loadClientFile, JSON.stringify(options)], {
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout) as LoadResult;
}

/** The generator's cities (it gives venues no coordinates): centre and zone. */
export const CITY_PLACES: [city: string, lat: number, lon: number, zone: string][] = [
  ['New York', 40.7128, -74.006, 'America/New_York'],
  ['Los Angeles', 34.0522, -118.2437, 'America/Los_Angeles'],
  ['Chicago', 41.8781, -87.6298, 'America/Chicago'],
  ['Austin', 30.2672, -97.7431, 'America/Chicago'],
  ['Denver', 39.7392, -104.9903, 'America/Denver'],
  ['Seattle', 47.6062, -122.3321, 'America/Los_Angeles'],
  ['Nashville', 36.1627, -86.7816, 'America/Chicago'],
  ['Atlanta', 33.749, -84.388, 'America/New_York'],
  ['Boston', 42.3601, -71.0589, 'America/New_York'],
  ['Portland', 45.5152, -122.6784, 'America/Los_Angeles'],
  ['Toronto', 43.6532, -79.3832, 'America/Toronto'],
  ['Montreal', 45.5017, -73.5673, 'America/Toronto'],
  ['London', 51.5074, -0.1278, 'Europe/London'],
  ['Manchester', 53.4808, -2.2426, 'Europe/London'],
  ['Dublin', 53.3498, -6.2603, 'Europe/Dublin'],
  ['Berlin', 52.52, 13.405, 'Europe/Berlin'],
  ['Paris', 48.8566, 2.3522, 'Europe/Paris'],
  ['Amsterdam', 52.3676, 4.9041, 'Europe/Amsterdam'],
  ['Madrid', 40.4168, -3.7038, 'Europe/Madrid'],
  ['Stockholm', 59.3293, 18.0686, 'Europe/Stockholm'],
  ['Tokyo', 35.6762, 139.6503, 'Asia/Tokyo'],
  ['Sydney', -33.8688, 151.2093, 'Australia/Sydney'],
  ['Melbourne', -37.8136, 144.9631, 'Australia/Melbourne'],
  ['Mexico City', 19.4326, -99.1332, 'America/Mexico_City'],
];

/**
 * Gives the venues of CITY_PLACES' cities their city's time zone and coordinates: the centre, or
 * with `spread` up to ~25 km around it (a stable jitter from the venue's id).
 */
export async function placeVenues(database: Database, { spread = false } = {}): Promise<void> {
  const values = CITY_PLACES.map(
    (_, i) => `($${i * 4 + 1}, $${i * 4 + 2}::float8, $${i * 4 + 3}::float8, $${i * 4 + 4})`,
  );
  const jitter = (from: number, scale: number) =>
    spread ? ` + ((('x' || substr(md5(v.id::text), ${from}, 4))::bit(16)::int / 65535.0) - 0.5) * ${scale}` : '';
  await database.query(
    `update venues v set lat = p.lat${jitter(1, 0.45)}, lon = p.lon${jitter(5, 0.6)}, time_zone = p.zone
       from (values ${values.join(', ')}) as p(city, lat, lon, zone) where v.city = p.city`,
    CITY_PLACES.flat(),
  );
}

/** A seeded generator (the same linear congruence every run), so each run asks the same questions. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export interface RowFigures extends Latencies {
  /** Rows an ask answered, on average. */
  rows: number;
}

/** Runs every ask `rounds` times after a warm-up of the first 20: latencies and the mean rows per ask. */
export async function measureAsks<Ask>(
  run: (ask: Ask) => Promise<number>,
  asks: Ask[],
  rounds: number,
): Promise<RowFigures> {
  for (const ask of asks.slice(0, 20)) await run(ask);
  const times: number[] = [];
  let rows = 0;
  for (let round = 0; round < rounds; round++) {
    for (const ask of asks) {
      const started = performance.now();
      rows += await run(ask);
      times.push(performance.now() - started);
    }
  }
  return { ...latencies(times), rows: rows / (rounds * asks.length) };
}
