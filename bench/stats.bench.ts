/**
 * `npm run bench:stats`: a fan with 3,000 attended shows whose setlists hold 40,000 songs, in a
 * catalog of 3,000 artists / 60,000 stops. Measures GET /api/stats (every figure, all time and one
 * year) and the first page of GET /api/history over real HTTP (p50/p95/p99), sequentially (one
 * request at a time: the fan opening the page) and under load (4 connections), on PostgreSQL and
 * on PGlite. Targets: /stats p99 under 100 ms on PostgreSQL and under 300 ms on PGlite. Figures go
 * to docs/performance.md.
 *
 * /stats answers are kept per fan under a fingerprint of their data (ADR 0024, the addendum on
 * kept answers), so each /stats URL is measured twice: "kept" (the fingerprint matches: what a
 * fan opening the page again waits) and "after a change" (one of the fan's setlists is touched,
 * untimed, before each request, so each one reads the fingerprint, misses and computes the
 * answer: what the first request after any change waits).
 */
import { type Database, migrateDatabase } from '#server/db/client.ts';
import { statsCache } from '#server/features/stats/stats.cache.ts';
import { bulkLoadCatalog } from './bulk-load.ts';
import { type BenchCatalog, generateBenchCatalog } from './catalog-generator.ts';
import {
  benchArgs,
  benchEnv,
  formatLatencies,
  freePort,
  type Latencies,
  latencies,
  onEachDatabase,
  placeVenues,
  runBench,
  runLoad,
  secondsSince,
  serveApp,
  signUp,
} from './support.ts';

// `--keep` leaves the PostgreSQL bench database in place afterwards (for EXPLAIN ANALYZE by hand).
const QUICK = benchArgs.quick;
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

/**
 * The fan gets a home, 3,000 attended
 * shows (a few of them cancelled since) and a setlist.fm setlist for each, with a tape intro and
 * an encore, drawn from 30 songs per artist.
 */
async function seedFan(database: Database, userId: string): Promise<number> {
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

/** `runs` requests one at a time; `before` (untimed) runs ahead of each. */
async function sequential(url: string, cookie: string, before?: () => Promise<void>): Promise<Latencies> {
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL_RUNS; i++) {
    await before?.();
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return latencies(times);
}

async function underLoad(label: string, name: string, url: string, cookie: string): Promise<void> {
  const load = await runLoad({
    url,
    connections: CONNECTIONS,
    durationMs: DURATION_MS,
    maxDrainMs: 15_000,
    headers: { cookie },
  });
  console.log(
    `${label}: ${name}, ${CONNECTIONS} connections: ${load.requests} requests, ${load.requestsPerSecond.toFixed(0)}/s, ` +
      `p50 ${load.p50.toFixed(1)} ms, p95 ${load.p95.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, max ${load.max.toFixed(1)} ms, ` +
      `errors ${load.errors}` +
      (load.firstError ? ` (first: ${load.firstError})` : ''),
  );
}

async function benchDatabase(label: string, database: Database, catalog: BenchCatalog) {
  let started = performance.now();
  await migrateDatabase(database);
  await bulkLoadCatalog(database, catalog);
  await placeVenues(database);
  console.log(`${label}: catalog loaded in ${secondsSince(started)} s`);
  const port = await freePort();
  const served = await serveApp(database, benchEnv('stats', port), port);
  try {
    const { cookie, userId } = await signUp(served.base, 'bench-stats@example.com', PASSWORD);
    started = performance.now();
    const setlistSongs = await seedFan(database, userId);
    console.log(
      `${label}: fan seeded in ${secondsSince(started)} s ` +
        `(${ATTENDED.toLocaleString('en-US')} attended, ${setlistSongs.toLocaleString('en-US')} setlist songs)`,
    );
    const all = (await (await fetch(`${served.base}/api/stats`, { headers: { cookie } })).json()) as {
      totals: Record<string, number>;
      perYear: { year: number }[];
    };
    console.log(`${label}: /api/stats totals ${JSON.stringify(all.totals)}`);
    const year = all.perYear.at(-1)?.year ?? 2026;
    // A change to the fan's data (as a setlist.fm refresh makes): the next /stats must compute again.
    const { rows } = await database.query<{ id: string }>(
      `select sl.id from setlists sl join user_shows us on us.stop_id = sl.stop_id where us.user_id = $1 limit 1`,
      [userId],
    );
    const touch = async () => {
      await database.query(`update setlists set updated_at = now() where id = $1`, [rows[0]!.id]);
    };
    const cache = statsCache(database);
    for (const [name, url] of [
      ['GET /api/stats', `${served.base}/api/stats`],
      [`GET /api/stats?year=${year}`, `${served.base}/api/stats?year=${year}`],
    ]) {
      const misses = cache.misses;
      const changed = await sequential(url!, cookie, touch);
      console.log(`${label}: ${name}, after a change, one at a time x${SEQUENTIAL_RUNS}: ${formatLatencies(changed)}`);
      const hits = cache.hits;
      const kept = await sequential(url!, cookie);
      console.log(`${label}: ${name}, kept, one at a time x${SEQUENTIAL_RUNS}: ${formatLatencies(kept)}`);
      if (cache.misses - misses !== SEQUENTIAL_RUNS || cache.hits - hits !== SEQUENTIAL_RUNS) {
        throw new Error(`${name}: expected ${SEQUENTIAL_RUNS} computed and ${SEQUENTIAL_RUNS} kept answers`);
      }
      await underLoad(label, `${name}, kept`, url!, cookie);
    }
    const history = `${served.base}/api/history`;
    console.log(
      `${label}: GET /api/history (first page), one at a time x${SEQUENTIAL_RUNS}: ${formatLatencies(await sequential(history, cookie))}`,
    );
    await underLoad(label, 'GET /api/history (first page)', history, cookie);
  } finally {
    await served.close();
  }
}

await runBench(
  `bench:stats: ${ARTIST_COUNT.toLocaleString('en-US')} artists x ${STOPS_PER_ARTIST} stops; a fan with ` +
    `${ATTENDED.toLocaleString('en-US')} attended shows`,
  async () => {
    const catalog = generateBenchCatalog({ artistCount: ARTIST_COUNT, stopsPerArtist: STOPS_PER_ARTIST, today: TODAY });
    await onEachDatabase({ name: BENCH_DATABASE, poolSize: 10 }, (label, database) =>
      benchDatabase(label, database, catalog),
    );
  },
);
