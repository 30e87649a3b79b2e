/**
 * `npm run bench:shows`: a fan following 200 artists in a catalog of 10,000 artists / 200,000 stops,
 * with 2,000 attended shows. Measures (1) each calendar feed generated in full (query + ICS text,
 * target under 200 ms) and (2) /dashboard's API `GET /api/shows/upcoming` over real HTTP under
 * load (p50/p95/p99, target p99 under 50 ms), on PostgreSQL and on PGlite. Figures go to
 * docs/performance.md.
 */
import { type Database, migrateDatabase } from '#server/db/client.ts';
import { feedIcs, listFeeds } from '#server/features/calendar/calendar.service.ts';
import type { CalendarFeedKind } from '#shared/shows.ts';
import { bulkLoadCatalog } from './bulk-load.ts';
import { type BenchCatalog, generateBenchCatalog } from './catalog-generator.ts';
import { cpuPerRequest, cpuSnapshot } from './cpu.ts';
import type { LoadOptions, LoadResult } from './load-client.ts';
import {
  benchArgs,
  benchEnv,
  freePort,
  onEachDatabase,
  percentile,
  placeVenues,
  runBench,
  runLoad,
  type ServedApp,
  secondsSince,
  serveApp,
  signUp,
} from './support.ts';

// `--keep` leaves the PostgreSQL bench database in place afterwards (for EXPLAIN ANALYZE by hand).
const QUICK = benchArgs.quick;
/** /dashboard's radius choices measured (the API's spelling). */
const RADII = ['25', '100', '500', 'anywhere'] as const;
const ARTIST_COUNT = QUICK ? 1_000 : 10_000;
const STOPS_PER_ARTIST = 20;
const FOLLOWED = QUICK ? 50 : 200;
const ATTENDED = QUICK ? 500 : 2_000;
const GOING = 40;
const INTERESTED = 40;
const FEED_RUNS = QUICK ? 5 : 20;
const CONNECTIONS = 10;
const DURATION_MS = QUICK ? 1_000 : 5_000;
/** A fixed "today": the generated dates are spread around it, so runs compare. */
const TODAY = '2027-01-15';
const BENCH_DATABASE = 'tourguides_bench_shows';
const PUBLIC_URL = 'http://127.0.0.1';
const PASSWORD = 'bench-shows-password-2027';

/** 200 followed artists, 2,000 attended past shows, some Going and Interested; home in Denver, 500 km. */
async function seedFan(database: Database, userId: string): Promise<void> {
  await database.query(
    `update users set home_city = 'Denver', home_lat = 39.7392, home_lon = -104.9903,
       home_time_zone = 'America/Denver', shows_radius_km = 500 where id = $1`,
    [userId],
  );
  await database.query(
    `insert into favorite_artists (user_id, artist_id, artist_name, artist_slug)
     select $1, id, name, slug from artists order by id limit $2`,
    [userId, FOLLOWED],
  );
  await database.query(
    `insert into user_shows (user_id, stop_id, state, notes, rating)
     select $1, id, 'attended', 'Great night, would go again.', 4 from tour_stops
      where event_date < $2 order by md5(id::text) limit $3`,
    [userId, TODAY, ATTENDED],
  );
  for (const [state, count] of [
    ['going', GOING],
    ['interested', INTERESTED],
  ] as const) {
    await database.query(
      `insert into user_shows (user_id, stop_id, state)
       select $1, s.id, $2 from tour_stops s
        where s.event_date >= $3 and not exists (select 1 from user_shows u where u.user_id = $1 and u.stop_id = s.id)
        order by md5(s.id::text || $2) limit $4`,
      [userId, state, TODAY, count],
    );
  }
  await database.query('analyze');
}

interface FeedFigures {
  kind: CalendarFeedKind;
  events: number;
  kilobytes: number;
  /** The first generation (no JIT warm-up for this feed's size yet, nothing kept from before). */
  first: number;
  p50: number;
  max: number;
  /** This process's CPU per generation (the ICS work; the database's is not in it): steadier than wall time on a busy machine. */
  cpuP50: number;
  /** The first generation's CPU: every event rendered (none kept from before). */
  firstCpu: number;
  httpP50: number;
}

async function benchFeeds(database: Database, served: ServedApp, publicUrl: string, userId: string) {
  const { feeds } = await listFeeds(database, publicUrl, userId);
  const figures: FeedFigures[] = [];
  for (const feed of feeds) {
    const token = feed.url.slice(feed.url.lastIndexOf('/') + 1, -'.ics'.length);
    const times: number[] = [];
    const cpu: number[] = [];
    let text = '';
    for (let i = 0; i < FEED_RUNS; i++) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      text = await feedIcs(database, publicUrl, token);
      const used = process.cpuUsage(cpuBefore);
      times.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
    }
    const firstCpu = cpu[0]!;
    const first = times[0]!;
    cpu.sort((a, b) => a - b);
    const httpTimes: number[] = [];
    for (let i = 0; i < Math.min(FEED_RUNS, 10); i++) {
      const started = performance.now();
      const response = await fetch(`${served.base}/api/calendar/${token}.ics`);
      if (!response.ok) throw new Error(`feed answered ${response.status}`);
      await response.text();
      httpTimes.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    httpTimes.sort((a, b) => a - b);
    figures.push({
      kind: feed.kind,
      events: text.split('BEGIN:VEVENT').length - 1,
      kilobytes: Buffer.byteLength(text) / 1024,
      first,
      p50: percentile(times, 0.5),
      max: times.at(-1)!,
      cpuP50: percentile(cpu, 0.5),
      firstCpu,
      httpP50: percentile(httpTimes, 0.5),
    });
  }
  return figures;
}

