// `npm test`: every tier in the order that fails soonest and keeps reads of dist/ safe (ADRs 0048–0050).
//   1. lint (seconds: a formatting slip fails at once);
//   2. the build check (`ensure-build`), before anything reads dist/ (the graceful-shutdown API test
//      and the browser suite run the bundle);
//   3. the typecheck (TypeScript 7, ~10 s);
//   4. Vitest and the browser suite side by side: Vitest's API files mostly wait (on PostgreSQL, job
//      retries, fake providers' pauses) and use about one core, which the browser suite fills (ADR 0050).
//      The browser suite's output streams; Vitest's is printed whole when it ends, never interleaved.
// Stops at the first step that fails, with that step's own output (a failing tier stops the other).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const running = new Set();

/** Runs a command; `quiet` keeps its output until it ends (printed whole, never interleaved). */
function run(label, command, args, { quiet = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (signal) {
        console.log(`test: ${label} stopped (another tier failed)`);
        return resolve(false);
      }
      if (quiet && (code !== 0 || output.trim())) process.stdout.write(output);
      console.log(`test: ${label} ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s`);
      resolve(code === 0);
    });
  });
}

/** Runs tiers side by side; the first to fail stops the others, so a red run ends as soon as it is red. */
async function together(...tiers) {
  const results = await Promise.all(
    tiers.map(async (tier) => {
      const passed = await tier();
      if (!passed) for (const child of running) child.kill('SIGTERM');
      return passed;
    }),
  );
  return results.every(Boolean);
}

const steps = [
  () => run('lint', bin('biome'), ['check', '.']),
  () => run('build', process.execPath, ['scripts/ensure-build.mjs'], { quiet: true }),
  () => run('typecheck', bin('tsc'), ['--noEmit'], { quiet: true }),
  () =>
    together(
      () => run('vitest', bin('vitest'), ['run'], { quiet: true }),
      () => run('browser suite', bin('playwright'), ['test']),
    ),
];

for (const step of steps) {
  if (!(await step())) process.exit(1);
}
