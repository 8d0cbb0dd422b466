import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareEmbeddedDatabase } from '../../src/db/embedded-init.js';
import { migrationsFolder } from '../../src/db/migrate.js';

/** A name that changes whenever a migration does, so prepared databases are rebuilt only when needed. */
export function migrationsHash(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(migrationsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    h.update(f).update(readFileSync(join(migrationsFolder, f)));
  return h.digest('hex').slice(0, 12);
}

/**
 * A new DATA_DIR (under the system's temporary folder) holding an embedded database already created
 * and migrated, for tests whose subject is what a server does with an empty database, not its first
 * initdb (decision 1155). The first call prepares one folder per migration set with the server's own
 * `prepareEmbeddedDatabase` (about 12 CPU-seconds) and keeps it; each call copies it (a fraction of a
 * second). The first start itself stays tested by embedded-init.test.ts and `npm start`'s path in
 * lifecycle.test.ts, on fresh folders.
 */
export async function migratedDataDir(prefix = 'hangar-data-'): Promise<string> {
  const prepared = join(tmpdir(), `hangar-test-embedded-${migrationsHash()}`);
  if (!existsSync(join(prepared, 'pgdata', '.hangar-migrated'))) {
    const building = mkdtempSync(`${prepared}-building-`);
    await prepareEmbeddedDatabase(building);
    rmSync(prepared, { recursive: true, force: true });
    renameSync(building, prepared);
  }
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(prepared, dir, { recursive: true });
  return dir;
}
