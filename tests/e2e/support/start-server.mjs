/**
 * The browser tests' web server: a fresh data directory seeded with the fixture catalog (through
 * the product's import service, in its own process), then the built bundle exactly as `npm start`
 * runs it (`node --enable-source-maps dist/server/index.js`, built by scripts/ensure-build.mjs before
 * `playwright test`): the suite tests what ships, not the TypeScript (ADR 0036). Only the seeding runs
 * through tsx; this launcher is plain JavaScript, so nothing of the server under test runs through
 * tsx. Run by playwright.config.ts; Playwright stops it when the suite ends.
 */

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
// The same directory as e2eDataDir() in data-dir.ts (one per E2E_PORT), which the specs read.
const dataDir = path.join(root, '.tmp', `e2e-data-${process.env.E2E_PORT ?? 3100}`);
// PUBLIC_URL and TRUST_PROXY come from playwright.config.ts.
const env = { ...process.env, DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' };

fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

// The fixture catalog, then the accounts tests' users (tests/e2e/helpers/accounts.ts).
for (const seedScript of ['tests/e2e/support/seed-catalog.ts', 'tests/e2e/helpers/seed-accounts.ts']) {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', seedScript], { cwd: root, env, stdio: 'inherit' });
  if (seeded.status !== 0) {
    console.error(`e2e: ${seedScript} failed`);
    process.exit(seeded.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/index.js'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
