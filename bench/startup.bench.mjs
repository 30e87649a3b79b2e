/**
 * `npm run bench:startup`: how long the server takes from its process start until /healthz answers,
 * and its memory (RSS) then and 3 s later, run as TypeScript through tsx (`node --import tsx
 * src/server/index.ts`, how `npm start` ran before issue 18) and as the built bundle (`node
 * dist/server/index.js`, how it runs now). Each on a fresh data directory (migrations, demo seed)
 * and again on the same one (warm), on PGlite. Builds nothing: run `npm run build` first.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SETTLE_MS = 3_000;

const modes = {
  tsx: ['--import', 'tsx', 'src/server/index.ts'],
  built: ['--enable-source-maps', 'dist/server/index.js'],
};

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/**
 * CPU time the server process itself used so far, in ms (/proc/PID/stat utime + stime, at the usual
 * 100 ticks a second): unlike the wall time, hardly moved by other work on a busy machine.
 */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function waitForHealth(url, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function startOnce(mode, dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, modes[mode], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  await waitForHealth(`http://127.0.0.1:${port}/healthz`, child);
  const ms = performance.now() - started;
  const cpu = cpuMs(child.pid);
  const rssAtHealth = rssMb(child.pid);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const rssSettled = rssMb(child.pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { ms, cpu, rssAtHealth, rssSettled };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The modes take turns in every round, so both meet the same load on a shared machine. */
async function measure(selected) {
  const samples = Object.fromEntries(selected.map((mode) => [mode, { fresh: [], warm: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of selected) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourguides-bench-startup-'));
      try {
        samples[mode].fresh.push(await startOnce(mode, dataDir));
        samples[mode].warm.push(await startOnce(mode, dataDir));
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  return samples;
}

function row(mode, kind, samples) {
  const pick = (key) => median(samples.map((sample) => sample[key]));
  return `| ${mode} | ${kind} | ${Math.round(pick('ms'))} | ${Math.round(pick('cpu'))} | ${pick('rssAtHealth').toFixed(0)} | ${pick('rssSettled').toFixed(0)} |`;
}

const wanted = process.argv.slice(2).filter((arg) => arg in modes);
const selected = wanted.length > 0 ? wanted : Object.keys(modes);
if (selected.includes('built') && !fs.existsSync(path.join(root, 'dist/server/index.js'))) {
  console.error('dist/server/index.js is missing: run `npm run build` first.');
  process.exit(1);
}
const load = os.loadavg()[0].toFixed(1);
console.log(`Node ${process.version}, ${os.cpus().length} CPUs, load ${load}, median of ${ROUNDS} rounds, PGlite`);
const samples = await measure(selected);
console.log('| server | data dir | ms to /healthz | CPU ms by then | RSS MB then | RSS MB 3 s later |');
console.log('|---|---|---|---|---|---|');
for (const mode of selected) {
  console.log(row(mode, 'fresh', samples[mode].fresh));
  console.log(row(mode, 'warm', samples[mode].warm));
}
