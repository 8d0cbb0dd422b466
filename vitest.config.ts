import { defineConfig } from 'vitest/config';

/**
 * Route and repository tests run twice: on the embedded database (PGlite) and on real PostgreSQL.
 * Pure unit tests (`*.unit.test.ts`) run once; e2e flows (listening servers, Redis, Socket.IO) once.
 */
const dbTests = ['test/**/*.test.ts'];
// Contract tests run an adapter against a local server shaped like its system: no database, run once.
const notDb = ['**/*.unit.test.ts', 'test/e2e/**', 'test/integrations/**', 'test/browser/**', '**/node_modules/**'];

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.unit.test.ts', 'test/**/*.unit.test.ts', 'test/integrations/**/*.test.ts', 'web/src/**/*.unit.test.ts'] },
      },
      { extends: true, test: { name: 'pglite', include: dbTests, exclude: notDb, env: { TEST_DB: 'pglite' } } },
      { extends: true, test: { name: 'postgres', include: dbTests, exclude: notDb, env: { TEST_DB: 'postgres' } } },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], env: { TEST_DB: 'postgres' } } },
      // The portal in Debian's Chromium against a real server process (test/browser/helpers/index.ts).
      // One file at a time: each runs a server and a browser, on a machine with few cores.
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          exclude: ['**/*.unit.test.ts', '**/node_modules/**'],
          globalSetup: ['test/browser/helpers/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
