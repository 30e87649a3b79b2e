/**
 * `npm run bench:artists`: the home page list endpoint under load, on PGlite and on PostgreSQL,
 * next to the naive approach of the original app. See docs/performance.md for recorded figures.
 */
import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApp } from '#server/app.ts';
import { type Background, createBackground } from '#server/background.ts';
import { type Database, migrateDatabase, openPglite, openPostgres } from '#server/db/client.ts';
import { parseEnv } from '#server/env.ts';
import { artistListCache } from '#server/features/artists/artist-list-cache.ts';
import { artistListPageQuery } from '#server/features/artists/artists.repo.ts';
import { importCatalog } from '#server/features/catalog/catalog.service.ts';
import { localCatalogWriter } from '#server/features/catalog/catalog-changes.ts';
import { createLogger } from '#server/lib/logger.ts';
import { ARTISTS_PAGE_SIZE } from '#shared/artists.ts';
import { adminUrl, databaseUrl, isPostgresReachable, withAdmin } from '#tests/setup/databases.ts';
import { bulkLoadCatalog } from './bulk-load.ts';
import { type BenchCatalog, generateBenchCatalog } from './catalog-generator.ts';
import { cpuPerRequest, cpuSnapshot, loadAverage } from './cpu.ts';
import type { LoadOptions, LoadResult } from './load-client.ts';
import { naiveArtistListHandler } from './naive-artists.ts';

const STOPS_PER_ARTIST = 20;
const CONNECTIONS = 20;

/** How long requests in flight at the deadline may still finish (keeps the naive PGlite runs bounded). */
const MAX_DRAIN_MS = 15_000;
/** A fixed visitor date: the generated dates are spread around it, so runs are comparable. */
const TODAY = '2027-01-15';
const BENCH_DATABASE = 'tourguides_bench';
const POSTGRES_POOL_SIZE = 10;

const loadClientFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-client.ts');
const run = promisify(execFile);

interface CaseFigures extends LoadResult {
  /** Server process plus database CPU per request served (null when it cannot be read). */
  cpuMs: number | null;
}

interface PageFigures {
  page: number;
  /** The list endpoint with its in-memory page cache off: every request runs the SQL. */
  indexed: CaseFigures;
  /** The same endpoint as served: answers kept in memory (artist-list-cache.ts). */
  cached: CaseFigures;
  naive: CaseFigures;
}

interface DatabaseFigures {
  label: string;
  loadSeconds: number;
  total: number;
  /** /healthz (select 1) under the same load: the floor every request pays (HTTP, middleware, one query). */
  baseline: CaseFigures;
  pages: PageFigures[];
}

/** `--quick`: a small catalog and short cases, to check the bench itself works. */
const QUICK = process.argv.includes('--quick');
/** `--only=postgres` or `--only=pglite`: one database. */
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const ARTIST_COUNT = QUICK ? 1_000 : 10_000;
const DURATION_MS = QUICK ? 1_000 : 5_000;

async function runLoadClient(url: string): Promise<LoadResult> {
  const options: LoadOptions = { url, connections: CONNECTIONS, durationMs: DURATION_MS, maxDrainMs: MAX_DRAIN_MS };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', loadClientFile, JSON.stringify(options)], {
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout) as LoadResult;
}

