// `npm test`: every tier in the order that fails soonest and keeps reads of dist/ safe (ADRs 0048, 0049).
//   1. lint (seconds: a formatting slip fails at once);
//   2. the build check (`ensure-build`), before anything reads dist/ (the graceful-shutdown API test
//      and the browser suite run the bundle);
//   3. the typecheck (TypeScript 7, ~11 s), then Vitest's projects (both CPU-bound: side by side
//      they took longer together than one after the other; ADR 0049 for what each API file costs);
//   4. the browser suite alone: it is CPU-bound and the tier most sensitive to a loaded machine.
// Stops at the first step that fails, with that step's own output.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Runs a command; `quiet` keeps its output until it ends (printed whole, never interleaved). */
function run(label, command, args, { quiet = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (quiet && (code !== 0 || output.trim())) process.stdout.write(output);
      console.log(`test: ${label} ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s`);
      resolve(code === 0);
    });
  });
}

const steps = [
  () => run('lint', bin('biome'), ['check', '.']),
  () => run('build', process.execPath, ['scripts/ensure-build.mjs'], { quiet: true }),
  () => run('typecheck', bin('tsc'), ['--noEmit'], { quiet: true }),
  () => run('vitest', bin('vitest'), ['run']),
  () => run('browser suite', bin('playwright'), ['test']),
];

for (const step of steps) {
  if (!(await step())) process.exit(1);
}
