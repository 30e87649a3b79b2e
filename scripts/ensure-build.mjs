// Builds the front end and the server bundle when they are missing or older than their sources, so
// `npm start` works on a fresh clone and stays fast (no build) when nothing changed. Each part is
// rebuilt on its own: a change to the server does not rebuild the front end.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const parts = [
  {
    id: 'client',
    name: 'the front end',
    stamps: ['dist/client/index.html', 'dist/client/rendered.html'],
    inputs: [
      'src/client',
      'src/shared',
      'public',
      'index.html',
      'vite.config.ts',
      'package-lock.json',
      'scripts/build-client.mjs',
    ],
    script: 'scripts/build-client.mjs',
  },
  {
    id: 'server',
    name: 'the server',
    // The operator scripts are bundled with the server (ADR 0036), and the public pages' renderer,
    // the browser app's routes and components (ADR 0043).
    stamps: ['index', 'admin-role', 'catalog-import', 'backup-restore', 'render-page'].map(
      (name) => `dist/server/${name}.js`,
    ),
    inputs: [
      'src/server',
      'src/client',
      'src/shared',
      'package-lock.json',
      'scripts/build-server.mjs',
      'scripts/admin-role.ts',
      'scripts/catalog-import.ts',
      'scripts/backup-restore.ts',
    ],
    script: 'scripts/build-server.mjs',
  },
];

/** Tests live beside the code but are not part of the bundle: editing one needs no rebuild. */
const NOT_BUILT = /\.test\.ts$|\.test-support\.ts$/;

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return NOT_BUILT.test(target) ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

// `node scripts/ensure-build.mjs server`: only the server bundle (the operator scripts need no front end).
const only = process.argv[2];
for (const part of parts.filter((candidate) => !only || candidate.id === only)) {
  const builtAt = Math.min(
    ...part.stamps.map((stamp) => {
      const file = path.join(root, stamp);
      return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
    }),
  );
  const changedAt = Math.max(...part.inputs.map((input) => newestMtime(path.join(root, input))));
  if (builtAt >= changedAt) continue;
  console.log(builtAt ? `Sources of ${part.name} changed: rebuilding…` : `Building ${part.name} (first start)…`);
  const result = spawnSync(process.execPath, [path.join(root, part.script)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
