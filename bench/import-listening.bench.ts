/**
 * `npm run bench:import-listening`: a generated 100 MB Spotify extended streaming history with
 * 5,000 artists, uploaded over HTTP to the real server (PUT …/files, streamed and counted per
 * artist), then matched against a 5,000-artist catalog by the real pg-boss job, on PostgreSQL and
 * on PGlite. Prints the time of each step and the process's peak RSS while it runs
 * (targets: under 30 s and under 300 MB). See docs/performance.md.
 *
 *   npm run bench:import-listening
 *   npm run bench:import-listening -- --only=postgres   (or --only=pglite)
 *   npm run bench:import-listening -- --mb=20           (a smaller file)
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from '#server/app.ts';
import { createBackground } from '#server/background.ts';
import { type Database, migrateDatabase, openPglite, openPostgres } from '#server/db/client.ts';
import { parseEnv } from '#server/env.ts';
import { importCatalog } from '#server/features/catalog/catalog.service.ts';
import { createLogger } from '#server/lib/logger.ts';
import type { ListeningImportView } from '#shared/listening-import.ts';
import { bandName, generateExport } from '#tests/factories/spotify-export.ts';
import { adminUrl, databaseUrl, isPostgresReachable, withAdmin } from '#tests/setup/databases.ts';
import { loadAverage } from './cpu.ts';

const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const MEGABYTES = Number(process.argv.find((arg) => arg.startsWith('--mb='))?.slice('--mb='.length) ?? 100);
const ARTISTS = 5_000;
const BENCH_DATABASE = 'tourguides_bench_listening';
const DIR = path.join(os.tmpdir(), 'tourguides-bench-listening');
const FILE = path.join(DIR, `Streaming_History_Audio_bench_${MEGABYTES}mb.json`);
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Writes the export once (kept in /tmp for the next run); returns the expected plays. */
async function writeExport(): Promise<{ plays: number; artists: number }> {
  const generated = generateExport({ targetBytes: MEGABYTES * 1024 * 1024, artistCount: ARTISTS });
  const plays = [...generated.expected.values()].reduce((sum, count) => sum + count.plays, 0);
  if (!existsSync(FILE)) {
    mkdirSync(DIR, { recursive: true });
    const out = createWriteStream(FILE);
    for (const chunk of generated.chunks())
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    out.end();
    await finished(out);
  }
  return { plays, artists: generated.expected.size };
}

/**
 * The catalog the export is matched against: half the export's artists by the same name, a tenth
 * under a near spelling (fuzzy), and 2,000 others; the rest of the export is not in it.
 */
async function seed(database: Database): Promise<void> {
  const names: string[] = [];
  // The export's artist i is bandName(i): the even ones by the same name, one in ten under "The …".
  for (let i = 0; i < ARTISTS; i += 2) names.push(bandName(i));
  for (let i = 1; i < ARTISTS; i += 10) names.push(`The ${bandName(i)}`);
  for (let i = 1; i <= 2_000; i++) names.push(`Catalog Only Performer ${i}`);
  await importCatalog(database, { artists: names.map((name) => ({ name, tours: [] })) });
}

