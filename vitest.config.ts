import { defineConfig } from 'vitest/config';

const apiTests = ['packages/api/test/**/*.test.ts', 'packages/api/src/**/*.test.ts'];
// API tests share one database per run (a new PGlite costs ~5 s and ~700 MB), so they run in one
// process without isolation; each test creates the accounts it needs.
const sharedDatabase = { pool: 'forks' as const, isolate: false, fileParallelism: false };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
      {
        extends: 'packages/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          environment: 'node',
          ...sharedDatabase,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          environment: 'node',
          ...sharedDatabase,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['packages/api/test/support/postgres-global-setup.ts'],
          env: {
            TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
            TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
          },
        },
      },
    ],
  },
});
