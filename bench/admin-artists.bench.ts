/**
 * `npm run bench:admin-artists`: the /admin/artists list (`listArtistsForAdmin`, the whole handler
 * behind GET /api/admin/artists but HTTP) on 100,000 artists / 200,000 stops, on PostgreSQL and on
 * PGlite. Prints p50/p95/p99 per sort and order — first, middle and last page — and for searches
 * (3+ letters: the trigram index; 1–2 letters: a name prefix, with the plan of each). The aim is
 * p99 under 100 ms on PostgreSQL for every sort. Figures: docs/performance.md.
 * `--quick`: 10,000 artists, to check the bench itself works; `--only=postgres|pglite`: one database.
 */
import { sql } from 'drizzle-orm';
import { type Database, migrateDatabase } from '#server/db/client.ts';
import { rowsOf } from '#server/db/sql.ts';
import { artistPageSql, countArtistsSql, pageWindow } from '#server/features/admin/admin.repo.ts';
import { listArtistsForAdmin } from '#server/features/admin/admin.service.ts';
import type { CatalogChanges } from '#server/lib/catalog-changes.ts';
import { type AdminArtistSort, adminArtistSorts } from '#shared/admin-artists.ts';
import { ADMIN_ARTISTS_PAGE_SIZE } from '#shared/auth.ts';
import { bulkLoadCatalog } from './bulk-load.ts';
import { type BenchCatalog, generateBenchCatalog } from './catalog-generator.ts';
import { cpuPerRequest, cpuSnapshot, loadAverage } from './cpu.ts';
import { benchArgs, latencies, onEachDatabase, runBench, secondsSince } from './support.ts';

const ARTIST_COUNT = benchArgs.quick ? 10_000 : 100_000;
const STOPS_PER_ARTIST = 2;
const ROUNDS = benchArgs.quick ? 5 : 20;
const TODAY = '2027-01-15';
const BENCH_DATABASE = 'tourguides_bench_admin_artists';
const P99_TARGET_MS = 100;

interface Case {
  label: string;
  sort: AdminArtistSort;
  q: string;
  page: number;
}

/** Searches too short for trigrams: a name prefix (admin.repo.ts), whose plans are printed too. */
const SHORT_SEARCHES: Case[] = [
  { label: 'search "s" (1 letter)', sort: 'name', q: 's', page: 1 },
  { label: 'search "s" p.20 -added', sort: '-added', q: 's', page: 20 },
  { label: 'search "el" (2 letters)', sort: 'name', q: 'el', page: 1 },
  { label: 'search "zq" (2, none)', sort: '-tours', q: 'zq', page: 1 },
];

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
  return [...list, ...SHORT_SEARCHES];
}

/** The bulk load writes every artist in one transaction: spread "added" over years, as a real catalog's. */
async function spreadAddedDates(database: Database): Promise<void> {
  await database.query(`
    update artists a set created_at = now() - (x.n * interval '17 minutes')
    from (select id, row_number() over (order by md5(id::text)) as n from artists) x where x.id = a.id`);
  await database.query('vacuum analyze artists');
}

/** The plans of the short searches' count and page: they must read artists_name_prefix_idx. */
async function printShortSearchPlans(database: Database): Promise<void> {
  for (const item of SHORT_SEARCHES) {
    const [{ total }] = (await rowsOf<{ total: number }>(database.db, countArtistsSql(item.q))) as [{ total: number }];
    const window = pageWindow(total, ADMIN_ARTISTS_PAGE_SIZE, (item.page - 1) * ADMIN_ARTISTS_PAGE_SIZE);
    for (const [what, query] of [
      ['count', countArtistsSql(item.q)],
      ['page', artistPageSql(item.q, window, item.sort)],
    ] as const) {
      const plan = await rowsOf<{ 'QUERY PLAN': string }>(database.db, sql`explain ${query}`);
      const lines = plan.map((row) => row['QUERY PLAN']).filter((line) => /Scan|Sort|Limit/.test(line));
      console.log(`plan of ${item.label}, ${what} (${total} matches):\n  ${lines.join('\n  ')}`);
    }
  }
}

