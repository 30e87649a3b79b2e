// Bundles the server (src/server/index.ts and everything it imports) into one JavaScript file,
// dist/server/index.js, which `npm start` runs with plain Node: no TypeScript compiled at each start
// (tsx), fewer files to resolve and load. Used by `npm run build` and, when sources changed, by
// `npm start` (scripts/ensure-build.mjs). `npm run dev`, the tests and the scripts keep using tsx.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, 'dist/server/index.js');
const sourceDir = path.join(root, 'src') + path.sep;

/**
 * Left to Node to load from node_modules: native addons (sharp, argon2), PGlite (finds its wasm and
 * data files beside its own code), and pg (an optional native binding it tries to require).
 */
const external = ['sharp', '@node-rs/argon2', '@electric-sql/pglite', 'pg', 'pg-native'];

/**
 * Our modules find files relative to themselves (`new URL('./common-passwords.txt',
 * import.meta.url)`, drizzle/ and dist/client from src/server/...). In one bundle every module's
 * import.meta.url would be the bundle's, so each keeps its own: the source file's URL, computed from
 * the bundle's location at run time (no machine path is written into the bundle).
 */
const ownModuleUrls = {
  name: 'own-module-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(sourceDir)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = path.relative(path.dirname(outfile), args.path).split(path.sep).join('/');
      const ownUrl = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', ownUrl), loader: 'ts' };
    });
  },
};

const started = performance.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/server/index.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  plugins: [ownModuleUrls],
  // Bundled CommonJS packages (nodemailer, pino's dependencies) call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  // Readable stack traces and error names in the logs; size matters little on a server.
  minify: false,
  keepNames: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const bytes = fs.statSync(outfile).size;
const inputs = Object.keys(result.metafile.inputs).length;
console.log(
  `dist/server/index.js: the server bundled (${inputs} modules, ${(bytes / 1024 / 1024).toFixed(1)} MB) in ${Math.round(performance.now() - started)} ms`,
);
