import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { reactOnPreact, reactOnPreactAliases } from './scripts/react-on-preact.mjs';
import { adminUrl, isPostgresReachable } from './tests/setup/postgres-reachable.ts';

/**
 * Testing Library's ES module: its package names no `exports`, and the CommonJS `main` Node picks
 * would `require` react-dom itself, past the alias.
 */
function testingLibraryEsm() {
  const packageJson = fileURLToPath(import.meta.resolve('@testing-library/react/package.json'));
  return {
    find: /^@testing-library\/react$/,
    replacement: path.join(path.dirname(packageJson), 'dist/@testing-library/react.esm.js'),
  };
}

/** Packages that import React (or one that does), left to Node they would load React itself. */
const REACT_PACKAGES =
  /[\\/]node_modules[\\/](@testing-library[\\/]react|react-router|@tanstack[\\/]react-query|react-hook-form|@hookform|sonner|lucide-react|radix-ui|@radix-ui|@floating-ui[\\/]react-dom|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar)[\\/]/;

/** The alias inside the dependency optimizer's bundle, which Vite's `resolve.alias` does not reach. */
const reactOnPreactInOptimizer = {
  name: 'react-on-preact',
  resolveId(source: string) {
    const target = reactOnPreact[source];
    // External: the bundle imports the one Preact the rest of the test loads (a copy has its own hooks).
    return target ? { id: target, external: true } : null;
  },
};

/**
 * The components run on Preact, as the browser runs them (scripts/react-on-preact.mjs). The
 * packages that import React are inlined and resolved by their ES modules, so their imports meet
 * the alias: left to Node (or by their CommonJS files' `require`), lucide, Testing Library and
 * others loaded React itself beside Preact, and their elements rendered as nothing. lucide is
 * bundled once by the optimizer: inlined, its ~1,600 icon modules took 14 s to transform on the
 * first import, longer than a test waits for the toaster that imports it. (The optimizer's cache
 * does not see a change to its plugin: delete node_modules/.vite/vitest after one.)
 */
const componentsOnPreact = {
  resolve: { alias: [...reactOnPreactAliases, testingLibraryEsm()], conditions: ['module', 'browser', 'import'] },
  test: {
    server: { deps: { inline: [REACT_PACKAGES] } },
    deps: {
      optimizer: {
        client: { enabled: true, include: ['lucide-react'], rolldownOptions: { plugins: [reactOnPreactInOptimizer] } },
      },
    },
  },
};

const apiFiles = ['src/**/*.api.test.ts', 'tests/api/**/*.test.ts'];

/**
 * With a PostgreSQL server reachable, every API file runs on it, and on PGlite only the files whose
 * code takes a PGlite-specific path (ADR 0049). The browser suite runs the built server on PGlite
 * (what `npm start` ships), so every feature still meets the embedded database there. Without a
 * PostgreSQL server (or with TEST_PGLITE_ALL=1) every API file runs on PGlite.
 */
const pgliteParityFiles = [
  // The built server: shutdown and the data-directory lock, server-rendered pages, file storage.
  'tests/api/**/*.test.ts',
  'src/server/healthz.api.test.ts',
  // Events over PGlite's in-process listen instead of LISTEN/NOTIFY.
  'src/server/features/realtime/*.api.test.ts',
  'src/server/features/notifications/*.api.test.ts',
  // Backups: the archive records the database kind and restores across kinds.
  'src/server/features/admin/backups.api.test.ts',
  // Statements shaped for PGlite's one connection (stats) and its planner without statistics (trigrams).
  'src/server/features/stats/*.api.test.ts',
  'src/server/features/listening-import/listening-import.api.test.ts',
  'src/server/features/search/search.api.test.ts',
  // The job queue over PGlite's single connection: a job resumed after its process died.
  'src/server/features/history-import/history-import.api.test.ts',
  // Index builds of the catalog import, rate limits as one UPSERT per attempt, the auth adapter.
  'src/server/features/catalog/catalog.import.api.test.ts',
  'src/server/lib/write-limits.api.test.ts',
  'src/server/auth/limits.api.test.ts',
  'src/server/auth/flows.api.test.ts',
];

const apiPostgres: TestProjectInlineConfiguration = {
  test: {
    name: 'api-postgres',
    include: apiFiles,
    environment: 'node',
    globalSetup: ['tests/setup/global-postgres.ts'],
    env: { TEST_DB_KIND: 'postgres' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    isolate: false,
    // Beside api-pglite (same group): these workers mostly wait on the PostgreSQL server's own
    // processes, so the two projects overlap well on 2 cores (docs/performance.md, "Test suite").
    sequence: { groupOrder: 1 },
  },
};

export default defineConfig(async () => {
  // One check for the whole run: without a PostgreSQL server the api-postgres project is left out
  // (one warning), instead of every API file skipping itself.
  const postgres = await isPostgresReachable();
  if (!postgres) {
    console.warn(`PostgreSQL at ${new URL(adminUrl()).host} is not reachable: the api-postgres tests are skipped.`);
  }
  return {
    test: {
      projects: [
        {
          test: {
            name: 'unit',
            include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
            exclude: apiFiles,
            environment: 'node',
            // Vitest's default on 2 cores is one worker; many of these files wait on child processes
            // and timers (the catalog-import CLI alone spends ~50 s in its own processes).
            maxWorkers: 2,
            sequence: { groupOrder: 0 },
          },
        },
        {
          // React components in happy-dom: texts, validation messages, toasts and states of one page,
          // with the network stubbed (tests/component/render-page.tsx). Journeys stay in tests/e2e.
          resolve: componentsOnPreact.resolve,
          test: {
            ...componentsOnPreact.test,
            name: 'component',
            include: ['src/client/**/*.test.tsx'],
            environment: 'happy-dom',
            setupFiles: ['tests/component/setup.ts'],
            // A journey of a page (several steps, each waiting on React) passed in 1–2 s quiet and timed
            // out at Vitest's default 5 s beside the browser suite's load.
            testTimeout: 20_000,
            // Runs beside the unit project (same group): Vitest wants one worker count per group.
            maxWorkers: 2,
            sequence: { groupOrder: 0 },
          },
        },
        {
          test: {
            name: 'api-pglite',
            include: postgres && process.env.TEST_PGLITE_ALL !== '1' ? pgliteParityFiles : apiFiles,
            environment: 'node',
            globalSetup: ['tests/setup/global-pglite.ts'],
            env: { TEST_DB_KIND: 'pglite' },
            testTimeout: 30_000,
            hookTimeout: 60_000,
            // Two workers for the two API projects together (Vitest gives a group one pool). Three were
            // slower on 2 cores (Vitest 980 s against 663 s) and timed out under load (ADR 0048).
            maxWorkers: 2,
            // One module graph per worker, not per file: importing the whole server again for every
            // file cost more than most files' tests (docs/performance.md, "Test suite"). Each file still
            // gets its own database and server (tests/setup/test-server.ts); state lives on those.
            isolate: false,
            // Runs beside api-postgres, in one pool.
            sequence: { groupOrder: 1 },
          },
        },
        ...(postgres ? [apiPostgres] : []),
      ],
    },
  };
});
