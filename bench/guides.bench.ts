/**
 * `npm run bench:guides`: guide parts for a catalog of 10,000 artists / 200,000 stops at 2,000
 * venues, built against the local fakes of Overpass, Wikivoyage and Open-Meteo. Prints the
 * provider calls (one per venue and per city, not per stop), shows that a second planning run
 * (a restart) calls nothing again, then measures GET /api/guides/:artist/:stop from prebuilt
 * parts over HTTP (a sweep over 500 different stops, then 10 connections on one guide for 5 s;
 * target p99 under 30 ms on PostgreSQL). `--quick`: 1,000 artists. `--only=postgres|pglite`.
 */
import { type Database, migrateDatabase } from '#server/db/client.ts';
import { buildPart } from '#server/features/guides/guides.parts.ts';
import { findForecastsToBuild, findPartsToBuild } from '#server/features/guides/guides.repo.ts';
import { stopPartKeys } from '#server/features/guides/guides.service.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createProviders } from '#server/providers/providers.ts';
import type { FakeServer } from '#tests/fakes/fake-server.ts';
import {
  startFakeOpenMeteo,
  startFakeOverpass,
  startFakeWikidata,
  startFakeWikivoyage,
} from '#tests/fakes/guide-fakes.ts';
import { bulkLoadCatalog } from './bulk-load.ts';
import { type BenchCatalog, generateBenchCatalog } from './catalog-generator.ts';
import type { LoadOptions } from './load-client.ts';
import {
  benchEnv as appEnv,
  benchArgs,
  formatLatencies,
  latencies,
  onEachDatabase,
  runBench,
  runLoad,
  serveApp,
} from './support.ts';

const QUICK = benchArgs.quick;
const ARTIST_COUNT = QUICK ? 1_000 : 10_000;
const STOPS_PER_ARTIST = 20;
const VENUE_COUNT = QUICK ? 400 : 2_000;
/** The catalog's dates are spread around the real today, so some stops fall in the forecast horizon. */
const TODAY = new Date().toISOString().slice(0, 10);
const BUILD_CONCURRENCY = 8;
const SWEEP_STOPS = 500;
const BENCH_DATABASE = 'tourguides_bench_guides';

/** The generator's venues are few and named by city: spread the stops over VENUE_COUNT venues instead. */
function withVenues(catalog: BenchCatalog): BenchCatalog {
  const cities = new Set(
    catalog.artists.flatMap((artist) => artist.tours.flatMap((tour) => tour.stops.map((stop) => stop.city))),
  );
  const perCity = Math.ceil(VENUE_COUNT / cities.size);
  let n = 0;
  for (const artist of catalog.artists) {
    for (const tour of artist.tours) {
      for (const stop of tour.stops) {
        n += 1;
        stop.venue = `${stop.city} Hall ${(n * 7919) % perCity}`;
      }
    }
  }
  return catalog;
}

interface Fakes {
  overpass: FakeServer;
  wikivoyage: FakeServer;
  openMeteo: FakeServer;
  wikidata: FakeServer;
}

function benchEnv(fakes: Fakes) {
  return appEnv('guides', 3000, {
    OVERPASS_URL: fakes.overpass.url,
    WIKIVOYAGE_URL: fakes.wikivoyage.url,
    OPEN_METEO_URL: fakes.openMeteo.url,
    OPEN_METEO_ARCHIVE_URL: fakes.openMeteo.url,
    OVERPASS_INTERVAL_MS: '0',
    WIKIVOYAGE_INTERVAL_MS: '0',
    OPEN_METEO_INTERVAL_MS: '0',
    WIKIDATA_URL: fakes.wikidata.url,
    WIKIDATA_INTERVAL_MS: '0',
  });
}

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let index = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (index < items.length) await work(items[index++]!);
    }),
  );
}

/** Plans and builds every missing part of upcoming stops; returns the provider calls it made. */
async function buildAll(database: Database, fakes: Fakes) {
  const logger = createLogger('silent');
  const providers = createProviders({ env: benchEnv(fakes), database, logger });
  const deps = { database, providers, logger };
  const before = {
    overpass: fakes.overpass.requests.length,
    wikivoyage: fakes.wikivoyage.requests.length,
    openMeteo: fakes.openMeteo.requests.length,
    wikidata: fakes.wikidata.requests.length,
  };
  const work = await findPartsToBuild(database, {
    today: TODAY,
    artistId: null,
    limit: 1_000_000,
    since: null,
    freshDays: { around: 30, venue: 90, city: 30, geocode: 365 },
  });
  const forecasts = await findForecastsToBuild(database, {
    today: TODAY,
    horizonDays: 16,
    maxAgeHours: 20,
    limit: 1_000_000,
  });
  const started = performance.now();
  const outcomes = new Map<string, number>();
  const jobs = [
    ...work.around.map((key) => ['around', key] as const),
    ...work.venue.map((key) => ['venue', key] as const),
    ...work.cities.map((key) => ['city', key] as const),
    ...forecasts.map((key) => ['forecast', key] as const),
  ];
  await inParallel(jobs, BUILD_CONCURRENCY, async ([kind, key]) => {
    const { outcome } = await buildPart(deps, kind, key);
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  });
  return {
    planned: {
      around: work.around.length,
      venues: work.venue.length,
      cities: work.cities.length,
      forecasts: forecasts.length,
    },
    calls: {
      overpass: fakes.overpass.requests.length - before.overpass,
      wikivoyage: fakes.wikivoyage.requests.length - before.wikivoyage,
      openMeteo: fakes.openMeteo.requests.length - before.openMeteo,
      wikidata: fakes.wikidata.requests.length - before.wikidata,
    },
    outcomes: Object.fromEntries(outcomes),
    seconds: (performance.now() - started) / 1000,
  };
}

