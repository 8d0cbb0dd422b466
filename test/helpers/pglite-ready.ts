import { migratedPgliteDump } from './pglite-dump.js';

// The pglite project's setup file (decision 1159): a file's hooks start only once the migrated dump is
// there, so the wait for the global setup's background migration never counts against a hook's timeout.
await migratedPgliteDump();
