import { openDatabase } from './client.js';
import { migrate } from './migrate.js';

/**
 * Run as a child process (`node embedded-init.worker.js <dataDir>`): creates (initdb) and migrates
 * the embedded database's data folder, then exits. The WebAssembly memory PGlite grows while doing so
 * (~500 MB on a first start) never shrinks, and only a process exit gives it back to the system
 * (decision 409). The server then opens the folder fresh.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: embedded-init.worker <dataDir>');
const handle = await openDatabase({ databaseUrl: undefined, dataDir });
try {
  await migrate(handle);
} finally {
  await handle.close();
}