interface UpcomingFigures extends LoadResult {
  /** Server process and PostgreSQL backends together, per request: steadier than latency on a busy machine. */
  cpuMs: number | null;
}

async function benchUpcoming(
  database: Database,
  base: string,
  cookie: string,
  /** A radius choice, or 'me' for the baseline (GET /api/me). */
  radius: string,
  connections: number,
): Promise<UpcomingFigures | string> {
  const url =
    radius === 'me' ? `${base}/api/me` : `${base}/api/shows/upcoming?today=${TODAY}&filter=all&radiusKm=${radius}`;
  const probe = await fetch(url, { headers: { cookie } });
  if (probe.status === 404) return 'GET /api/shows/upcoming is not on this branch yet (404)';
  if (!probe.ok) return `GET /api/shows/upcoming answered ${probe.status}: ${await probe.text()}`;
  const body = JSON.stringify(await probe.json());
  const months = (JSON.parse(body) as { months?: { shows: unknown[] }[] }).months ?? [];
  const shows = months.flatMap((month) => month.shows).length;
  if (connections > 1) {
    console.log(
      `  /api/shows/upcoming?radiusKm=${radius} answers ${shows} shows, ${(body.length / 1024).toFixed(0)} KB`,
    );
  }
  const options: LoadOptions = {
    url,
    connections,
    durationMs: DURATION_MS,
    maxDrainMs: 15_000,
    headers: { cookie },
  };
  const before = await cpuSnapshot(database);
  const result = await runLoad(options);
  const after = await cpuSnapshot(database);
  return { ...result, cpuMs: cpuPerRequest(before, after, result.requests + result.unfinished + result.errors) };
}

async function benchDatabase(label: string, database: Database, catalog: BenchCatalog) {
  let started = performance.now();
  await migrateDatabase(database);
  await bulkLoadCatalog(database, catalog);
  await placeVenues(database);
  console.log(`${label}: catalog loaded in ${secondsSince(started)} s`);
  const port = await freePort();
  const served = await serveApp(database, benchEnv('shows', port), port);
  try {
    const { cookie, userId } = await signUp(served.base, 'bench-fan@example.com', PASSWORD);
    started = performance.now();
    await seedFan(database, userId);
    console.log(`${label}: fan seeded in ${secondsSince(started)} s`);
    const feeds = await benchFeeds(database, served, `${PUBLIC_URL}:${port}`, userId);
    for (const feed of feeds) {
      console.log(
        `${label}: feed ${feed.kind.padEnd(10)} ${String(feed.events).padStart(5)} events, ${feed.kilobytes.toFixed(0).padStart(5)} KB: ` +
          `generated first ${feed.first.toFixed(1)} ms, p50 ${feed.p50.toFixed(1)} ms, max ${feed.max.toFixed(1)} ms (CPU first ${feed.firstCpu.toFixed(0)} ms, p50 ${feed.cpuP50.toFixed(1)} ms); ` +
          `over HTTP p50 ${feed.httpP50.toFixed(1)} ms`,
      );
    }
    // The floor any signed-in API request pays (session, middleware, HTTP): to read the figures below against.
    const me = await benchUpcoming(database, served.base, cookie, 'me', 1);
    if (typeof me !== 'string') {
      console.log(
        `${label}: GET /api/me (baseline), 1 connection: p50 ${me.p50.toFixed(1)} ms, p99 ${me.p99.toFixed(1)} ms, ` +
          `CPU ${me.cpuMs === null ? 'n/a' : `${me.cpuMs.toFixed(1)} ms`} per request`,
      );
    }
    // One fan's requests one after another (what a fan waits), then 10 fans at once (queueing on 2 cores).
    for (const connections of [1, CONNECTIONS]) {
      for (const radius of RADII) {
        const upcoming = await benchUpcoming(database, served.base, cookie, radius, connections);
        const name = radius === 'anywhere' ? 'anywhere' : `${radius} km`;
        if (typeof upcoming === 'string') console.log(`${label}: ${upcoming}`);
        else {
          console.log(
            `${label}: GET /api/shows/upcoming, radius ${name.padEnd(8)}, ${String(connections).padStart(2)} connection(s): ` +
              `${upcoming.requests} requests, ${upcoming.requestsPerSecond.toFixed(0)}/s, p50 ${upcoming.p50.toFixed(1)} ms, ` +
              `p95 ${upcoming.p95.toFixed(1)} ms, p99 ${upcoming.p99.toFixed(1)} ms, max ${upcoming.max.toFixed(1)} ms, ` +
              `CPU ${upcoming.cpuMs === null ? 'n/a' : `${upcoming.cpuMs.toFixed(1)} ms`} per request, errors ${upcoming.errors}` +
              (upcoming.firstError ? ` (first: ${upcoming.firstError})` : ''),
          );
        }
      }
    }
  } finally {
    await served.close();
  }
}

await runBench(
  `bench:shows: ${ARTIST_COUNT.toLocaleString('en-US')} artists x ${STOPS_PER_ARTIST} stops; a fan following ${FOLLOWED}, ` +
    `${ATTENDED.toLocaleString('en-US')} attended, ${GOING} going, ${INTERESTED} interested`,
  async () => {
    const catalog = generateBenchCatalog({ artistCount: ARTIST_COUNT, stopsPerArtist: STOPS_PER_ARTIST, today: TODAY });
    await onEachDatabase({ name: BENCH_DATABASE, poolSize: 10 }, (label, database) =>
      benchDatabase(label, database, catalog),
    );
  },
);
