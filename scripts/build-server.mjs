// Bundles the server (src/server/index.ts and everything it imports) into one JavaScript file,
// dist/server/index.js, which `npm start` and the browser tests run with plain Node: no TypeScript
// compiled at each start (tsx), fewer files to resolve and load. The operator scripts (admin:grant,
// catalog:import, backup:restore) are bundled beside it, so neither needs tsx at run time (ADR 0036).
// Used by `npm run build` and, when sources changed, by `npm start`, the operator scripts and
// `npm run test:e2e` (scripts/ensure-build.mjs). Only `npm run dev` and the unit tests run TypeScript.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { reactOnPreact } from './react-on-preact.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/server');
/** Each entry becomes dist/server/<name>.js; all in one folder, so ownModuleUrls' relative paths hold for each. */
const entries = {
  index: 'src/server/index.ts',
  'admin-role': 'scripts/admin-role.ts',
  'catalog-import': 'scripts/catalog-import.ts',
  'backup-restore': 'scripts/backup-restore.ts',
  // The public pages' server renderer (the browser app's routes and components, ADR 0043): loaded by
  // the server on the first page it renders; kept out of index.js, which imports no browser code.
  'render-page': 'src/client/app/server-render.tsx',
};
const sourceDir = path.join(root, 'src') + path.sep;

/**
 * Left to Node to load from node_modules: native addons (sharp, argon2), PGlite (finds its wasm and
 * data files beside its own code), and pg (an optional native binding it tries to require).
 */
export const external = [
  'sharp',
  '@node-rs/argon2',
  '@electric-sql/pglite',
  'pg',
  'pg-native',
  // Reads its zone files beside itself through CommonJS __dirname, which ES-module output lacks
  // (bundled, every calendar answered 500 with "__dirname is not defined"; issue 28).
  '@touch4it/ical-timezones',
];

/**
 * Packages whose bundled code names __dirname or __filename only on paths the server never takes
 * (pino's worker-thread transports: the logger writes to stdout). Any other bundled package that
 * names them would crash at run time, so the build refuses it: make it external instead.
 */
export const dirnameAllowed = [/[\\/]node_modules[\\/](pino|thread-stream)[\\/]/];
export const noDirnameInBundle = {
  name: 'no-dirname-in-bundle',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]node_modules[\\/].*\.(c|m)?js$/ }, async (args) => {
      if (dirnameAllowed.some((pattern) => pattern.test(args.path))) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(source)) return undefined;
      return {
        errors: [
          {
            text: `${path.relative(root, args.path)} uses __dirname/__filename, undefined in the ES-module bundle: add its package to \`external\` in scripts/build-server.mjs`,
          },
        ],
      };
    });
  },
};

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
      const fromBundle = path.relative(outdir, args.path).split(path.sep).join('/');
      const ownUrl = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', ownUrl), loader: 'ts' };
    });
  },
};

/**
 * React's production build in the renderer, whatever NODE_ENV the server runs with (the tests run
 * it unset): its packages choose their build by `process.env.NODE_ENV` at run time, and the
 * development build renders several times slower. Only React's files: the server's own code
 * still reads NODE_ENV (env.ts).
 */
const reactProductionBuild = {
  name: 'react-production-build',
  setup(builder) {
    builder.onLoad(
      { filter: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/].*\.js$/ },
      async (args) => {
        const source = await fs.promises.readFile(args.path, 'utf8');
        if (!source.includes('process.env.NODE_ENV')) return undefined;
        return { contents: source.replaceAll('process.env.NODE_ENV', '"production"'), loader: 'js' };
      },
    );
  },
};

/** The esbuild options of the server bundle (scripts/build-server.test.ts builds fixtures with them). */
export const serverBuildOptions = {
  absWorkingDir: root,
  entryPoints: Object.entries(entries).map(([out, input]) => ({ in: input, out })),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  plugins: [ownModuleUrls, noDirnameInBundle, reactProductionBuild],
  // The browser app's code in the renderer: its stylesheets (the guide's map) are the browser's
  // business, and it asks Vite whether it runs in development.
  loader: { '.css': 'empty' },
  define: { 'import.meta.env.DEV': 'false' },
  jsx: 'automatic',
  // The page renderer renders with Preact, as the browser hydrates with it (react-on-preact.mjs):
  // the same markup, the same useId values. No other server code imports React.
  alias: reactOnPreact,
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
};

// Builds when run (`node scripts/build-server.mjs`); importing this file (the test) builds nothing.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const result = await build(serverBuildOptions);
  const bytes = fs.statSync(path.join(outdir, 'index.js')).size;
  const inputs = Object.keys(result.metafile.inputs).length;
  console.log(
    `dist/server/index.js: the server bundled (${inputs} modules, ${(bytes / 1024 / 1024).toFixed(1)} MB), ` +
      `with the operator scripts beside it, in ${Math.round(performance.now() - started)} ms`,
  );
}