/** The peak resident set size, sampled every 25 ms while `work` runs. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 25);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(timer);
  }
}

async function run(label: string, database: Database, expected: { plays: number; artists: number }) {
  await migrateDatabase(database);
  await seed(database);
  const probe = serve({ fetch: () => new Response(), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => probe.once('listening', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(DIR, 'data'),
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: base,
  });
  const background = createBackground({ env, database, logger: createLogger('silent'), pollingIntervalSeconds: 0.5 });
  await background.start();
  const server = serve({ fetch: createApp(background).fetch, port, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  try {
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        email: 'bench@example.com',
        password: 'bench-password-77',
        name: 'Bench',
        fullName: 'Bench',
      }),
    });
    if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const headers = { cookie, origin: base, 'content-type': 'application/json' };
    global.gc?.();
    const before = process.memoryUsage.rss();
    const { result, peak } = await withPeakRss(async () => {
      const started = performance.now();
      const created = (await (
        await fetch(`${base}/api/music-services/export`, { method: 'POST', headers })
      ).json()) as {
        id: string;
      };
      const upload = await fetch(`${base}/api/music-services/export/${created.id}/files?name=${path.basename(FILE)}`, {
        method: 'PUT',
        headers,
        body: Readable.toWeb(createReadStream(FILE, { highWaterMark: 256 * 1024 })) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      const counted = (await upload.json()) as ListeningImportView;
      if (!upload.ok) throw new Error(`upload answered ${upload.status}: ${JSON.stringify(counted)}`);
      const uploadedAt = performance.now();
      await fetch(`${base}/api/music-services/export/${created.id}/match`, { method: 'POST', headers });
      let view: ListeningImportView;
      for (;;) {
        view = (await (
          await fetch(`${base}/api/music-services/export/${created.id}`, { headers })
        ).json()) as ListeningImportView;
        if (view.state !== 'matching') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const doneAt = performance.now();
      return { counted, view, upload: (uploadedAt - started) / 1000, match: (doneAt - uploadedAt) / 1000 };
    });
    const { counted, view } = result;
    if (counted.plays !== expected.plays || counted.artists !== expected.artists) {
      throw new Error(
        `${label}: counted ${counted.plays} plays / ${counted.artists} artists, expected ${expected.plays} / ${expected.artists}`,
      );
    }
    if (view.state !== 'preview') throw new Error(`${label}: the match ended ${view.state}`);
    const confidence = await database.query<{ confidence: string | null; n: number }>(
      `select confidence, count(*)::int as n from listening_import_artists where import_id = $1 group by 1 order by 1`,
      [view.id],
    );
    const matched = confidence.rows.map((row) => `${row.confidence ?? 'none'} ${row.n}`).join(', ');
    console.log(
      `${label}: upload + count ${mb(counted.bytes)} (${counted.plays.toLocaleString('en-US')} plays, ` +
        `${counted.artists.toLocaleString('en-US')} artists) ${result.upload.toFixed(1)} s; match ${result.match.toFixed(1)} s; ` +
        `total ${(result.upload + result.match).toFixed(1)} s; peak RSS ${mb(peak)} (${mb(before)} before); ` +
        `matches: ${matched}; load average ${loadAverage()}`,
    );
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await background.stop();
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--generate-only')) {
    console.log(JSON.stringify(await writeExport()));
    return;
  }
  // Generated in a child process: the figures below are the server's memory, not the generator's.
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--generate-only', `--mb=${MEGABYTES}`],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (child.status !== 0) throw new Error('generating the export failed');
  const expected = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { plays: number; artists: number };
  console.log(
    `bench:import-listening: ${path.basename(FILE)} ${mb(statSync(FILE).size)}, ${expected.artists.toLocaleString('en-US')} artists, ` +
      `${expected.plays.toLocaleString('en-US')} plays; Node ${process.version}; load average ${loadAverage()}`,
  );
  if (ONLY !== 'pglite') {
    if (!(await isPostgresReachable())) {
      console.log(`PostgreSQL at ${new URL(adminUrl()).host} is not reachable: skipping the PostgreSQL run.`);
    } else {
      await withAdmin((client) => client.query(`drop database if exists ${BENCH_DATABASE} with (force)`));
      await withAdmin((client) => client.query(`create database ${BENCH_DATABASE}`));
      const database = await openPostgres(databaseUrl(BENCH_DATABASE), 10);
      try {
        await run('PostgreSQL', database, expected);
      } finally {
        await database.close();
        await withAdmin((client) => client.query(`drop database if exists ${BENCH_DATABASE} with (force)`));
      }
    }
  }
  if (ONLY !== 'postgres') {
    const database = await openPglite();
    try {
      await run('PGlite', database, expected);
    } finally {
      await database.close();
    }
  }
}

await main();
