/**
 * `npm run bench:admin-artists`: the /admin/artists list (`listArtistsForAdmin`, the whole handler
 * behind GET /api/admin/artists but HTTP) on 100,000 artists / 200,000 stops, on PGlite and on
 * PostgreSQL. Prints p50/p95/p99 per sort and order — first, middle and last page — and for
 * searches. The aim is p99 under 100 ms on PostgreSQL for every sort. Figures: docs/performance.md.
 * `--quick`: 10,000 artists, to check the bench itself works; `--only=postgres|pglite`: one database.
 */
import pg from 'pg';
import { type Database, migrateDatabase, openPglite, openPostgres } from '#server/db/client.ts';
import { listArtistsForAdmin } from '#server/features/admin/admin.service.ts';
import { type AdminArtistSort, adminArtistSorts } from '#shared/admin-artists.ts';
import { ADMIN_ARTISTS_PAGE_SIZE } from '#shared/auth.ts';
import { adminUrl, databaseUrl, isPostgresReachable } from '#tests/setup/databases.ts';
import { bulkLoadCatalog } from './bulk-load.ts';
import { type BenchCatalog, generateBenchCatalog } from './catalog-generator.ts';
import { cpuPerRequest, cpuSnapshot, loadAverage } from './cpu.ts';

const QUICK = process.argv.includes('--quick');
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const ARTIST_COUNT = QUICK ? 10_000 : 100_000;
const STOPS_PER_ARTIST = 2;
const ROUNDS = QUICK ? 5 : 20;
const TODAY = '2027-01-15';
const BENCH_DATABASE = 'tourguides_bench_admin_artists';
const P99_TARGET_MS = 100;

interface Case {
  label: string;
  sort: AdminArtistSort;
  q: string;
  page: number;
}

function cases(): Case[] {
  const lastPage = Math.ceil(ARTIST_COUNT / ADMIN_ARTISTS_PAGE_SIZE);
  const list: Case[] = [];
  for (const sort of adminArtistSorts) {
    for (const [where, page] of [
      ['first', 1],
      ['middle', Math.ceil(lastPage / 2)],
      ['last', lastPage],
    ] as const) {
      list.push({ label: `${sort.padEnd(6)} ${where} page`, sort, q: '', page });
    }
  }
  // A rare name part (a few dozen artists), a common one (thousands), a miss, and a deep page of a common one.
  list.push({ label: 'search "velvet tig"', sort: 'name', q: 'velvet tig', page: 1 });
  list.push({ label: 'search "orchestra"', sort: '-tours', q: 'orchestra', page: 1 });
  list.push({ label: 'search "orchestra" p.40', sort: 'added', q: 'orchestra', page: 40 });
  list.push({ label: 'search "zqxj" (none)', sort: 'name', q: 'zqxj', page: 1 });
  list.push({ label: 'search "el" (2 letters)', sort: 'name', q: 'el', page: 1 });
  return list;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The bulk load writes every artist in one transaction: spread "added" over years, as a real catalog's. */
async function spreadAddedDates(database: Database): Promise<void> {
  await database.query(`
    update artists a set created_at = now() - (x.n * interval '17 minutes')
    from (select id, row_number() over (order by md5(id::text)) as n from artists) x where x.id = a.id`);
  await database.query('vacuum analyze artists');
}

async function measure(label: string, database: Database, catalog: BenchCatalog): Promise<number> {
  const started = performance.now();
  await bulkLoadCatalog(database, catalog);
  await spreadAddedDates(database);
  const loadSeconds = (performance.now() - started) / 1000;
  const list = cases();
  for (const item of list) await listArtistsForAdmin(database, item); // warm-up
  const samples = new Map<string, number[]>(list.map((item) => [item.label, []]));
  const all: number[] = [];
  const cpuBefore = await cpuSnapshot(database);
  for (let round = 0; round < ROUNDS; round++) {
    for (const item of list) {
      const t0 = performance.now();
      const page = await listArtistsForAdmin(database, item);
      const ms = performance.now() - t0;
      if (item.q === '' && page.total !== ARTIST_COUNT) throw new Error(`${item.label}: total ${page.total}`);
      if (item.q === '' && page.artists.length !== ADMIN_ARTISTS_PAGE_SIZE)
        throw new Error(`${item.label}: short page`);
      samples.get(item.label)!.push(ms);
      all.push(ms);
    }
  }
  const cpuMs = cpuPerRequest(cpuBefore, await cpuSnapshot(database), all.length);
  console.log(`\n${label}: ${ARTIST_COUNT.toLocaleString('en')} artists loaded in ${loadSeconds.toFixed(1)} s`);
  console.log(`CPU per request (Node and database backend): ${cpuMs?.toFixed(2) ?? 'n/a'} ms; load ${loadAverage()}`);
  console.log('case                       |   n |  p50 ms |  p95 ms |  p99 ms');
  let worstNoSearchP99 = 0;
  for (const item of list) {
    const sorted = [...samples.get(item.label)!].sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(sorted, p));
    if (item.q === '') worstNoSearchP99 = Math.max(worstNoSearchP99, p99!);
    const cells = [p50, p95, p99].map((value) => value!.toFixed(2).padStart(7)).join(' | ');
    console.log(`${item.label.padEnd(26)} | ${String(sorted.length).padStart(3)} | ${cells}`);
  }
  const sortedAll = all.sort((a, b) => a - b);
  console.log(
    `all cases: p50 ${percentile(sortedAll, 50).toFixed(2)} ms, p95 ${percentile(sortedAll, 95).toFixed(2)} ms, p99 ${percentile(sortedAll, 99).toFixed(2)} ms`,
  );
  return worstNoSearchP99;
}

async function withBenchDatabase<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await admin.query(`create database ${BENCH_DATABASE}`);
  const database = await openPostgres(databaseUrl(BENCH_DATABASE), 2);
  database.pool?.on('error', () => {});
  try {
    await migrateDatabase(database);
    return await run(database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await admin.end();
  }
}

async function main() {
  const catalog = generateBenchCatalog({ artistCount: ARTIST_COUNT, stopsPerArtist: STOPS_PER_ARTIST, today: TODAY });
  if (ONLY !== 'postgres') {
    const pglite = await openPglite();
    await migrateDatabase(pglite);
    await measure('PGlite (in-process)', pglite, catalog);
    await pglite.close();
  }
  if (ONLY === 'pglite') return;
  if (!(await isPostgresReachable())) {
    console.log('\nPostgreSQL is not reachable: skipped (set TEST_DATABASE_URL to point at one).');
    return;
  }
  const worst = await withBenchDatabase((database) => measure('PostgreSQL', database, catalog));
  const verdict = worst < P99_TARGET_MS ? 'meets' : 'MISSES';
  console.log(
    `\nPostgreSQL: the slowest sort's p99 is ${worst.toFixed(2)} ms: ${verdict} the ${P99_TARGET_MS} ms aim.`,
  );
  if (worst >= P99_TARGET_MS) process.exitCode = 1;
}

await main();
