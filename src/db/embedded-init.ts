import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { migrationsFolder } from './migrate.js';

/** The newest committed migration: the data folder records it once it holds it. */
function latestMigration(): string {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)?.tag ?? '';
}

const markerOf = (dataDir: string) => join(dataDir, 'pgdata', '.hangar-migrated');

/** The built script next to the bundle's chunks; under tsx or vitest the TypeScript source through tsx's loader. */
function spawn(dataDir: string): ChildProcess {
  const js = fileURLToPath(new URL('./embedded-init.worker.js', import.meta.url));
  if (existsSync(js)) return fork(js, [dataDir], { stdio: 'inherit' });
  const ts = fileURLToPath(new URL('./embedded-init.worker.ts', import.meta.url));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
  return fork(ts, [dataDir], { stdio: 'inherit', execArgv: ['--import', tsx] });
}

/**
 * Before the server opens the embedded database of `dataDir`: when the folder is new or lacks a
 * committed migration, a child process creates and migrates it and exits, taking the memory this
 * costs with it (decision 409). A folder already up to date is left alone (no second open).
 * Returns whether the child process ran.
 */
export async function prepareEmbeddedDatabase(dataDir: string): Promise<boolean> {
  const latest = latestMigration();
  const marker = markerOf(dataDir);
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === latest) return false;
  mkdirSync(join(dataDir, 'pgdata'), { recursive: true });
  await new Promise<void>((resolve, reject) => {
    const child = spawn(dataDir);
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the embedded database could not be prepared (exit ${code})`)),
    );
  });
  writeFileSync(marker, `${latest}\n`);
  return true;
}
