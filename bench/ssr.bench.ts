/**
 * `npm run bench:ssr`: the server-rendered public pages (issue 25 item 1, ADR 0043) over HTTP, on
 * the built renderer (dist/server/render-page.js, what `npm start` runs; built first when stale),
 * in a catalog of 2,000 artists x 20 stops plus one artist touring 200 stops.
 * - The 200-stop tour page, uncached (the catalog noted as changed before each request: head,
 *   answers, render and compression every time) and cached (kept per catalog change, ETag made).
 *   Targets on PostgreSQL: p99 under 80 ms uncached, under 30 ms cached.
 * - 200 concurrent clients on each public page type (home, tour, artist, venue, guide) for a few
 *   seconds each (one process). Target: p99 under 150 ms.
 *
 * `--quick` (500 artists, shorter runs), `--only=pglite|postgres`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Database } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/client.ts';
import type { PageRenderer } from '#server/lib/static-files.ts';
import { bulkLoadCatalog } from './bulk-load.ts';
import { type BenchCatalog, type BenchStop, generateBenchCatalog } from './catalog-generator.ts';
import {
  benchArgs,
  benchEnv,
  formatLatencies,
  freePort,
  latencies,
  onEachDatabase,
  placeVenues,
  runBench,
  runLoad,
  secondsSince,
  serveApp,
} from './support.ts';

const QUICK = benchArgs.quick;
const ARTIST_COUNT = QUICK ? 500 : 2_000;
const STOPS_PER_ARTIST = 20;
const BIG_TOUR_STOPS = 200;
const BIG_ARTIST = 'Two Hundred Nights';
const BIG_SLUG = 'two-hundred-nights';
const REQUESTS = QUICK ? 60 : 200;
const CONCURRENT = 200;
const LOAD_MS = QUICK ? 3_000 : 6_000;
const BENCH_DATABASE = 'tourguides_bench_ssr';
const root = path.resolve(import.meta.dirname, '..');

/** The built renderer, built first when the sources are newer (scripts/ensure-build.mjs). */
async function builtRenderer(): Promise<PageRenderer> {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('The build failed');
  const file = path.join(root, 'dist/server/render-page.js');
  return ((await import(pathToFileURL(file).href)) as { renderPublicPage: PageRenderer }).renderPublicPage;
}

/** One artist with 200 upcoming stops from the generated catalog's venues, a few days apart. */
function withBigTour(catalog: BenchCatalog): BenchCatalog {
  const venues = catalog.artists.flatMap((artist) => artist.tours.flatMap((tour) => tour.stops)).slice(0, 400);
  const start = Date.now();
  const stops: BenchStop[] = Array.from({ length: BIG_TOUR_STOPS }, (_, i) => {
    const { venue, city, region, country } = venues[i * 2]!;
    const date = new Date(start + (i * 2 + 3) * 86_400_000).toISOString().slice(0, 10);
    return { date, time: '20:00', venue, city, region, country, ticketUrl: `https://tickets.example.com/${i}` };
  });
  return {
    artists: [
      ...catalog.artists,
      { name: BIG_ARTIST, genres: ['indie rock'], tours: [{ name: 'Long Way Round', stops }] },
    ],
  };
}

async function timed(fetchOnce: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await fetchOnce();
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`answered ${response.status}`);
  return performance.now() - started;
}

/** A public page of each type in the catalog. */
async function pagePaths(database: Database): Promise<Record<string, string>> {
  const { rows } = await database.query<{ artist: string; stop: string; venue: string }>(
    `select a.slug as artist, s.slug as stop, v.slug as venue from tour_stops s
       join artists a on a.id = s.artist_id join venues v on v.id = s.venue_id
      where a.slug = $1 order by s.event_date limit 1`,
    [BIG_SLUG],
  );
  const { artist, stop, venue } = rows[0]!;
  return {
    home: '/',
    tour: `/tour/${artist}`,
    artist: `/artist/${artist}`,
    venue: `/venue/${venue}`,
    guide: `/guide/${artist}/${stop}`,
  };
}

async function benchDatabase(label: string, database: Database, catalog: BenchCatalog, render: PageRenderer) {
  const started = performance.now();
  await migrateDatabase(database);
  await bulkLoadCatalog(database, catalog);
  await placeVenues(database);
  await database.query('analyze');
  console.log(`${label}: catalog loaded in ${secondsSince(started)} s`);
  const port = await freePort();
  const env = benchEnv('ssr', port);
  const app = await serveApp(database, env, port, { pageRenderer: render, startQueue: true });
  try {
    const paths = await pagePaths(database);
    const tourUrl = `${app.base}${paths.tour}`;
    const html = await (await fetch(tourUrl)).text();
    const stopsInHtml = html.match(/<time dateTime=/g)?.length ?? 0;
    console.log(
      `${label}: ${paths.tour}: ${(html.length / 1024).toFixed(0)} KB of HTML, ${stopsInHtml} dates rendered`,
    );

    // The renderer alone (React's renderToReadableStream of the app's routes), from the API's answer.
    const today = new Date().toISOString().slice(0, 10);
    const answer = await (await fetch(`${app.base}/api/artists/${BIG_SLUG}?today=${today}`)).json();
    const queries = [{ queryKey: ['artists', 'tour', BIG_SLUG], data: answer }];
    const renders: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const renderStarted = performance.now();
      await render(tourUrl, queries);
      renders.push(performance.now() - renderStarted);
    }
    console.log(`${label}: 200-stop tour page, render alone ${formatLatencies(latencies(renders))}`);

    // Uncached: the page is built afresh for each request (a noted change drops every kept page).
    const uncached: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      app.background.catalogChanges.noted();
      uncached.push(await timed(() => fetch(tourUrl)));
    }
    console.log(`${label}: 200-stop tour page, uncached ${formatLatencies(latencies(uncached))}`);
    // A page read within a second of a change is not kept (KeptAnswers' settle time).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await fetch(tourUrl);
    const cached: number[] = [];
    for (let i = 0; i < REQUESTS; i++) cached.push(await timed(() => fetch(tourUrl)));
    console.log(`${label}: 200-stop tour page, cached   ${formatLatencies(latencies(cached))}`);

    for (const [name, pagePath] of Object.entries(paths)) {
      const result = await runLoad({
        url: `${app.base}${pagePath}`,
        connections: CONCURRENT,
        durationMs: LOAD_MS,
        maxDrainMs: 10_000,
        headers: { 'accept-encoding': 'br' },
      });
      const ms = (value: number | null) => `${(value ?? Number.NaN).toFixed(1)} ms`;
      console.log(
        `${label}: ${CONCURRENT} concurrent, ${name.padEnd(6)} p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, ` +
          `p99 ${ms(result.p99)}, max ${ms(result.max)}; ${result.requestsPerSecond.toFixed(0)} req/s, ` +
          `${result.errors} errors${result.firstError ? ` (${result.firstError})` : ''}`,
      );
    }
  } finally {
    await app.close();
  }
}

await runBench(
  `bench:ssr: ${ARTIST_COUNT.toLocaleString('en-US')} artists x ${STOPS_PER_ARTIST} stops + one of ${BIG_TOUR_STOPS}`,
  async () => {
    const render = await builtRenderer();
    const catalog = withBigTour(
      generateBenchCatalog({
        artistCount: ARTIST_COUNT,
        stopsPerArtist: STOPS_PER_ARTIST,
        today: new Date().toISOString().slice(0, 10),
      }),
    );
    await onEachDatabase({ name: BENCH_DATABASE, poolSize: 10 }, (label, database) =>
      benchDatabase(label, database, catalog, render),
    );
  },
);
