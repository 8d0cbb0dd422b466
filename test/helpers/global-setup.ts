import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { projectRoot } from '../../src/kernel/paths.js';
import { startContainerImageBuild } from './container-image.js';
import { migrationsHash } from './embedded-data-dir.js';
import { TEST_DATABASE_URL, TEST_NAME_PREFIX, databaseUrlFor } from './test-env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpFile: string;
    pgTemplate: string;
  }
}

/**
 * The embedded database migrated once, by a child process in the background (decision 1159): every
 * global setup runs before the first test of any group, and this one took about 12 CPU-seconds in
 * Vitest's main process. pglite-project files wait for the file (test/helpers/pglite-dump.ts).
 */
function startPgliteDump(project: TestProject) {
  const file = join(tmpdir(), `hangar-pglite-dump-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'test/helpers/pglite-dump.ts'), file], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.once('error', (err) => writeFileSync(`${file}.error`, err.message));
  project.provide('pgliteDumpFile', file);
  return () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    for (const f of [file, `${file}.tmp`, `${file}.error`]) rmSync(f, { force: true });
  };
}

/** Migrate once, then every test file starts from a copy: a PGlite dump, a PostgreSQL template. */
export default async function setup(project: TestProject) {
  const name = project.config.name;
  if (name === 'pglite') return startPgliteDump(project);
  if (['postgres', 'e2e', 'e2e-flows', 'browser'].includes(name)) {
    const template = `${TEST_NAME_PREFIX}_tpl_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      // The postgres, e2e(-flows) and browser projects set up at the same time: one builds, the others wait.
      await admin.query("SELECT pg_advisory_lock(hashtext('hangar-test-template'))");
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (exists.rowCount === 0) {
        await admin.query(`CREATE DATABASE "${template}"`);
        const db = await openDatabase({ databaseUrl: databaseUrlFor(template), dataDir: '', poolSize: 1 });
        try {
          await migrate(db);
        } catch (err) {
          await db.close();
          await admin.query(`DROP DATABASE IF EXISTS "${template}"`);
          throw err;
        }
        await db.close();
      }
    } finally {
      await admin.end();
    }
    project.provide('pgTemplate', template);
  }
  // The container image test's build (minutes) starts now and overlaps the other files (decision 887).
  if (name === 'e2e' && (await runsFile(project, 'test/e2e/container-image.test.ts')))
    return startContainerImageBuild();
}

/** Whether this run's file filters (none: every file) select `file` of the project. */
async function runsFile(project: TestProject, file: string): Promise<boolean> {
  const filters: string[] | undefined = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  if (!filters?.length) return true;
  const { testFiles } = await project.globTestFiles(filters);
  return testFiles.some((f) => f.endsWith(file));
}
