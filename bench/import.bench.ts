/**
 * `npm run bench:import`: the real catalog import (`importCatalog`: validation, identity rules,
 * batches, stats refresh) of the generated 10,000-artist / 200,000-stop catalog, on PGlite and on
 * PostgreSQL: the first import, then the same file again (must add nothing). See docs/performance.md.
 *
 *   npm run bench:import               # both databases
 *   npm run bench:import -- --quick    # 1,000 artists
 *   npm run bench:import -- --only=postgres   (or --only=pglite)
 */
import { type Database, migrateDatabase, openPglite, openPostgres } from '#server/db/client.ts';
import { type CatalogImportSummary, importCatalog } from '#server/features/catalog/catalog.service.ts';
import { localCatalogWriter } from '#server/features/catalog/catalog-changes.ts';
import { adminUrl, databaseUrl, isPostgresReachable, withAdmin } from '#tests/setup/databases.ts';
import { type BenchCatalog, generateBenchCatalog } from './catalog-generator.ts';
import { cpuSnapshot, loadAverage } from './cpu.ts';

const QUICK = process.argv.includes('--quick');
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const ARTIST_COUNT = QUICK ? 1_000 : 10_000;
const STOPS_PER_ARTIST = 20;
const TODAY = '2027-01-15';
const BENCH_DATABASE = 'tourguides_bench_import';

interface ImportFigures {
  seconds: number;
  /** Node process plus the PostgreSQL backends (PGlite runs inside the process). */
  cpuSeconds: number;
  summary: CatalogImportSummary;
}

async function timedImport(database: Database, catalog: BenchCatalog): Promise<ImportFigures> {
  const before = await cpuSnapshot(database);
  const started = performance.now();
  const summary = await importCatalog(localCatalogWriter(database), catalog);
  const seconds = (performance.now() - started) / 1000;
  const after = await cpuSnapshot(database);
  let databaseMs = 0;
  for (const [pid, ms] of after.backendsMs ?? []) databaseMs += ms - (before.backendsMs?.get(pid) ?? 0);
  return { seconds, cpuSeconds: (after.processMs - before.processMs + databaseMs) / 1000, summary };
}

function printImport(label: string, run: string, figures: ImportFigures): void {
  const { artistsAdded, toursAdded, stopsAdded, venuesAdded } = figures.summary;
  console.log(
    `${label}: ${run} ${figures.seconds.toFixed(1)} s wall, ${figures.cpuSeconds.toFixed(1)} s CPU; ` +
      `added ${artistsAdded} artists, ${toursAdded} tours, ${stopsAdded} stops, ${venuesAdded} venues ` +
      `(load average ${loadAverage()})`,
  );
}

async function benchDatabase(label: string, database: Database, catalog: BenchCatalog): Promise<void> {
  await migrateDatabase(database);
  const first = await timedImport(database, catalog);
  printImport(label, 'first import', first);
  const again = await timedImport(database, catalog);
  printImport(label, 're-import    ', again);
  const { artistsAdded, toursAdded, stopsAdded, venuesAdded } = again.summary;
  if (artistsAdded + toursAdded + stopsAdded + venuesAdded > 0) throw new Error(`${label}: the re-import added rows`);
}

async function onPglite(catalog: BenchCatalog): Promise<void> {
  const database = await openPglite();
  try {
    await benchDatabase('PGlite (in memory)', database, catalog);
  } finally {
    await database.close();
  }
}

async function onPostgres(catalog: BenchCatalog): Promise<void> {
  if (!(await isPostgresReachable())) {
    console.log(`PostgreSQL at ${new URL(adminUrl()).host} is not reachable: skipping it.`);
    return;
  }
  await withAdmin((client) => client.query(`drop database if exists ${BENCH_DATABASE} with (force)`));
  await withAdmin((client) => client.query(`create database ${BENCH_DATABASE}`));
  const database = await openPostgres(databaseUrl(BENCH_DATABASE), 4);
  try {
    await benchDatabase('PostgreSQL', database, catalog);
  } finally {
    await database.close();
    await withAdmin((client) => client.query(`drop database if exists ${BENCH_DATABASE} with (force)`));
  }
}

async function main(): Promise<void> {
  const catalog = generateBenchCatalog({ artistCount: ARTIST_COUNT, stopsPerArtist: STOPS_PER_ARTIST, today: TODAY });
  const stops = catalog.artists.reduce((sum, artist) => sum + artist.tours.reduce((n, t) => n + t.stops.length, 0), 0);
  console.log(`Generated ${catalog.artists.length} artists, ${stops} stops. Load average before: ${loadAverage()}`);
  if (ONLY !== 'postgres') await onPglite(catalog);
  if (ONLY !== 'pglite') await onPostgres(catalog);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
