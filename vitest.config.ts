import { defineConfig } from 'vitest/config';
import DurationSequencer from './test/helpers/sequencer.js';

/**
 * One test layout: test/unit (pure logic), test/contracts (a port's contract suite run on its fake and
 * on each real adapter), test/modules/<module> (routes and services over a database), test/e2e
 * (listening servers, Redis, Socket.IO; test/e2e/browser: the portal in Chromium), test/fakes (one
 * fake per port and the local servers shaped like external systems); helpers and fixtures beside them.
 *
 * Route and repository tests run twice: on the embedded database (PGlite) and on real PostgreSQL.
 * Pure unit tests (`*.unit.test.ts`) run once; e2e flows (listening servers, Redis, Socket.IO) once.
 */
const dbTests = ['test/**/*.test.ts'];
// Contract tests run an adapter against a local server shaped like its system: no database, run once.
const notDb = ['**/*.unit.test.ts', 'test/e2e/**', 'test/contracts/**', '**/node_modules/**'];
// Assertions that do not depend on the database engine (services over fakes, image builds, app-wide
// schema sweeps) run once, on PostgreSQL; the route suites keep running on both. So do the suites of
// real-world inputs (decision 1072): their cost is parsing, diffing, Terraform and git, and what they
// store goes through the same verbs the module's route suites run on both engines.
const onceOnPostgres = [
  'test/modules/*/*-fake.test.ts',
  'test/modules/api-specs/api-specs-diff.test.ts',
  'test/modules/api-specs/api-specs-real-openapi.test.ts',
  'test/modules/api-specs/api-specs-real-asyncapi.test.ts',
  'test/modules/catalog/catalog-backstage-examples.test.ts',
  'test/modules/catalog/catalog-real-world.test.ts',
  'test/modules/iac-modules/iac-modules.real.test.ts',
  'test/modules/iac-modules/iac-modules.sync.test.ts',
  'test/modules/iac-modules/iac-modules.sync-failures.test.ts',
  'test/modules/templates/scaffold.test.ts',
  // 5,000 repositories (decision 1074): the smaller discovery suites run on both engines.
  'test/modules/discovery/discovery-scale.test.ts',
  'test/modules/pipelines/build.test.ts',
  'test/modules/pipelines/recovery.test.ts',
  'test/modules/kernel/conventions.test.ts',
  'test/modules/kernel/architecture.test.ts',
  'test/modules/kernel/validate-first.test.ts',
];

/**
 * End-to-end files that start processes, wait on them with generous deadlines and assert nothing about
 * timing (decision 1157): they run beside the database projects, isolated, instead of one at a time in
 * the e2e group. The CLI's and the OpenAPI document's files stay there: their 30 s cases compile and
 * spawn on a CPU the e2e group does not share.
 */
const e2eFlows = ['test/e2e/demo.test.ts', 'test/e2e/embedded-init.test.ts'];

/**
 * Suite time (decision 410). Vitest's default on this 2-core machine is ONE worker (cores − 1), yet
 * most of a file's time is spent waiting on PostgreSQL, git or a local fake server (the CPU was busy
 * about half the time with two workers). Files of the unit and database projects share nothing (each
 * has its own database, Redis prefix, ports and temporary folders), so they run TEST_WORKERS (default
 * 4) at a time, and without per-file isolation: a worker process keeps its imported modules between
 * files, which took the import share from about 510 s to 65 s (each file imports the whole app).
 * Files restore what they change in the process (environment variables included). The e2e group
 * (timing-bound fault injection, process lifecycles) then runs one file at a time, isolated, and the
 * browser group two files at a time.
 */
const workers = Math.max(1, Number(process.env.TEST_WORKERS ?? 4));
/** The server processes and browsers of the browser group: two at a time (decision 410). */
const browserWorkers = Math.min(workers, 2);

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: workers,
    // Longest files first, from test/durations.json (decision 910).
    sequence: { sequencer: DurationSequencer },
    // Each project's Vite server transforms the same modules (five projects, one app): a module transformed
    // once is read from disk by the others, in one run and the next (decision 1187).
    experimental: { fsModuleCache: true },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          isolate: false,
          include: [
            'src/**/*.unit.test.ts',
            'test/**/*.unit.test.ts',
            'test/contracts/**/*.test.ts',
            'web/src/**/*.unit.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          isolate: false,
          setupFiles: ['test/helpers/pglite-ready.ts'],
          include: dbTests,
          exclude: [...notDb, ...onceOnPostgres],
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: { name: 'postgres', isolate: false, include: dbTests, exclude: notDb, env: { TEST_DB: 'postgres' } },
      },
      {
        extends: true,
        test: { name: 'e2e-flows', include: e2eFlows, env: { TEST_DB: 'postgres' } },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: ['test/e2e/browser/**', ...e2eFlows, '**/node_modules/**'],
          env: { TEST_DB: 'postgres' },
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      // The portal in Debian's Chromium against a real server process (test/e2e/browser/helpers/index.ts).
      // Two files at a time: each has its own server (its own PostgreSQL database cloned from the
      // migrated template, decision 523; free port) and its own contexts in the group's one Chromium
      // (decision 911), and much of a browser test is waiting on rendering and round trips, so two
      // overlap well on 2 cores.
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/e2e/browser/**/*.test.ts'],
          exclude: ['**/*.unit.test.ts', '**/node_modules/**'],
          globalSetup: ['test/e2e/browser/helpers/global-setup.ts'],
          maxWorkers: browserWorkers,
          // A worker keeps its imports (playwright-core, axe, the helpers) from file to file (decision 911).
          isolate: false,
          sequence: { groupOrder: 2 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
