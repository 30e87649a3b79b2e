/**
 * `npm run bench:auth`: sign-in latency under 20 concurrent sign-ins against the real server process
 * (src/server/index.ts), on PGlite and, when reachable, on PostgreSQL; plus the server's peak RSS.
 * Each sign-in verifies an argon2id hash (m=19 MiB, t=2, p=1), so this measures the hashing cost.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminUrl, databaseUrl, isPostgresReachable } from '#tests/setup/databases.ts';

const CONCURRENCY = 20;
const ROUNDS = 5;
const PASSWORD = 'violet-tour-2027';
const BENCH_DATABASE = 'tourguides_bench_auth';

interface Figures {
  label: string;
  /** One sign-in at a time: the floor the concurrent figures compare with. */
  sequentialP50: number;
  samples: number;
  /** Server CPU time per sign-in under concurrency: independent of other load on the machine. */
  cpuMsPerSignIn: number;
  p50: number;
  p99: number;
  max: number;
  peakRssMb: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, TRUST_PROXY: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (let i = 0; i < 600 && !exited; i++) {
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error(exited ? 'the server exited during start' : 'the server did not start within 120 s');
}

let ipCounter = 0;
/** Every request from its own address, so per-IP limits measure nothing here. */
function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

async function post(url: string, path: string, body: unknown): Promise<Response> {
  return fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': nextIp() },
    body: JSON.stringify(body),
  });
}

async function timedSignIn(url: string, email: string): Promise<number> {
  const started = performance.now();
  const response = await post(url, '/api/auth/sign-in/email', { email, password: PASSWORD });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return performance.now() - started;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Linux: user + system CPU time of a process, in ms. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** Linux: the high-water mark of the server's resident memory. */
function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

async function measure(label: string, env: Record<string, string>): Promise<Figures> {
  const { child, url } = await startServer(env);
  try {
    const emails = Array.from({ length: CONCURRENCY }, (_, i) => `bench-${i}-${Date.now()}@example.com`);
    for (const email of emails) {
      const response = await post(url, '/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Bench Fan' });
      if (response.status !== 200) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
    }
    await Promise.all(emails.map((email) => timedSignIn(url, email))); // warm-up, not counted
    const sequential: number[] = [];
    for (const email of emails) sequential.push(await timedSignIn(url, email));
    sequential.sort((a, b) => a - b);
    const latencies: number[] = [];
    const cpuBefore = cpuMs(child.pid ?? 0);
    for (let round = 0; round < ROUNDS; round++) {
      latencies.push(...(await Promise.all(emails.map((email) => timedSignIn(url, email)))));
    }
    const cpuPerSignIn = (cpuMs(child.pid ?? 0) - cpuBefore) / latencies.length;
    latencies.sort((a, b) => a - b);
    return {
      label,
      sequentialP50: Math.round(percentile(sequential, 50)),
      samples: latencies.length,
      cpuMsPerSignIn: Math.round(cpuPerSignIn),
      p50: Math.round(percentile(latencies, 50)),
      p99: Math.round(percentile(latencies, 99)),
      max: Math.round(latencies.at(-1) ?? Number.NaN),
      peakRssMb: peakRssMb(child.pid ?? 0),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function withPostgresDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DATABASE}`);
  await admin.query(`create database ${BENCH_DATABASE}`);
  try {
    return await run(databaseUrl(BENCH_DATABASE));
  } finally {
    await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await admin.end();
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourguides-bench-auth-'));
  const common = {
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x'),
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
  };
  const results: Figures[] = [];
  try {
    results.push(await measure('PGlite', { ...common, DATA_DIR: dataDir }));
    if (await isPostgresReachable()) {
      results.push(
        await withPostgresDatabase((url) => measure('PostgreSQL', { ...common, DATA_DIR: dataDir, DATABASE_URL: url })),
      );
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const load = os.loadavg()[0]?.toFixed(1);
  console.log(`${CONCURRENCY} concurrent sign-ins x ${ROUNDS} rounds, ${os.cpus().length} CPU cores, load ${load}`);
  console.table(results);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
