/**
 * `npm run bench:near`: the Near page's API (GET /api/near) against a catalog of 10,000 artists /
 * 200,000 stops, venues spread ~25 km around 24 cities of 4 continents (the generator and placing
 * Vacation mode's bench uses). 200 asks: a point near one of the cities, a radius of 10–300 km,
 * this week / this month / the whole year ahead, a third of them with a genre. Figures: the page
 * query with the bounding-box prefilter and without it, the database's own time, the service
 * answer (page and the area's genres), and the whole answer over HTTP as a visitor gets it
 * (validation, rate limit, ETag). Target (issue 29): p99 under 50 ms on PostgreSQL. Figures go to
 * docs/performance.md.
 *
 * `--quick` (1,000 artists), `--only=pglite|postgres`.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/client.ts';
import { rowsOf } from '#server/db/sql.ts';
import { type NearArea, type NearCircle, nearShowsSql, selectNearShows } from '#server/features/near/near.repo.ts';
import { listShowsNear } from '#server/features/near/near.service.ts';
import { addDays } from '#shared/dates.ts';
import { NEAR_LIMITS, type NearResponse, nearQuerySchema } from '#shared/near.ts';
import { bulkLoadCatalog } from './bulk-load.ts';
import { type BenchCatalog, generateBenchCatalog } from './catalog-generator.ts';
import {
  benchArgs,
  benchEnv,
  CITY_PLACES,
  formatLatencies,
  freePort,
  latencies,
  measureAsks,
  onEachDatabase,
  placeVenues,
  type RowFigures,
  runBench,
  secondsSince,
  seededRandom,
  serveApp,
} from './support.ts';

const QUICK = benchArgs.quick;
const ARTIST_COUNT = QUICK ? 1_000 : 10_000;
const STOPS_PER_ARTIST = 20;
const ASKS = QUICK ? 50 : 200;
const ROUNDS = 3;
const TODAY = '2027-01-15';
const BENCH_DATABASE = 'tourguides_bench_near';
const GENRES = ['indie rock', 'folk', 'jazz', 'punk', 'electronic', 'hip hop', 'soul', 'metal', 'pop', 'blues'];

/** One place picked on the page: a circle and the days. */
type Ask = NearCircle & { from: string; to: string; genre?: string };

const toArea = ({ lat, lon, radiusKm, ...days }: Ask): NearArea => ({ circles: [{ lat, lon, radiusKm }], ...days });

function planAsks(): Ask[] {
  const next = seededRandom(29);
  return Array.from({ length: ASKS }, () => {
    const [, lat, lon] = CITY_PLACES[Math.floor(next() * CITY_PLACES.length)]!;
    const from = addDays(TODAY, Math.floor(next() * 60));
    const days = [7, 7, 30, 30, NEAR_LIMITS.maxDays][Math.floor(next() * 5)]!;
    const radiusKm = [10, 25, 50, 50, 50, 100, 200, 300][Math.floor(next() * 8)]!;
    const genre = next() < 1 / 3 ? GENRES[Math.floor(next() * GENRES.length)] : undefined;
    return {
      lat: lat + (next() - 0.5) * 0.2,
      lon: lon + (next() - 0.5) * 0.2,
      radiusKm,
      from,
      to: addDays(from, days - 1),
      genre,
    };
  });
}

const line = (label: string, what: string, f: RowFigures) =>
  console.log(`${label}: ${what.padEnd(38)} ${formatLatencies(f)}; ${f.rows.toFixed(1)} shows per page on average`);

const queryOf = (area: Ask) => ({
  lat: String(area.lat),
  lng: String(area.lon),
  radiusKm: String(area.radiusKm),
  from: area.from,
  to: area.to,
  ...(area.genre ? { genre: area.genre } : {}),
});

async function benchDatabase(label: string, database: Database, catalog: BenchCatalog): Promise<void> {
  const started = performance.now();
  await migrateDatabase(database);
  await bulkLoadCatalog(database, catalog);
  await placeVenues(database, { spread: true });
  await database.query('analyze');
  console.log(`${label}: catalog loaded in ${secondsSince(started)} s`);
  const asks = planAsks();
  const limit = NEAR_LIMITS.pageSize + 1;

  const widest = asks.find((area) => area.radiusKm === 300 && area.to > addDays(area.from, 300)) ?? asks[0]!;
  const plan = await rowsOf<{ 'QUERY PLAN': string }>(
    database.db,
    sql`explain (analyze, costs off, timing off) ${nearShowsSql({ area: toArea(widest), viewerId: null, limit })}`,
  );
  console.log(`${label}: plan of one page (${widest.radiusKm} km, ${widest.from} → ${widest.to}):`);
  for (const row of plan) console.log(`    ${row['QUERY PLAN']}`);

  const page = (useBox: boolean) => async (ask: Ask) =>
    (await selectNearShows(database.db, { area: toArea(ask), viewerId: null, limit, boundingBox: useBox })).length;
  line(label, 'page query, bounding box', await measureAsks(page(true), asks, ROUNDS));
  line(label, 'page query, no prefilter', await measureAsks(page(false), asks, ROUNDS));
  // The database's own time (planning + execution): on a shared, loaded machine the wall-clock
  // figures mostly measure waiting for a CPU; these are the query's own cost.
  for (const useBox of [true, false]) {
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const area of asks) {
        const [row] = await rowsOf<{ 'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number }] }>(
          database.db,
          sql`explain (analyze, timing off, format json) ${nearShowsSql({ area: toArea(area), viewerId: null, limit, boundingBox: useBox })}`,
        );
        const [result] = row!['QUERY PLAN'];
        times.push(result['Planning Time'] + result['Execution Time']);
      }
    }
    const what = `database time, ${useBox ? 'bounding box' : 'no prefilter'}`;
    console.log(`${label}: ${what.padEnd(38)} ${formatLatencies(latencies(times))}`);
  }

  const service = await measureAsks(
    async (area) => (await listShowsNear(database, null, nearQuerySchema.parse(queryOf(area)))).shows.length,
    asks,
    ROUNDS,
  );
  line(label, 'service answer (page + genres)', service);

  // Over HTTP as a visitor: each ask from its own address (behind a trusted proxy), so the rate
  // limit is paid (one UPSERT) but never reached.
  const port = await freePort();
  const app = await serveApp(database, benchEnv('near', port, { TRUST_PROXY: '1' }), port);
  try {
    let asked = 0;
    const http = await measureAsks(
      async (area) => {
        asked++;
        const response = await fetch(`${app.base}/api/near?${new URLSearchParams(queryOf(area))}`, {
          headers: { 'x-forwarded-for': `10.${(asked >> 16) & 255}.${(asked >> 8) & 255}.${asked & 255}` },
        });
        if (!response.ok) throw new Error(`GET /api/near answered ${response.status}: ${await response.text()}`);
        return ((await response.json()) as NearResponse).shows.length;
      },
      asks,
      ROUNDS,
    );
    line(label, 'GET /api/near over HTTP (visitor)', http);
  } finally {
    await app.close();
  }
}

await runBench(
  `bench:near: ${ARTIST_COUNT.toLocaleString('en-US')} artists x ${STOPS_PER_ARTIST} stops, ${ASKS} asks x ${ROUNDS} rounds`,
  async () => {
    const catalog = generateBenchCatalog({ artistCount: ARTIST_COUNT, stopsPerArtist: STOPS_PER_ARTIST, today: TODAY });
    await onEachDatabase({ name: BENCH_DATABASE, poolSize: 4 }, (label, database) =>
      benchDatabase(label, database, catalog),
    );
  },
);
