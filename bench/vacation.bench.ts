/**
 * `npm run bench:vacation`: Vacation mode's trip query against a catalog of 10,000 artists /
 * 200,000 stops, venues spread around 24 cities of 4 continents. 200 trips (1–14 days, a few of
 * 60, radius 10–300 km) each run the show query of GET /api/trips/:id; p50/p95/p99 with the
 * bounding-box prefilter and without it (only the date index and the great-circle distance), then
 * the whole service answer (query, ranking for a fan following 200 artists, days, travel hints).
 * Target: p99 under 30 ms on PostgreSQL. Figures go to docs/performance.md.
 *
 * `--quick` (1,000 artists), `--only=pglite|postgres`.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/client.ts';
import { rowsOf } from '#server/db/sql.ts';
import { selectTripShows, type TripArea, tripShowsSql } from '#server/features/trips/trips.repo.ts';
import { tripDetail } from '#server/features/trips/trips.service.ts';
import { addDays } from '#shared/dates.ts';
import { bulkLoadCatalog } from './bulk-load.ts';
import { type BenchCatalog, generateBenchCatalog } from './catalog-generator.ts';
import {
  benchArgs,
  CITY_PLACES,
  formatLatencies,
  latencies,
  measureAsks,
  onEachDatabase,
  placeVenues,
  type RowFigures,
  runBench,
  secondsSince,
  seededRandom,
} from './support.ts';

const QUICK = benchArgs.quick;
const ARTIST_COUNT = QUICK ? 1_000 : 10_000;
const STOPS_PER_ARTIST = 20;
const TRIPS = QUICK ? 50 : 200;
const ROUNDS = 3;
const FOLLOWED = 200;
const TODAY = '2027-01-15';
const BENCH_DATABASE = 'tourguides_bench_vacation';

function planTrips(): TripArea[] {
  const next = seededRandom(14);
  return Array.from({ length: TRIPS }, (_, i) => {
    const [, lat, lon, timeZone] = CITY_PLACES[Math.floor(next() * CITY_PLACES.length)]!;
    const arriveOn = addDays(TODAY, Math.floor(next() * 300));
    // Most trips are a week or two; every tenth is the longest allowed.
    const days = i % 10 === 0 ? 60 : 1 + Math.floor(next() * 14);
    const radiusKm = [10, 25, 50, 50, 50, 100, 150, 300][Math.floor(next() * 8)]!;
    return { lat, lon, timeZone, radiusKm, arriveOn, departOn: addDays(arriveOn, days) };
  });
}

const line = (label: string, what: string, f: RowFigures) =>
  console.log(`${label}: ${what.padEnd(34)} ${formatLatencies(f)}; ${f.rows.toFixed(0)} shows per trip on average`);

async function seedFan(database: Database): Promise<string> {
  const { rows } = await database.query<{ id: string }>(
    `insert into users (name, email, email_verified) values ('Bench Traveller', 'bench-trip@example.com', true)
     returning id`,
  );
  const userId = rows[0]!.id;
  await database.query(
    `insert into favorite_artists (user_id, artist_id, artist_name, artist_slug)
     select $1, id, name, slug from artists order by md5(id::text) limit $2`,
    [userId, FOLLOWED],
  );
  // Genres for the "artists like yours" tier: a handful spread over the catalog.
  await database.query(
    `update artists set genres = array[(array['indie rock','folk','jazz','techno','shoegaze','hip hop'])[1 + abs(hashtext(id::text)) % 6]]`,
  );
  await database.query('analyze');
  return userId;
}

async function benchDatabase(label: string, database: Database, catalog: BenchCatalog): Promise<void> {
  const started = performance.now();
  await migrateDatabase(database);
  await bulkLoadCatalog(database, catalog);
  // Venues up to ~25 km from their city's centre.
  await placeVenues(database, { spread: true });
  await database.query('analyze');
  console.log(`${label}: catalog loaded in ${secondsSince(started)} s`);
  const userId = await seedFan(database);
  const trips = planTrips();

  const plan = await rowsOf<{ 'QUERY PLAN': string }>(
    database.db,
    sql`explain (analyze, costs off, timing off) ${tripShowsSql({ area: trips[1]!, userId })}`,
  );
  console.log(
    `${label}: plan of one trip's query (${trips[1]!.radiusKm} km, ${trips[1]!.arriveOn} → ${trips[1]!.departOn}):`,
  );
  for (const row of plan) console.log(`    ${row['QUERY PLAN']}`);

  const withBox = await measureAsks(
    async (area) => (await selectTripShows(database.db, { area, userId })).length,
    trips,
    ROUNDS,
  );
  line(label, 'trip query, bounding box', withBox);
  const withoutBox = await measureAsks(
    async (area) => (await selectTripShows(database.db, { area, userId, boundingBox: false })).length,
    trips,
    ROUNDS,
  );
  line(label, 'trip query, no prefilter', withoutBox);
  // The database's own time (planning + execution, EXPLAIN ANALYZE): on a shared, loaded machine the
  // wall-clock figures above mostly measure waiting for a CPU; these are the query's own cost.
  for (const useBox of [true, false]) {
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const area of trips) {
        const [row] = await rowsOf<{ 'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number }] }>(
          database.db,
          sql`explain (analyze, timing off, format json) ${tripShowsSql({ area, userId, boundingBox: useBox })}`,
        );
        const [plan] = row!['QUERY PLAN'];
        times.push(plan['Planning Time'] + plan['Execution Time']);
      }
    }
    const what = `database time, ${useBox ? 'bounding box' : 'no prefilter'}`;
    console.log(`${label}: ${what.padEnd(34)} ${formatLatencies(latencies(times))}`);
  }

  // The whole answer of GET /api/trips/:id (without HTTP): trips stored, then read by their owner.
  const ids: string[] = [];
  for (const trip of trips) {
    const { rows } = await database.query<{ id: string }>(
      `insert into trips (user_id, place_label, lat, lon, time_zone, radius_km, arrive_on, depart_on)
       values ($1, 'Bench', $2, $3, $4, $5, $6, $7) returning id`,
      [userId, trip.lat, trip.lon, trip.timeZone, trip.radiusKm, trip.arriveOn, trip.departOn],
    );
    ids.push(rows[0]!.id);
  }
  const byId = new Map(trips.map((trip, i) => [trip, ids[i]!]));
  const benchActor = { userId, email: 'bench@example.test', name: 'Bench', createdAt: new Date() };
  const service = await measureAsks(
    async (trip) =>
      (await tripDetail({ database }, benchActor, byId.get(trip)!)).days.reduce((n, day) => n + day.shows.length, 0),
    trips,
    ROUNDS,
  );
  line(label, 'GET /api/trips/:id service answer', service);
}

await runBench(
  `bench:vacation: ${ARTIST_COUNT.toLocaleString('en-US')} artists x ${STOPS_PER_ARTIST} stops, ${TRIPS} trips x ${ROUNDS} rounds`,
  async () => {
    const catalog = generateBenchCatalog({ artistCount: ARTIST_COUNT, stopsPerArtist: STOPS_PER_ARTIST, today: TODAY });
    await onEachDatabase({ name: BENCH_DATABASE, poolSize: 4 }, (label, database) =>
      benchDatabase(label, database, catalog),
    );
  },
);
