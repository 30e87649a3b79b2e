/**
 * `npm run bench:stats`: a fan with 3,000 attended shows whose setlists hold 40,000 songs, in a
 * catalog of 3,000 artists / 60,000 stops. Measures GET /api/stats (every figure, all time and one
 * year) and the first page of GET /api/history over real HTTP (p50/p95/p99), sequentially (one
 * request at a time: the fan opening the page) and under load (4 connections), on PostgreSQL and
 * on PGlite. Targets: /stats p99 under 100 ms on PostgreSQL and under 300 ms on PGlite. Figures go
 * to docs/performance.md.
 */
import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { createApp } from '#server/app.ts';
import { createBackground } from '#server/background.ts';
import { type Database, migrateDatabase, openPglite, openPostgres } from '#server/db/client.ts';
import { parseEnv } from '#server/env.ts';
import { createLogger } from '#server/lib/logger.ts';
import { adminUrl, databaseUrl, isPostgresReachable, withAdmin } from '#tests/setup/databases.ts';
import { bulkLoadCatalog } from './bulk-load.ts';
import { type BenchCatalog, generateBenchCatalog } from './catalog-generator.ts';
import { loadAverage } from './cpu.ts';
import type { LoadOptions, LoadResult } from './load-client.ts';

const QUICK = process.argv.includes('--quick');
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
/** Leave the PostgreSQL bench database behind (for EXPLAIN ANALYZE on the seeded fan). */
const KEEP = process.argv.includes('--keep');
const ARTIST_COUNT = QUICK ? 500 : 3_000;
const STOPS_PER_ARTIST = 20;
const ATTENDED = QUICK ? 500 : 3_000;
/** Setlists of the attended shows hold this many songs: a third get 14, the rest 13 (40,000 for 3,000). */
const SONGS_PER_ARTIST = 30;
const SEQUENTIAL_RUNS = QUICK ? 20 : 100;
const CONNECTIONS = 4;
const DURATION_MS = QUICK ? 1_000 : 5_000;
const TODAY = '2027-01-15';
const BENCH_DATABASE = 'tourguides_bench_stats';
const PASSWORD = 'bench-stats-password-2027';

const loadClientFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-client.ts');
const run = promisify(execFile);

const CITY_PLACES: [city: string, lat: number, lon: number][] = [
  ['New York', 40.7128, -74.006],
  ['Los Angeles', 34.0522, -118.2437],
  ['Chicago', 41.8781, -87.6298],
  ['Austin', 30.2672, -97.7431],
  ['Denver', 39.7392, -104.9903],
  ['Seattle', 47.6062, -122.3321],
  ['Nashville', 36.1627, -86.7816],
  ['Atlanta', 33.749, -84.388],
  ['Boston', 42.3601, -71.0589],
  ['Portland', 45.5152, -122.6784],
  ['Toronto', 43.6532, -79.3832],
  ['London', 51.5074, -0.1278],
  ['Berlin', 52.52, 13.405],
  ['Paris', 48.8566, 2.3522],
  ['Amsterdam', 52.3676, 4.9041],
  ['Tokyo', 35.6762, 139.6503],
  ['Sydney', -33.8688, 151.2093],
];

