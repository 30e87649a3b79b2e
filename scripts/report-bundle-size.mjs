// Prints the gzipped size of the JavaScript the home page needs for its first render: the entry
// chunk with its static imports, plus the lazily loaded home route with its own static imports.
// Exits 1 when that total is over the budget so a heavy dependency is caught at build time.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const HOME_ROUTE_SOURCE = 'src/client/app/routes/home.tsx';
const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'dist/client');
const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));

/** The manifest keys of a chunk and every chunk it imports statically. */
function withStaticImports(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) withStaticImports(imported, seen);
  return seen;
}

function gzippedBytes(key) {
  return gzipSync(fs.readFileSync(path.join(distDir, manifest[key].file))).length;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && manifest[key].src === 'index.html');
if (!entryKey) throw new Error('No entry chunk in the Vite manifest');
if (!manifest[HOME_ROUTE_SOURCE]) throw new Error(`${HOME_ROUTE_SOURCE} is not a chunk of its own`);

const entryChunks = withStaticImports(entryKey);
const homeChunks = withStaticImports(HOME_ROUTE_SOURCE, new Set(entryChunks));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (keys) => [...keys].reduce((total, key) => total + gzippedBytes(key), 0);

const entryBytes = sum(entryChunks);
const totalBytes = sum(homeChunks);
console.log('\nHome page JavaScript for first render (gzip):');
for (const key of homeChunks) console.log(`  ${manifest[key].file.padEnd(48)} ${kb(gzippedBytes(key))}`);
console.log(`  entry + static imports: ${kb(entryBytes)}`);
console.log(`  with the home route:    ${kb(totalBytes)} (budget ${BUDGET_KB} KB)`);
if (totalBytes > BUDGET_KB * 1024) {
  console.error(`Over budget by ${kb(totalBytes - BUDGET_KB * 1024)}`);
  process.exit(1);
}
