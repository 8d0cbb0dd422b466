import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { prepareEmbeddedDatabase } from '../../src/db/embedded-init.js';

// The first start of the embedded database creates and migrates its folder in a child process, whose
// memory goes when it exits (decision 409); the server then opens the folder already migrated.
const dataDir = mkdtempSync(join(tmpdir(), 'hangar-embedded-init-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('preparing the embedded database off the server process', () => {
  it('creates and migrates a new data folder once, then leaves it alone', async () => {
    expect(await prepareEmbeddedDatabase(dataDir)).toBe(true);
    expect(readFileSync(join(dataDir, 'pgdata', '.hangar-migrated'), 'utf8')).toMatch(/^0\d+_/);
    expect(existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    // Opened fresh in this process: the schema is there, nothing left to migrate.
    const handle = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const rows = (await handle.db.execute(
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      const journal = JSON.parse(
        readFileSync(join(import.meta.dirname, '../../src/db/migrations/meta/_journal.json'), 'utf8'),
      );
      expect(rows.rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await handle.close();
    }
    expect(await prepareEmbeddedDatabase(dataDir)).toBe(false);
  }, 300_000);
});
