import { defineConfig } from 'vitest/config';

const apiFiles = ['src/**/*.api.test.ts', 'tests/api/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: apiFiles,
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiFiles,
          environment: 'node',
          globalSetup: ['tests/setup/global-pglite.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each PGlite instance needs several hundred MB; two at a time fits the 2-core CI box.
          maxWorkers: 2,
          // Projects run one after another so at most two test databases are open at a time.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiFiles,
          environment: 'node',
          globalSetup: ['tests/setup/global-postgres.ts'],
          env: { TEST_DB_KIND: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