async function serveApp(database: Database, port: number) {
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'tourguides-bench-stats'),
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const app = createApp(createBackground({ env, database, logger: createLogger('silent') }));
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  (server as Server).keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function freePort(): Promise<number> {
  const probe = serve({ fetch: () => new Response(), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => probe.once('listening', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function signUp(base: string): Promise<{ cookie: string; userId: string }> {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      email: 'bench-stats@example.com',
      password: PASSWORD,
      name: 'Bench Fan',
      fullName: 'Bench Fan',
    }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { user: { id: string } };
  return { cookie, userId: me.user.id };
}

/**
 * Venues get coordinates (for the km figure) and US regions; the fan gets a home, 3,000 attended
 * shows (a few of them cancelled since) and a setlist.fm setlist for each, with a tape intro and
 * an encore, drawn from 30 songs per artist.
 */
async function seedFan(database: Database, userId: string): Promise<number> {
  const values = CITY_PLACES.map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}::float8, $${i * 3 + 3}::float8)`);
  await database.query(
    `update venues v set lat = p.lat, lon = p.lon from (values ${values.join(', ')}) as p(city, lat, lon) where v.city = p.city`,
    CITY_PLACES.flat(),
  );
  await database.query(
    `update users set home_city = 'Denver', home_lat = 39.7392, home_lon = -104.9903 where id = $1`,
    [userId],
  );
  await database.query(
    `insert into user_shows (user_id, stop_id, state, rating)
     select $1, id, 'attended', 1 + (abs(('x' || substr(md5(id::text), 1, 7))::bit(28)::int) % 5) from tour_stops
      where event_date < $2 order by md5(id::text) limit $3`,
    [userId, TODAY, ATTENDED],
  );
  await database.query(
    `insert into songs (artist_id, name, name_key)
     select a.artist_id, 'Song ' || g, 'song ' || g
       from (select distinct s.artist_id from user_shows us join tour_stops s on s.id = us.stop_id where us.user_id = $1) a,
            generate_series(1, $2::int) g`,
    [userId, SONGS_PER_ARTIST],
  );
  await database.query(
    `insert into setlists (stop_id, artist_id, event_date, source, setlistfm_id)
     select s.id, s.artist_id, s.event_date, 'setlistfm', 'bench-' || s.id
       from user_shows us join tour_stops s on s.id = us.stop_id where us.user_id = $1`,
    [userId],
  );
  // Each setlist: 13 or 14 of its artist's songs in a shuffled order; the first is a tape, the last two an encore.
  await database.query(
    `insert into setlist_songs (setlist_id, song_id, position, set_index, kind)
     select id, song_id, (rn - 1)::smallint, case when rn > size - 2 then 1 else 0 end, case when rn = 1 then 'tape' else 'song' end
       from (
         select sl.id, so.id as song_id,
                row_number() over (partition by sl.id order by md5(sl.id::text || so.id::text)) as rn,
                case when n.k % 3 = 0 then 15 else 14 end as size
           from (select id, artist_id, row_number() over (order by id) as k from setlists) n
           join setlists sl on sl.id = n.id
           join songs so on so.artist_id = sl.artist_id) x
      where rn <= size`,
  );
  await database.query(
    `update setlists sl set song_count = (select count(*) from setlist_songs ss where ss.setlist_id = sl.id and ss.kind = 'song')`,
  );
  // A few of those shows were cancelled since: they must not count (and cost the query a filter).
  await database.query(
    `update tour_stops set status = 'cancelled' where id in (
       select stop_id from user_shows where user_id = $1 order by md5(stop_id::text || 'x') limit 20)`,
    [userId],
  );
  await database.query('analyze');
  const { rows } = await database.query<{ n: number }>(
    `select count(*)::int as n from setlist_songs ss join setlists sl on sl.id = ss.setlist_id`,
  );
  return rows[0]!.n;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

async function sequential(url: string, cookie: string) {
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL_RUNS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    max: times.at(-1)!,
  };
}

async function underLoad(url: string, cookie: string): Promise<LoadResult> {
  const options: LoadOptions = {
    url,
    connections: CONNECTIONS,
    durationMs: DURATION_MS,
    maxDrainMs: 15_000,
    headers: { cookie },
  };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', loadClientFile, JSON.stringify(options)], {
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout) as LoadResult;
}

async function benchDatabase(label: string, database: Database, catalog: BenchCatalog) {
  let started = performance.now();
  await migrateDatabase(database);
  await bulkLoadCatalog(database, catalog);
  console.log(`${label}: catalog loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const served = await serveApp(database, await freePort());
  try {
    const { cookie, userId } = await signUp(served.base);
    started = performance.now();
    const setlistSongs = await seedFan(database, userId);
    console.log(
      `${label}: fan seeded in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        `(${ATTENDED.toLocaleString('en-US')} attended, ${setlistSongs.toLocaleString('en-US')} setlist songs)`,
    );
    const all = (await (await fetch(`${served.base}/api/stats`, { headers: { cookie } })).json()) as {
      totals: Record<string, number>;
      perYear: { year: number }[];
    };
    console.log(`${label}: /api/stats totals ${JSON.stringify(all.totals)}`);
    const year = all.perYear.at(-1)?.year ?? 2026;
    const urls: [string, string][] = [
      ['GET /api/stats', `${served.base}/api/stats`],
      [`GET /api/stats?year=${year}`, `${served.base}/api/stats?year=${year}`],
      ['GET /api/history (first page)', `${served.base}/api/history`],
    ];
    for (const [name, url] of urls) {
      const one = await sequential(url, cookie);
      console.log(
        `${label}: ${name}, one at a time x${SEQUENTIAL_RUNS}: p50 ${one.p50.toFixed(1)} ms, p95 ${one.p95.toFixed(1)} ms, ` +
          `p99 ${one.p99.toFixed(1)} ms, max ${one.max.toFixed(1)} ms`,
      );
      const load = await underLoad(url, cookie);
      console.log(
        `${label}: ${name}, ${CONNECTIONS} connections: ${load.requests} requests, ${load.requestsPerSecond.toFixed(0)}/s, ` +
          `p50 ${load.p50.toFixed(1)} ms, p95 ${load.p95.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, max ${load.max.toFixed(1)} ms, ` +
          `errors ${load.errors}` +
          (load.firstError ? ` (first: ${load.firstError})` : ''),
      );
    }
  } finally {
    await served.close();
  }
}

async function onPostgres(catalog: BenchCatalog): Promise<void> {
  if (!(await isPostgresReachable())) {
    console.log(`PostgreSQL at ${new URL(adminUrl()).host} is not reachable: skipping the PostgreSQL run.`);
    return;
  }
  await withAdmin((client) => client.query(`drop database if exists ${BENCH_DATABASE} with (force)`));
  await withAdmin((client) => client.query(`create database ${BENCH_DATABASE}`));
  const database = await openPostgres(databaseUrl(BENCH_DATABASE), 10);
  try {
    await benchDatabase('PostgreSQL', database, catalog);
  } finally {
    await database.close();
    if (KEEP) console.log(`PostgreSQL: kept database ${BENCH_DATABASE}`);
    else await withAdmin((client) => client.query(`drop database if exists ${BENCH_DATABASE} with (force)`));
  }
}

async function onPglite(catalog: BenchCatalog): Promise<void> {
  const database = await openPglite();
  try {
    await benchDatabase('PGlite', database, catalog);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:stats: ${ARTIST_COUNT.toLocaleString('en-US')} artists x ${STOPS_PER_ARTIST} stops; a fan with ` +
      `${ATTENDED.toLocaleString('en-US')} attended shows; load average ${loadAverage()}`,
  );
  const catalog = generateBenchCatalog({ artistCount: ARTIST_COUNT, stopsPerArtist: STOPS_PER_ARTIST, today: TODAY });
  if (ONLY !== 'pglite') await onPostgres(catalog);
  if (ONLY !== 'postgres') await onPglite(catalog);
  console.log(`done; load average ${loadAverage()}`);
}

await main();
