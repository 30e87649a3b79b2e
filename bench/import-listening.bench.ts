/**
 * `npm run bench:import-listening`: a generated 100 MB Spotify extended streaming history with
 * 5,000 artists, uploaded over HTTP to the real server (PUT …/files, streamed and counted per
 * artist), then matched against a 7,750-artist catalog by the real pg-boss job, on PostgreSQL and
 * on PGlite. The server is the built bundle (`npm run build` first) in its own process, so its RSS
 * is the server's alone: printed before the upload and at its peak during it (targets: under 30 s
 * and under 300 MB). See docs/performance.md.
 *
 *   npm run bench:import-listening
 *   npm run bench:import-listening -- --only=postgres   (or --only=pglite)
 *   npm run bench:import-listening -- --mb=20           (a smaller file)
 *   BENCH_CPU_PROF=/tmp/prof npm run bench:import-listening -- --only=pglite   (the server's CPU profile)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { type Database, migrateDatabase, openPglite, openPostgres } from '#server/db/client.ts';
import { importCatalog } from '#server/features/catalog/catalog.service.ts';
import { localCatalogWriter } from '#server/features/catalog/catalog-changes.ts';
import type { ListeningImportView } from '#shared/listening-import.ts';
import { bandName, generateExport } from '#tests/factories/spotify-export.ts';
import { adminUrl, databaseUrl, isPostgresReachable, withAdmin } from '#tests/setup/databases.ts';
import { loadAverage } from './cpu.ts';
import { benchArgs, freePort, signUp } from './support.ts';

const ONLY = benchArgs.only;
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
    // Written under another name first: a run stopped half-way never leaves a truncated file behind.
    const out = createWriteStream(`${FILE}.part`);
    for (const chunk of generated.chunks())
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    out.end();
    await finished(out);
    renameSync(`${FILE}.part`, FILE);
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
  await importCatalog(localCatalogWriter(database), { artists: names.map((name) => ({ name, tours: [] })) });
}

/** The server process's resident set size now and its peak so far (Linux /proc: VmRSS, VmHWM), in bytes. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** The production server (dist/server/index.js, as `npm start` runs it) in its own process. */
async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=dir: the server writes a V8 CPU profile there when it stops (where the time goes).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, 'dist/server/index.js'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      PUBLIC_URL: base,
      SEED_DEMO: '0',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
  });
  // A server that dies mid-run shows up as a fetch error: say how it ended.
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`the server stopped: code ${code}, signal ${signal}`);
  });
  for (let i = 0; i < 600; i++) {
    const healthy = await fetch(`${base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { base, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('the server did not start');
}

/**
 * A poll that survives a reset connection: on PGlite the match's statements hold the server's one
 * thread for a while, and a kept-alive socket can be closed under a request sent on it.
 */
async function fetchRetrying(url: string, init: RequestInit, attempts = 5): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function run(label: string, env: Record<string, string>, expected: { plays: number; artists: number }) {
  const { base, child } = await startServer(env);
  try {
    const { cookie } = await signUp(base, 'bench@example.com', 'bench-password-77');
    const headers = { cookie, origin: base, 'content-type': 'application/json' };
    const before = memoryOf(child.pid!);
    let peak = before.rss;
    const timer = setInterval(() => {
      peak = Math.max(peak, memoryOf(child.pid!).rss);
    }, 20);
    const started = performance.now();
    const created = (await (await fetch(`${base}/api/music-services/export`, { method: 'POST', headers })).json()) as {
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
    console.log(`${label}: uploaded and counted in ${((uploadedAt - started) / 1000).toFixed(1)} s, matching…`);
    await fetch(`${base}/api/music-services/export/${created.id}/match`, { method: 'POST', headers });
    let view: ListeningImportView;
    let reportedAt = performance.now();
    for (;;) {
      view = (await (
        await fetchRetrying(`${base}/api/music-services/export/${created.id}`, { headers })
      ).json()) as ListeningImportView;
      if (view.state !== 'matching') break;
      if (performance.now() - reportedAt > 10_000) {
        reportedAt = performance.now();
        console.log(
          `${label}: matched ${view.processed} of ${view.total} after ${((reportedAt - uploadedAt) / 1000).toFixed(0)} s`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const doneAt = performance.now();
    clearInterval(timer);
    const after = memoryOf(child.pid!);
    peak = Math.max(peak, after.rss);
    if (counted.plays !== expected.plays || counted.artists !== expected.artists) {
      throw new Error(
        `${label}: counted ${counted.plays} plays / ${counted.artists} artists, expected ${expected.plays} / ${expected.artists}`,
      );
    }
    if (view.state !== 'preview') throw new Error(`${label}: the match ended ${view.state}`);
    const page = (await (
      await fetch(`${base}/api/music-services/export/${created.id}/artists?limit=200`, { headers })
    ).json()) as { artists: { match: { confidence: string } | null }[] };
    const confidences = new Map<string, number>();
    for (const artist of page.artists) {
      const key = artist.match?.confidence ?? 'none';
      confidences.set(key, (confidences.get(key) ?? 0) + 1);
    }
    const upload_s = (uploadedAt - started) / 1000;
    const match_s = (doneAt - uploadedAt) / 1000;
    console.log(
      `${label}: upload + count ${mb(counted.bytes)} (${counted.plays.toLocaleString('en-US')} plays, ` +
        `${counted.artists.toLocaleString('en-US')} artists) ${upload_s.toFixed(1)} s; match ${match_s.toFixed(1)} s; ` +
        `total ${(upload_s + match_s).toFixed(1)} s; server RSS ${mb(before.rss)} before, peak ${mb(peak)} during ` +
        `(VmHWM since start ${mb(after.peak)}); top 200 matched: ${[...confidences].map(([k, n]) => `${k} ${n}`).join(', ')}; ` +
        `load average ${loadAverage()}`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
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
  // The bench runs the built server: rebuild it when its sources are newer, so figures are never
  // taken from a stale bundle.
  if (spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' }).status !== 0)
    throw new Error('building the server failed (scripts/ensure-build.mjs)');
  if (ONLY !== 'pglite') {
    if (!(await isPostgresReachable())) {
      console.log(`PostgreSQL at ${new URL(adminUrl()).host} is not reachable: skipping the PostgreSQL run.`);
    } else {
      await withAdmin((client) => client.query(`drop database if exists ${BENCH_DATABASE} with (force)`));
      await withAdmin((client) => client.query(`create database ${BENCH_DATABASE}`));
      const database = await openPostgres(databaseUrl(BENCH_DATABASE), 4);
      try {
        await migrateDatabase(database);
        await seed(database);
      } finally {
        await database.close();
      }
      try {
        await run(
          'PostgreSQL',
          {
            DATABASE_URL: databaseUrl(BENCH_DATABASE),
            AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x'),
            DATA_DIR: path.join(DIR, 'data-pg'),
          },
          expected,
        );
      } finally {
        await withAdmin((client) => client.query(`drop database if exists ${BENCH_DATABASE} with (force)`));
      }
    }
  }
  if (ONLY !== 'postgres') {
    const dataDir = path.join(DIR, 'data-pglite');
    rmSync(dataDir, { recursive: true, force: true });
    const database = await openPglite(path.join(dataDir, 'pgdata'));
    try {
      await migrateDatabase(database);
      await seed(database);
    } finally {
      await database.close();
    }
    await run('PGlite', { DATA_DIR: dataDir }, expected);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