async function benchDatabase(label: string, database: Database, catalog: BenchCatalog, fakes: Fakes) {
  let started = performance.now();
  await migrateDatabase(database);
  await bulkLoadCatalog(database, catalog);
  // Each venue its own point (the fakes answer per coordinate), in a band of plausible latitudes.
  await database.query(
    `update venues set lat = 30 + (abs(hashtext(id::text)) % 2500) / 100.0, lon = -120 + (abs(hashtext(name)) % 14000) / 100.0,
            time_zone = 'UTC'`,
  );
  await database.query('analyze');
  const counts = (
    await database.query<{ venues: number; stops: number; artists: number; upcoming: number }>(
      `select (select count(*)::int from venues) as venues, (select count(*)::int from tour_stops) as stops,
            (select count(*)::int from artists) as artists,
            (select count(*)::int from tour_stops where event_date >= $1::date) as upcoming`,
      [TODAY],
    )
  ).rows[0]!;
  console.log(
    `${label}: ${counts.artists.toLocaleString('en-US')} artists, ${counts.stops.toLocaleString('en-US')} stops (${counts.upcoming.toLocaleString('en-US')} upcoming), ` +
      `${counts.venues.toLocaleString('en-US')} venues loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const first = await buildAll(database, fakes);
  console.log(
    `${label}: first build planned ${first.planned.around} venues, ${first.planned.venues} venue facts, ${first.planned.cities} cities, ${first.planned.forecasts} forecasts; ` +
      `provider calls: Overpass ${first.calls.overpass}, Wikidata ${first.calls.wikidata}, Wikivoyage ${first.calls.wikivoyage}, Open-Meteo ${first.calls.openMeteo} ` +
      `(${JSON.stringify(first.outcomes)}) in ${first.seconds.toFixed(1)} s`,
  );
  const again = await buildAll(database, fakes);
  console.log(
    `${label}: second run (a restart): planned ${again.planned.around + again.planned.venues + again.planned.cities + again.planned.forecasts} parts, ` +
      `provider calls: Overpass ${again.calls.overpass}, Wikidata ${again.calls.wikidata}, Wikivoyage ${again.calls.wikivoyage}, Open-Meteo ${again.calls.openMeteo}`,
  );

  // Sample upcoming stops; their typical-weather parts are prebuilt too (built on demand otherwise).
  const { rows: sample } = await database.query<{
    artist: string;
    stop: string;
    venueId: string;
    city: string;
    country: string;
    date: string;
  }>(
    `select a.slug as artist, s.slug as stop, s.venue_id as "venueId", v.city, v.country, to_char(s.event_date, 'YYYY-MM-DD') as date
       from tour_stops s join artists a on a.id = s.artist_id join venues v on v.id = s.venue_id
      where s.event_date >= $1::date order by md5(s.id::text) limit $2`,
    [TODAY, SWEEP_STOPS],
  );
  const logger = createLogger('silent');
  const deps = { database, providers: createProviders({ env: benchEnv(fakes), database, logger }), logger };
  await inParallel(sample, BUILD_CONCURRENCY, async (stop) => {
    const { weather } = stopPartKeys(stop, TODAY);
    await buildPart(deps, weather.kind, weather.key);
  });

  const served = await serveApp(database, benchEnv(fakes));
  const { base } = served;
  try {
    const times: number[] = [];
    let building = 0;
    started = performance.now();
    for (const round of [0, 1]) {
      for (const stop of sample) {
        const t0 = performance.now();
        const response = await fetch(`${base}/api/guides/${stop.artist}/${stop.stop}`);
        const body = (await response.json()) as { building?: boolean };
        if (round === 1) times.push(performance.now() - t0);
        if (!response.ok) throw new Error(`guide answered ${response.status}`);
        if (body.building) building += 1;
      }
    }
    console.log(
      `${label}: GET /api/guides sweep over ${sample.length} stops (second pass): ${formatLatencies(latencies(times))}; ` +
        `answers still building: ${building}`,
    );
    const one = sample[0]!;
    const options: LoadOptions = {
      url: `${base}/api/guides/${one.artist}/${one.stop}`,
      connections: 10,
      durationMs: QUICK ? 1_000 : 5_000,
      maxDrainMs: 15_000,
    };
    const load = await runLoad(options);
    console.log(
      `${label}: GET /api/guides, 10 connections: ${load.requests} requests, ${load.requestsPerSecond.toFixed(0)}/s, ` +
        `p50 ${load.p50.toFixed(1)} ms, p95 ${load.p95.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, errors ${load.errors}`,
    );
  } finally {
    await served.close();
  }
}

await runBench(
  `bench:guides: ${ARTIST_COUNT.toLocaleString('en-US')} artists x ${STOPS_PER_ARTIST} stops at ${VENUE_COUNT.toLocaleString('en-US')} venues`,
  async () => {
    const catalog = withVenues(
      generateBenchCatalog({ artistCount: ARTIST_COUNT, stopsPerArtist: STOPS_PER_ARTIST, today: TODAY }),
    );
    const fakes: Fakes = {
      overpass: await startFakeOverpass(),
      wikivoyage: await startFakeWikivoyage(),
      openMeteo: await startFakeOpenMeteo(),
      wikidata: await startFakeWikidata(),
    };
    try {
      await onEachDatabase({ name: BENCH_DATABASE, poolSize: 10 }, (label, database) =>
        benchDatabase(label, database, catalog, fakes),
      );
    } finally {
      await Promise.all([
        fakes.overpass.close(),
        fakes.wikivoyage.close(),
        fakes.openMeteo.close(),
        fakes.wikidata.close(),
      ]);
    }
  },
);
