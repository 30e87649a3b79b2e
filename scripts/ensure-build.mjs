// Builds the front end when dist/client is missing or older than its sources, so `npm start`
// works on a fresh clone and stays fast (no build) when nothing changed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist/client/index.html');
const inputs = [
  'src/client',
  'src/shared',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build-client.mjs',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));
if (builtAt >= changedAt) process.exit(0);

console.log(builtAt ? 'Front-end sources changed: rebuilding…' : 'Building the front end (first start)…');
const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-client.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
