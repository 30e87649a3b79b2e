// Builds the front end into dist/client: the Vite client build, then the shell of the pages the
// server renders (dist/client/rendered.html), then the bundle-size report. Used by `npm run build`
// and, when sources changed, by `npm start`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const ROOT_ELEMENT = '<div id="root"></div>';

// Always a production build: a caller's NODE_ENV (vitest sets `test`) would otherwise give Vite's
// development React, 50 KB over the budget (a test that rebuilt the bundle failed in CI).
process.env.NODE_ENV = 'production';

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * The shell of the pages the server renders (home, tour, artist, venue, guide; ADR 0043):
 * dist/client/rendered.html, its scripts loaded after the first paint. The server writes each
 * page's head and rendered `#root` into it at request time (src/server/features/public-pages).
 */
function writeRenderedShell() {
  const shell = fs.readFileSync(path.join(root, 'dist/client/index.html'), 'utf8');
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`dist/client/index.html has no ${ROOT_ELEMENT} to fill`);
  fs.writeFileSync(path.join(root, 'dist/client/rendered.html'), scriptsAfterFirstPaint(shell));
}

/** The entry script and the module preloads Vite and vite.config.ts put in the head. */
const SCRIPT_TAGS = /\n\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g;
const LOADER_SOURCE = 'src/client/app/start-after-first-paint.ts';

/**
 * A server-rendered page paints from its HTML, CSS and fonts alone: its head asks for those, and
 * for one small script that loads the app's scripts once the page is painted (ADR 0012). With
 * the scripts in the head, they took the connection (and the browser's six connections) from
 * the stylesheet and the fonts, whose preload holds the first paint.
 */
function scriptsAfterFirstPaint(page) {
  const tags = page.match(SCRIPT_TAGS) ?? [];
  const entry = tags.find((tag) => tag.includes('<script'));
  if (!entry) throw new Error('The page has no entry script to load after its first paint');
  const url = (tag) => /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
  const scripts = [entry, ...tags.filter((tag) => tag !== entry)].map(url);
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'dist/client/.vite/manifest.json'), 'utf8'));
  const loader = manifest[LOADER_SOURCE]?.file;
  if (!loader) throw new Error(`${LOADER_SOURCE} is not in the build`);
  const loaderTag = `<script type="module" fetchpriority="low" crossorigin src="/${loader}" data-app-scripts="${scripts.join(' ')}"></script>`;
  return page.replace(SCRIPT_TAGS, '').replace('</head>', `\n    ${loaderTag}\n  </head>`);
}

/** Text files worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|webmanifest|json|txt)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each built text file, at the strongest
 * settings: the server sends them as they are (serveStatic's `precompressed`) instead of
 * compressing the same bytes on every request, and Brotli is ~15 % smaller than on-the-fly gzip.
 */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const content = fs.readFileSync(file);
    if (content.length < MIN_COMPRESS_BYTES) continue;
    fs.writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

// Extra arguments go to the client build (e.g. `--minify false` to profile readable code).
run([vite, 'build', ...process.argv.slice(2)]);
writeRenderedShell();
precompress(path.join(root, 'dist/client'));
run([path.join(root, 'scripts/report-bundle-size.mjs')]);