/** One case: load, then wait for abandoned requests to finish so they neither vanish nor spill over. */
async function measure(served: ServedApp, database: Database, url: string): Promise<CaseFigures> {
  const before = await cpuSnapshot(database);
  const result = await runLoadClient(url);
  await served.idle();
  const after = await cpuSnapshot(database);
  const handled = result.requests + result.unfinished + result.errors;
  return { ...result, cpuMs: cpuPerRequest(before, after, handled) };
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Both endpoints must give the same answer, or the comparison means nothing. */
async function assertSameAnswer(indexedUrl: string, naiveUrl: string): Promise<void> {
  const [indexed, naive] = await Promise.all([getJson(indexedUrl), getJson(naiveUrl)]);
  if (JSON.stringify(indexed) !== JSON.stringify(naive)) {
    throw new Error(`The indexed and naive endpoints disagree for ${indexedUrl}`);
  }
}

interface ServedApp {
  background: Background;
  base: string;
  /** Resolves once no request is being handled. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

async function serveApp(database: Database): Promise<ServedApp> {
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: path.join(os.tmpdir(), 'tourguides-bench'), SEED_DEMO: '0' });
  const logger = createLogger('silent');
  // The list endpoint runs no jobs: the background parts are built but not started.
  const background = createBackground({ env, database, logger });
  const app = createApp(background);
  app.get('/bench/naive-artists', naiveArtistListHandler(database));
  let inFlight = 0;
  const countingFetch: typeof app.fetch = async (request, ...rest) => {
    inFlight++;
    try {
      return await app.fetch(request, ...rest);
    } finally {
      inFlight--;
    }
  };
  const server = serve({ fetch: countingFetch, port: 0, hostname: '127.0.0.1' });
  // Longer than any queued request waits, so the server never closes a keep-alive socket the
  // load client is about to reuse (that race showed up as ECONNRESET).
  (server as Server).keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    background,
    base,
    idle: async () => {
      while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface RunOptions {
  explain: boolean;
  /** Load through the product's importCatalog instead of the bulk path (slower, same rows). */
  viaImport: boolean;
}

async function loadCatalog(label: string, database: Database, catalog: BenchCatalog, options: RunOptions) {
  const started = performance.now();
  if (options.viaImport) {
    await importCatalog(localCatalogWriter(database), catalog);
    await database.query('vacuum analyze');
  } else {
    await bulkLoadCatalog(database, catalog);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label}: loaded through ${options.viaImport ? 'importCatalog' : 'the bulk path'} in ${seconds.toFixed(1)} s`,
  );
  return seconds;
}

function reportErrors(label: string, page: number, results: LoadResult[]): void {
  for (const result of results) {
    if (result.errors > 0)
      console.log(`${label}: page ${page}: ${result.errors} failed requests, first: ${result.firstError}`);
  }
}

async function benchDatabase(
  label: string,
  database: Database,
  catalog: BenchCatalog,
  options: RunOptions,
): Promise<DatabaseFigures> {
  const loadSeconds = await loadCatalog(label, database, catalog, options);

  const served = await serveApp(database);
  const { base } = served;
  try {
    const first = (await getJson(`${base}/api/artists?today=${TODAY}`)) as { total: number; totalPages: number };
    const baseline = await measure(served, database, `${base}/healthz`);
    const pageNumbers = [1, Math.ceil(first.totalPages / 2), first.totalPages];
    const pages: PageFigures[] = [];
    for (const page of pageNumbers) {
      const indexedUrl = `${base}/api/artists?today=${TODAY}&page=${page}`;
      const naiveUrl = `${base}/bench/naive-artists?today=${TODAY}&page=${page}`;
      await assertSameAnswer(indexedUrl, naiveUrl);
      const cache = artistListCache(served.background);
      cache.enabled = false;
      const indexed = await measure(served, database, indexedUrl);
      cache.enabled = true;
      await getJson(indexedUrl);
      const cached = await measure(served, database, indexedUrl);
      const naive = await measure(served, database, naiveUrl);
      reportErrors(label, page, [indexed, cached, naive]);
      console.log(`${label}: page ${page} measured`);
      pages.push({ page, indexed, cached, naive });
    }
    return { label, loadSeconds, total: first.total, baseline, pages };
  } finally {
    await served.close();
  }
}

async function printPlans(label: string, database: Database, totalPages: number): Promise<void> {
  for (const page of [1, totalPages]) {
    const query = artistListPageQuery({
      page,
      pageSize: ARTISTS_PAGE_SIZE,
      today: TODAY,
      includeWithoutUpcoming: false,
    });
    const result = (await database.db.execute(sql`explain analyze ${query}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    console.log(`\n${label} plan, page ${page}:\n${result.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
  }
}

async function onPglite(catalog: BenchCatalog, options: RunOptions): Promise<DatabaseFigures> {
  const database = await openPglite();
  try {
    await migrateDatabase(database);
    const figures = await benchDatabase('PGlite', database, catalog, options);
    if (options.explain) await printPlans('PGlite', database, Math.ceil(figures.total / ARTISTS_PAGE_SIZE));
    return figures;
  } finally {
    await database.close();
  }
}

async function onPostgres(catalog: BenchCatalog, options: RunOptions): Promise<DatabaseFigures | null> {
  if (!(await isPostgresReachable())) {
    console.log(`PostgreSQL at ${new URL(adminUrl()).host} is not reachable: skipping the PostgreSQL run.`);
    return null;
  }
  await withAdmin((client) => client.query(`drop database if exists ${BENCH_DATABASE} with (force)`));
  await withAdmin((client) => client.query(`create database ${BENCH_DATABASE}`));
  const database = await openPostgres(databaseUrl(BENCH_DATABASE), POSTGRES_POOL_SIZE);
  try {
    await migrateDatabase(database);
    const figures = await benchDatabase('PostgreSQL', database, catalog, options);
    if (options.explain) await printPlans('PostgreSQL', database, Math.ceil(figures.total / ARTISTS_PAGE_SIZE));
    return figures;
  } finally {
    await database.close();
    await withAdmin((client) => client.query(`drop database if exists ${BENCH_DATABASE} with (force)`));
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const rate = (value: number) => value.toFixed(value >= 100 ? 0 : 1);

const cpu = (value: number | null) => (value === null ? '-' : value.toFixed(2));
const ratio = (fast: number, slow: number) => (Number.isFinite(fast / slow) ? `${(fast / slow).toFixed(0)}x` : '-');

function tableRow(label: string, { page, indexed, cached, naive }: PageFigures): string[] {
  return [
    label,
    String(page),
    ms(indexed.p50),
    ms(indexed.p99),
    rate(indexed.requestsPerSecond),
    cpu(indexed.cpuMs),
    ms(cached.p50),
    ms(cached.p99),
    rate(cached.requestsPerSecond),
    cpu(cached.cpuMs),
    ms(naive.p50),
    ms(naive.p99),
    rate(naive.requestsPerSecond),
    cpu(naive.cpuMs),
    ratio(indexed.requestsPerSecond, naive.requestsPerSecond),
    indexed.cpuMs && naive.cpuMs ? ratio(naive.cpuMs, indexed.cpuMs) : '-',
    `${indexed.errors + cached.errors + naive.errors}/${indexed.unfinished + cached.unfinished + naive.unfinished}`,
  ];
}

function printTable(results: DatabaseFigures[]): void {
  const header = [
    'database',
    'page',
    'cold p50',
    'cold p99',
    'cold req/s',
    'cold cpu/req',
    'warm p50',
    'warm p99',
    'warm req/s',
    'warm cpu/req',
    'naive p50',
    'naive p99',
    'naive req/s',
    'naive cpu/req',
    'x req/s',
    'x cpu',
    'err/abandoned',
  ];
  const rows = results.flatMap(({ label, pages }) => pages.map((figures) => tableRow(label, figures)));
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log(
    '\nLatencies in ms; cpu/req = CPU ms of the server process plus the database per request;' +
      '\ncold = list page cache off (every request runs the SQL), warm = as served (page kept in memory);' +
      '\nx req/s and x cpu = how many times the cold indexed endpoint beats the naive one.',
  );
}

async function main(): Promise<void> {
  const options: RunOptions = {
    explain: process.argv.includes('--explain'),
    viaImport: process.argv.includes('--via-import'),
  };
  const started = performance.now();
  const catalog = generateBenchCatalog({ artistCount: ARTIST_COUNT, stopsPerArtist: STOPS_PER_ARTIST, today: TODAY });
  const stopCount = catalog.artists.reduce(
    (sum, artist) => sum + artist.tours.reduce((n, t) => n + t.stops.length, 0),
    0,
  );
  console.log(`Generated ${catalog.artists.length} artists, ${stopCount} stops; visitor date ${TODAY}.`);
  console.log(
    `Each case: ${CONNECTIONS} concurrent clients for ${DURATION_MS / 1000} s; load generator in its own process.`,
  );

  console.log(`Load average before: ${loadAverage()}`);

  const results: DatabaseFigures[] = [];
  if (ONLY !== 'postgres') results.push(await onPglite(catalog, options));
  const postgres = ONLY === 'pglite' ? null : await onPostgres(catalog, options);
  if (postgres) results.push(postgres);

  for (const { label, total, loadSeconds, baseline } of results) {
    console.log(
      `${label}: ${total} artists with upcoming shows (${Math.ceil(total / ARTISTS_PAGE_SIZE)} pages); catalog load ${loadSeconds.toFixed(1)} s`,
    );
    console.log(
      `${label}: baseline /healthz (select 1): p50 ${ms(baseline.p50)} ms, p99 ${ms(baseline.p99)} ms, ` +
        `${rate(baseline.requestsPerSecond)} req/s, ${cpu(baseline.cpuMs)} CPU ms/request`,
    );
  }
  printTable(results);
  console.log(`\nLoad average after: ${loadAverage()}`);
  console.log(`Total run time ${((performance.now() - started) / 1000).toFixed(0)} s on ${os.cpus().length} cores.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
