#!/usr/bin/env node
// `npm start`: builds dist/ only when a source changed (scripts/build.mjs), then runs the server in
// this same process, so a start on a built tree costs one Node process, not two.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isPortalBuilt } from './build-portal.mjs';
import { buildServer } from './build.mjs';

await buildServer();
// The portal is built when its sources changed, in a child process so Vite never stays in the server's
// memory. A failed portal build still starts the API, whose `/` then says the portal is not built.
if (!isPortalBuilt()) {
  const built = spawnSync(process.execPath, [fileURLToPath(new URL('./build-portal.mjs', import.meta.url))], {
    stdio: 'inherit',
  });
  if (built.status !== 0) console.error('The portal could not be built; starting the API without it.');
}
await import('../dist/src/server.js');
