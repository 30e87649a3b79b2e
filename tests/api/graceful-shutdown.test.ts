import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * SIGTERM to the server `npm start` runs (the bundle, on PGlite) while guide jobs wait on a provider
 * that never answers and ~40 requests are in flight: every request sent gets its answer (none reset),
 * /healthz says 503 while draining, the jobs are aborted in time, the process exits 0 and the data
 * directory's lock file is gone.
 */
const root = path.resolve(import.meta.dirname, '../..');
const REQUESTS = 40;

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A provider that takes every request and never answers: the guide jobs wait on it. */
async function startSilentProvider() {
  let hits = 0;
  const server = http.createServer(() => {
    hits++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * One GET on its own connection; resolves once the request is written (sent), with the answer's
 * first line to come (or the socket error: a reset request).
 */
function sendRequest(port: number, requestPath: string): Promise<{ response: Promise<string> }> {
  return new Promise((sent, failedToSend) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const response = new Promise<string>((resolve) => {
      socket.on('data', (chunk) => {
        received += chunk;
      });
      socket.on('error', (error) =>
        resolve(`${requestPath}: ${error.message} after ${JSON.stringify(received.slice(0, 40))}`),
      );
      socket.on('close', () => resolve(`${requestPath} ${received.split('\r\n')[0] || 'closed without an answer'}`));
    });
    socket.once('connect', () => {
      socket.write(`GET ${requestPath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`, () =>
        sent({ response }),
      );
    });
    socket.once('error', failedToSend);
  });
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, withinMs = 60_000): Promise<void> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.runIf(process.env.TEST_DB_KIND === 'pglite')('graceful shutdown of the built server', () => {
  let provider: Awaited<ReturnType<typeof startSilentProvider>>;
  let child: ChildProcess | undefined;
  let dataDir: string;

  beforeAll(() => {
    // What `npm start` runs: the bundle, rebuilt when older than its sources.
    // Piped, so a failed build's own words appear in the test's error.
    execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'pipe' });
  }, 300_000);
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await provider?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every request already sent, aborts the slow jobs, exits 0 and releases the lock', async () => {
    provider = await startSilentProvider();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourguides-shutdown-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let output = '';
    child = spawn(process.execPath, ['dist/server/index.js'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
        // The demo catalog: its stops' guides are planned at start, as jobs asking the providers below.
        SEED_DEMO: '1',
        OVERPASS_URL: `${provider.url}/api/interpreter`,
        WIKIVOYAGE_URL: `${provider.url}/w/api.php`,
        OPEN_METEO_URL: provider.url,
        OPEN_METEO_ARCHIVE_URL: provider.url,
        WIKIDATA_URL: provider.url,
        NOMINATIM_URL: provider.url,
        MUSICBRAINZ_URL: provider.url,
        // Longer than the forced exit: only the jobs' abort signal can end these calls in time.
        PROVIDER_TIMEOUT_MS: '60000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));

    await waitFor(async () => (await fetch(`${base}/healthz`)).status === 200, 'the server to start');
    expect(fs.existsSync(path.join(dataDir, 'tourguides.lock'))).toBe(true);
    await waitFor(() => provider.hits() > 0, 'a guide job to wait on the silent provider');

    // Each request on its own connection, written out before the signal: a sent request.
    const paths = ['/api/artists', '/healthz', '/api/me', '/', '/api/artists?page=2'];
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, index) => sendRequest(port, paths[index % paths.length]!)),
    );
    const signalled = Date.now();
    child.kill('SIGTERM');
    await waitFor(() => output.includes('shutting down'), 'the signal to arrive', 5_000);
    const draining = await fetch(`${base}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    const results = await Promise.all(answers.map((answer) => answer.response));
    const code = await exited;
    expect(
      {
        // An answer, and not an error (/healthz may already say it is draining).
        unanswered: results.filter(
          (result) => !/^\S+ HTTP\/1\.1 [1-4]\d\d /.test(result) && !result.startsWith('/healthz HTTP/1.1 503 '),
        ),
        // While draining, /healthz tells load balancers to stop sending (or the port is already closed).
        drainingHealth: draining === 503 || draining === 0,
        code,
        withinForceTimer: Date.now() - signalled < 10_000,
        forced: output.includes('forced shutdown'),
        stoppedCleanly: output.includes('stopped cleanly'),
        // The aborted jobs go back to the queue: the stop is not booked as the providers' failure.
        failureBooked: output.includes('guide part not fetched'),
        lockLeft: fs.existsSync(path.join(dataDir, 'tourguides.lock')),
      },
      output.slice(-3000),
    ).toEqual({
      unanswered: [],
      drainingHealth: true,
      code: 0,
      withinForceTimer: true,
      forced: false,
      stoppedCleanly: true,
      failureBooked: false,
      lockLeft: false,
    });
  }, 180_000);
});
