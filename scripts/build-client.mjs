// Builds the front end into dist/client: the Vite client build, then the home page's HTML rendered
// from the same React components (dist/client/home.html, which the server sends for `/`), then the
// bundle-size report. Used by `npm run build` and, when sources changed, by `npm start`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const ROOT_ELEMENT = '<div id="root"></div>';

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function prerenderHome() {
  run([vite, 'build', '--ssr', 'src/client/app/prerender.tsx', '--logLevel', 'warn']);
  const { renderHomePage } = await import(pathToFileURL(path.join(root, 'dist/prerender/prerender.js')).href);
  const html = await renderHomePage();
  const shell = fs.readFileSync(path.join(root, 'dist/client/index.html'), 'utf8');
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`dist/client/index.html has no ${ROOT_ELEMENT} to fill`);
  fs.writeFileSync(
    path.join(root, 'dist/client/home.html'),
    shell.replace(ROOT_ELEMENT, `<div id="root" data-prerendered>${html}</div>`),
  );
  fs.rmSync(path.join(root, 'dist/prerender'), { recursive: true, force: true });
  console.log(`dist/client/home.html: the home page prerendered (${(html.length / 1024).toFixed(1)} KB of HTML)`);
}

// Extra arguments go to the client build (e.g. `--minify false` to profile readable code).
run([vite, 'build', ...process.argv.slice(2)]);
await prerenderHome();
run([path.join(root, 'scripts/report-bundle-size.mjs')]);
