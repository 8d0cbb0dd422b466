import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { migrate, migrationsFolder } from '../../src/db/migrate.js';
import { startContainerImageBuild } from './container-image.js';
import { TEST_DATABASE_URL, TEST_NAME_PREFIX, databaseUrlFor } from './test-env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}

/** A name that changes whenever a migration does, so templates are rebuilt only when needed. */
function migrationsHash() {
  const h = createHash('sha256');
  for (const f of readdirSync(migrationsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    h.update(f).update(readFileSync(join(migrationsFolder, f)));
  return h.digest('hex').slice(0, 12);
}

/** Migrate once, then every test file starts from a copy: a PGlite dump, a PostgreSQL template. */
export default async function setup(project: TestProject) {
  const name = project.config.name;
  if (name === 'pglite') {
    const db = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
    await migrate(db);
    const client = (db.db as any).$client;
    const blob: Blob = await client.dumpDataDir('none');
    await db.close();
    project.provide('pgliteDump', Buffer.from(await blob.arrayBuffer()).toString('base64'));
  }
  if (name === 'postgres' || name === 'e2e' || name === 'browser') {
    const template = `${TEST_NAME_PREFIX}_tpl_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      // The postgres, e2e and browser projects set up at the same time: one builds, the others wait.
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
  if (name === 'e2e' && (await runsFile(project, 'test/e2e/container-image.test.ts'))) return startContainerImageBuild();
}

/** Whether this run's file filters (none: every file) select `file` of the project. */
async function runsFile(project: TestProject, file: string): Promise<boolean> {
  const filters: string[] | undefined = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  if (!filters?.length) return true;
  const { testFiles } = await project.globTestFiles(filters);
  return testFiles.some((f) => f.endsWith(file));
}