const unchangingCatalog: CatalogChanges = {
  version: () => 0,
  lastChangeAt: () => Number.NEGATIVE_INFINITY,
  noted: () => {},
  changed: async () => {},
  follow: () => () => {},
};

async function measure(label: string, database: Database, catalog: BenchCatalog): Promise<number> {
  const started = performance.now();
  await bulkLoadCatalog(database, catalog);
  await spreadAddedDates(database);
  const loadSeconds = secondsSince(started);
  const list = cases();
  // The catalog does not change while measuring: its version stays put, as in a quiet server.
  const admin = { database, catalogChanges: unchangingCatalog };
  for (const item of list) await listArtistsForAdmin(admin, item); // warm-up
  const samples = new Map<string, number[]>(list.map((item) => [item.label, []]));
  const all: number[] = [];
  const cpuBefore = await cpuSnapshot(database);
  for (let round = 0; round < ROUNDS; round++) {
    for (const item of list) {
      const t0 = performance.now();
      const page = await listArtistsForAdmin(admin, item);
      const ms = performance.now() - t0;
      if (item.q === '' && page.total !== ARTIST_COUNT) throw new Error(`${item.label}: total ${page.total}`);
      if (item.q === '' && page.artists.length !== ADMIN_ARTISTS_PAGE_SIZE)
        throw new Error(`${item.label}: short page`);
      samples.get(item.label)!.push(ms);
      all.push(ms);
    }
  }
  const cpuMs = cpuPerRequest(cpuBefore, await cpuSnapshot(database), all.length);
  console.log(`\n${label}: ${ARTIST_COUNT.toLocaleString('en')} artists loaded in ${loadSeconds} s`);
  console.log(`CPU per request (Node and database backend): ${cpuMs?.toFixed(2) ?? 'n/a'} ms; load ${loadAverage()}`);
  console.log('case                       |   n |  p50 ms |  p95 ms |  p99 ms');
  let worstNoSearchP99 = 0;
  for (const item of list) {
    const times = samples.get(item.label)!;
    const figures = latencies(times);
    if (item.q === '') worstNoSearchP99 = Math.max(worstNoSearchP99, figures.p99);
    const cells = [figures.p50, figures.p95, figures.p99].map((value) => value.toFixed(2).padStart(7)).join(' | ');
    console.log(`${item.label.padEnd(26)} | ${String(times.length).padStart(3)} | ${cells}`);
  }
  const overall = latencies(all);
  console.log(
    `all cases: p50 ${overall.p50.toFixed(2)} ms, p95 ${overall.p95.toFixed(2)} ms, p99 ${overall.p99.toFixed(2)} ms`,
  );
  await printShortSearchPlans(database);
  return worstNoSearchP99;
}

await runBench(
  `bench:admin-artists: ${ARTIST_COUNT.toLocaleString('en')} artists, ${STOPS_PER_ARTIST} stops each${benchArgs.quick ? ' (--quick)' : ''}`,
  async () => {
    const catalog = generateBenchCatalog({ artistCount: ARTIST_COUNT, stopsPerArtist: STOPS_PER_ARTIST, today: TODAY });
    let worstOnPostgres: number | null = null;
    await onEachDatabase({ name: BENCH_DATABASE, poolSize: 2 }, async (label, database) => {
      await migrateDatabase(database);
      const worst = await measure(label, database, catalog);
      if (label === 'PostgreSQL') worstOnPostgres = worst;
    });
    if (worstOnPostgres === null) return;
    const worst: number = worstOnPostgres;
    const verdict = worst < P99_TARGET_MS ? 'meets' : 'MISSES';
    console.log(
      `\nPostgreSQL: the slowest sort's p99 is ${worst.toFixed(2)} ms: ${verdict} the ${P99_TARGET_MS} ms aim.`,
    );
    if (worst >= P99_TARGET_MS) process.exitCode = 1;
  },
);
