/**
 * Two more server processes for the browser tests, on one fresh PostgreSQL database (the main e2e
 * server runs on PGlite, which one process owns): what a browser on B receives of what happened on
 * A shows the cross-process fan-out (LISTEN/NOTIFY). Null when no PostgreSQL answers.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { FAKE_JAMBASE_KEY } from '../../fakes/jambase.ts';
import { fakeProviderPorts } from '../../fakes/ports.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TwoServers {
  /** Base URLs of process A and process B. */
  a: string;
  b: string;
  stop(): Promise<void>;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server for ${url} exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url}/healthz did not answer within ${timeoutMs} ms`);
}

/** A port nobody listens on right now (another engineer's E2E_PORT+n may be taken). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Creates `tourguides_e2e_<pid>`, seeds the accounts tests' users into it, then starts A and, once
 * A has migrated the database, B, on free ports. Both use the fake providers of the e2e run
 * (`appPort` is its E2E_PORT) and one AUTH_SECRET, so a session made on one is valid on the other.
 */
export async function startSecondServerPair(appPort: number): Promise<TwoServers | null> {
  const name = `tourguides_e2e_${process.pid}`;
  const created = await withAdmin(async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    return true;
  });
  if (!created) return null;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;

  const fakes = fakeProviderPorts(appPort);
  const scratch = path.join(root, `.tmp/e2e-two-servers-${process.pid}`);
  const baseEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl.toString(),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    // Cheap password hashes (src/server/auth/password-hash.ts).
    NODE_ENV: 'test',
    MUSICBRAINZ_URL: fakes.musicBrainzUrl,
    JAMBASE_URL: fakes.jamBaseUrl,
    JAMBASE_API_KEY: FAKE_JAMBASE_KEY,
    TRUST_PROXY: '1',
    DATA_DIR: path.join(scratch, 'data'),
  };
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'tests/e2e/helpers/seed-accounts.ts'], {
    cwd: root,
    env: baseEnv,
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seeding the two-server database failed');

  const children: ChildProcess[] = [];
  const start = async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // The built bundle, as the main e2e server (support/start-server.mjs).
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/index.js'], {
      cwd: root,
      // One data directory for both (no lock on PostgreSQL): the files one process stores (an
      // artist image the image job drew on A) are served by the other, as with shared storage.
      env: { ...baseEnv, PORT: String(port), PUBLIC_URL: url },
      stdio: 'inherit',
    });
    children.push(child);
    await waitForHealth(url, child);
    return url;
  };

  const stop = async () => {
    await Promise.all(children.map(stopProcess));
    await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    fs.rmSync(scratch, { recursive: true, force: true });
  };
  try {
    // One after the other: both would run the migrations at start.
    const a = await start();
    const b = await start();
    return { a, b, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
