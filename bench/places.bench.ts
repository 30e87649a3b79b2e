/**
 * `npm run bench:places`: the places typeahead on the whole gazetteer (135,000+ cities). Builds the
 * index as the server does (time, heap and RSS it adds), then times realistic typeahead queries —
 * every prefix a person types on the way to a city, weighted towards big cities, with and without
 * accents, some with ', region' — in process and over HTTP (GET /api/places, the real route).
 * Target: p99 under 20 ms. Figures are recorded in docs/performance.md.
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { getGazetteer } from '#server/features/places/gazetteer.ts';
import { placesRoutes } from '#server/features/places/places.routes.ts';
import { handleError } from '#server/lib/error-handler.ts';

const QUERY_COUNT = 20_000;
const HTTP_QUERY_COUNT = 5_000;
const P99_TARGET_MS = 20;

/** A small deterministic PRNG, so every run sends the same queries. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPED = [
  'Denver',
  'Austin',
  'Paris',
  'London',
  'New York',
  'Los Angeles',
  'San Francisco',
  'Berlin',
  'München',
  'Zürich',
  'São Paulo',
  'Mexico City',
  'Toronto',
  'Portland, OR',
  'Springfield, IL',
  'Tokyo',
  'Kraków',
  'Reykjavík',
  'Melbourne',
  'Santiago',
  'Saint Paul',
  'Washington',
  'Manchester',
  'Nashville',
  'Chicago',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(label: string, samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(sorted, p));
  console.log(
    `${label.padEnd(34)} n=${samples.length}  p50 ${p50!.toFixed(3)} ms  p95 ${p95!.toFixed(3)} ms  p99 ${p99!.toFixed(3)} ms  max ${sorted.at(-1)!.toFixed(2)} ms`,
  );
  return p99!;
}

/** Prefixes as typed (1..n characters), from a fixed list and from random gazetteer names. */
function buildQueries(names: string[], random: () => number, count: number): string[] {
  const queries: string[] = [];
  while (queries.length < count) {
    const fromList = random() < 0.5;
    const full = fromList ? TYPED[Math.floor(random() * TYPED.length)]! : names[Math.floor(random() * names.length)]!;
    const typed = random() < 0.3 ? full.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() : full;
    for (let length = 1; length <= typed.length && queries.length < count; length++) {
      queries.push(typed.slice(0, length));
    }
  }
  return queries;
}

async function main() {
  console.log(
    `places bench — ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}`,
  );
  global.gc?.();
  const before = process.memoryUsage();
  const started = performance.now();
  const gazetteer = await getGazetteer();
  const buildMs = performance.now() - started;
  global.gc?.();
  const after = process.memoryUsage();
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `index: ${gazetteer.size.toLocaleString('en-US')} places built in ${Math.round(buildMs)} ms; ` +
      `heap +${mb(after.heapUsed - before.heapUsed)}, RSS +${mb(after.rss - before.rss)}` +
      (global.gc ? '' : ' (run with --expose-gc for settled figures)'),
  );

  const random = mulberry32(11);
  const sampleNames = gazetteer.search('a', 20).map((p) => p.name);
  for (const letter of 'bcdeghklmnoprstvwz') sampleNames.push(...gazetteer.search(letter, 20).map((p) => p.name));
  const queries = buildQueries(sampleNames, random, QUERY_COUNT);

  const inProcess: number[] = [];
  for (const query of queries) {
    const t = performance.now();
    gazetteer.search(query, 8);
    inProcess.push(performance.now() - t);
  }
  const indexP99 = summary('search() in process, limit 8', inProcess);

  const app = new Hono().route('/api/places', placesRoutes());
  app.onError(handleError as never);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const overHttp: number[] = [];
  for (const query of queries.slice(0, HTTP_QUERY_COUNT)) {
    const t = performance.now();
    const response = await fetch(`${base}/api/places?q=${encodeURIComponent(query)}`);
    await response.json();
    overHttp.push(performance.now() - t);
  }
  const httpP99 = summary('GET /api/places over HTTP', overHttp);
  server.close();

  const rss = process.memoryUsage().rss;
  console.log(`process RSS at the end: ${mb(rss)}`);
  const ok = indexP99 < P99_TARGET_MS && httpP99 < P99_TARGET_MS;
  console.log(ok ? `OK: p99 under ${P99_TARGET_MS} ms` : `OVER TARGET: p99 must be under ${P99_TARGET_MS} ms`);
  if (!ok) process.exitCode = 1;
}

await main();
