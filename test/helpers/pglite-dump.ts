import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { inject } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { waitUntil } from './free-port.js';

/**
 * The migrated embedded database every pglite-project file starts from (decision 1159). The global
 * setup runs this file as a child process in the background, which writes the dump to the file it is
 * given (whole, by a rename) or the error next to it; test files wait for one or the other.
 */
async function writeDump(file: string): Promise<void> {
  try {
    const db = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
    await migrate(db);
    const blob: Blob = await (db.db as any).$client.dumpDataDir('none');
    await db.close();
    writeFileSync(`${file}.tmp`, Buffer.from(await blob.arrayBuffer()));
    renameSync(`${file}.tmp`, file);
  } catch (err) {
    writeFileSync(`${file}.error`, (err as Error).stack ?? String(err));
    process.exitCode = 1;
  }
}

let dump: Promise<Blob> | undefined;

/** The dump, read once per worker (files of a worker share the Blob; each loads its own database from it). */
export function migratedPgliteDump(): Promise<Blob> {
  dump ??= waitForDump(inject('pgliteDumpFile'));
  return dump;
}

async function waitForDump(file: string): Promise<Blob> {
  const failed = `${file}.error`;
  await waitUntil(
    async () => existsSync(file) || existsSync(failed),
    10 * 60_000,
    'the migrated embedded test database',
  );
  if (!existsSync(file))
    throw new Error(`migrating the embedded test database failed: ${readFileSync(failed, 'utf8')}`);
  return new Blob([new Uint8Array(readFileSync(file))]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await writeDump(process.argv[2]!);
