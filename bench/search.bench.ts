/**
 * `npm run bench:search`: the band search's catalog lookup (`name ilike '%text%'`, trigram index)
 * on 100,000 artists, on PGlite and on PostgreSQL. Prints p50/p95/p99 per kind of query; the
 * target is p99 under 30 ms on PostgreSQL. Figures are recorded in docs/performance.md.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, migrateDatabase, openPglite, openPostgres } from '#server/db/client.ts';
import { searchCatalog } from '#server/features/search/search.service.ts';
import { slugify, sortKey } from '#shared/text.ts';
import { adminUrl, databaseUrl, isPostgresReachable } from '#tests/setup/databases.ts';
import { cpuPerRequest, cpuSnapshot } from './cpu.ts';

const ARTIST_COUNT = 100_000;
const BATCH_SIZE = 5_000;
const ROUNDS = 3;
const BENCH_DATABASE = 'tourguides_bench_search';
const P99_TARGET_MS = 30;

const FIRST = `velvet northern silver midnight electric golden crimson broken hollow wild neon paper
  glass iron quiet lunar solar black white blue red young old lost last first little big bright dark
  frozen burning falling rising sacred secret savage gentle lonely happy sad strange cosmic atomic
  desert ocean mountain river forest city country urban rural royal`
  .split(/\s+/)
  .filter(Boolean);
const SECOND = `lanterns harbor comets owls wolves foxes tigers ravens sparrows drifters rebels saints
  kings queens ghosts echoes shadows horses rivers mountains machines engines signals satellites
  pilots sailors strangers lovers dreamers thieves monks prophets poets giants animals children
  brothers sisters daughters sons hearts bones skulls roses lilies pines oaks stones waves tides`
  .split(/\s+/)
  .filter(Boolean);
const THIRD = `band collective orchestra ensemble trio quartet project society club revue experience
  syndicate alliance union family choir brigade parade caravan circus assembly army circle council crew gang
  guild tribe network company theatre academy division institute foundation federation ministry department
  laboratory factory workshop`
  .split(/\s+/)
  .filter(Boolean);

/** A small deterministic PRNG, so every run searches the same catalog with the same queries. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const titled = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** 100,000 distinct names such as 'The Frozen Ravens Collective', drawn from a shuffled grid of words. */
function artistNames(random: () => number): string[] {
  const names: string[] = [];
  for (const a of FIRST) {
    for (const b of SECOND) {
      names.push(`${titled(a)} ${titled(b)}`);
      for (const c of THIRD) names.push(`${random() < 0.3 ? 'The ' : ''}${titled(a)} ${titled(b)} ${titled(c)}`);
    }
  }
  for (let i = names.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [names[i], names[j]] = [names[j]!, names[i]!];
  }
  if (names.length < ARTIST_COUNT) throw new Error(`only ${names.length} names from the word lists`);
  return names.slice(0, ARTIST_COUNT);
}

async function loadArtists(database: Database, names: string[]): Promise<void> {
  for (let start = 0; start < names.length; start += BATCH_SIZE) {
    const rows = names.slice(start, start + BATCH_SIZE).map((name, i) => ({
      name,
      slug: `${slugify(name)}-${start + i}`,
      sort_name: sortKey(name),
      tour_count: (start + i) % 4,
    }));
    await database.db.execute(sql`
      insert into artists (name, slug, sort_name, tour_count)
      select x.name, x.slug, x.sort_name, x.tour_count
      from json_to_recordset(${JSON.stringify(rows)}::json) as x(name text, slug text, sort_name text, tour_count int)`);
  }
  await database.query('analyze artists');
}

type QueryKind = 'part of a name' | 'full name' | 'no match' | 'three letters';

function benchQueries(names: string[], random: () => number): { kind: QueryKind; text: string }[] {
  const pick = () => names[Math.floor(random() * names.length)]!;
  const queries: { kind: QueryKind; text: string }[] = [];
  for (let i = 0; i < 100; i++) {
    const name = pick();
    const length = 4 + Math.floor(random() * 7);
    const start = Math.floor(random() * Math.max(1, name.length - length));
    queries.push({ kind: 'part of a name', text: name.slice(start, start + length).trim() || name });
  }
  for (let i = 0; i < 50; i++) queries.push({ kind: 'full name', text: pick() });
  for (let i = 0; i < 50; i++) {
    const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');
    queries.push({ kind: 'no match', text: `zq${letters}` });
  }
  for (let i = 0; i < 20; i++) queries.push({ kind: 'three letters', text: pick().replace(/^The /, '').slice(0, 3) });
  return queries;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1)!,
  };
}

async function measure(label: string, database: Database, names: string[]) {
  const loadStarted = performance.now();
  await loadArtists(database, names);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const queries = benchQueries(names, mulberry32(7));
  for (const query of queries.slice(0, 30)) await searchCatalog(database, query.text); // warm-up
  const samples = new Map<QueryKind | 'all', number[]>();
  const cpuBefore = await cpuSnapshot(database);
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of queries) {
      const started = performance.now();
      await searchCatalog(database, query.text);
      const ms = performance.now() - started;
      for (const key of [query.kind, 'all'] as const) samples.set(key, [...(samples.get(key) ?? []), ms]);
    }
  }
  const cpuMs = cpuPerRequest(cpuBefore, await cpuSnapshot(database), queries.length * ROUNDS);
  const load = os.loadavg()[0]!.toFixed(1);
  console.log(`\n${label}: ${names.length.toLocaleString('en')} artists loaded in ${loadSeconds.toFixed(1)} s`);
  // Latency swings with whatever else runs on the machine; CPU per query hardly does.
  console.log(`CPU per query (Node and database backend): ${cpuMs?.toFixed(2) ?? 'n/a'} ms; load average ${load}`);
  console.log('query kind       |    n |  p50 ms |  p95 ms |  p99 ms |  max ms');
  for (const [kind, values] of samples) {
    const s = summary(values);
    const cells = [s.p50, s.p95, s.p99, s.max].map((value) => value.toFixed(2).padStart(7)).join(' | ');
    console.log(`${kind.padEnd(16)} | ${String(s.n).padStart(4)} | ${cells}`);
  }
  return summary(samples.get('all')!);
}

async function withBenchDatabase<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await admin.query(`create database ${BENCH_DATABASE}`);
  const database = await openPostgres(databaseUrl(BENCH_DATABASE), 2);
  // An idle connection ended from outside (an administrator, a cleanup) must not crash the run.
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
  const names = artistNames(mulberry32(42));

  const pglite = await openPglite();
  await migrateDatabase(pglite);
  await measure('PGlite (in-process)', pglite, names);
  await pglite.close();

  if (!(await isPostgresReachable())) {
    console.log('\nPostgreSQL is not reachable: skipped (set TEST_DATABASE_URL to point at one).');
    return;
  }
  const postgres = await withBenchDatabase((database) => measure('PostgreSQL', database, names));
  const verdict = postgres.p99 < P99_TARGET_MS ? 'meets' : 'MISSES';
  console.log(`\nPostgreSQL p99 ${postgres.p99.toFixed(2)} ms ${verdict} the ${P99_TARGET_MS} ms target.`);
  if (postgres.p99 >= P99_TARGET_MS) process.exitCode = 1;
}

await main();
