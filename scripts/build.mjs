// `npm run build`: the front end (scripts/build-client.mjs, which takes any extra arguments, e.g.
// `npm run build -- --minify false`), then the server bundle (scripts/build-server.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

for (const [script, args] of [
  ['scripts/build-client.mjs', process.argv.slice(2)],
  ['scripts/build-server.mjs', []],
]) {
  const result = spawnSync(process.execPath, [path.join(root, script), ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
