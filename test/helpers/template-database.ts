import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { TEST_DATABASE_URL, TEST_NAME_PREFIX, databaseUrlFor } from './test-env.js';

/**
 * A PostgreSQL database cloned from the migrated template the global setup provides (`pgTemplate`),
 * named `<prefix>_<tag>_<random>` (quoted: a prefix may hold a hyphen); `drop` removes it, connections and all.
 */
export async function cloneTemplateDatabase(tag = 't'): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${TEST_NAME_PREFIX}_${tag}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`);
  return { name, url: databaseUrlFor(name), drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
