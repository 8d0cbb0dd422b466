#!/usr/bin/env node
// `node scripts/server-manifest.mjs <folder>`: writes the server's own package.json and package-lock.json
// into <folder>, without the portal workspace (web/) and the development dependencies, so that
// `npm ci --omit=dev` there installs exactly the server's production dependencies at the versions the
// project's lock file pins. The container image's runtime needs nothing else (decision 881).
//
// Why not `npm ci --omit=dev --workspaces=false` in the repository: npm keeps every package the lock
// file marks as needed by a workspace (Vite, Rolldown, TypeScript, ...; npm/cli#6690), about 75 MB of
// build tools in a runtime image. Without the workspace and the development dependencies in the
// manifest, those entries of the lock file are unreachable and `npm ci` leaves them out.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

const WORKSPACE = 'web';

function serverManifest(pkg, lock) {
  const { workspaces: _w, devDependencies: _d, scripts: _s, ...server } = pkg;
  const packages = {};
  for (const [path, entry] of Object.entries(lock.packages)) {
    // The workspace's own folder (web, web/node_modules/...) and its link in node_modules.
    if (path === WORKSPACE || path.startsWith(`${WORKSPACE}/`) || entry.link) continue;
    if (path === '') {
      const { workspaces: _rw, devDependencies: _rd, ...root } = entry;
      packages[path] = root;
    } else packages[path] = entry;
  }
  return { server, lock: { ...lock, packages } };
}

const target = process.argv[2];
if (!target) {
  console.error('usage: node scripts/server-manifest.mjs <folder>');
  process.exit(2);
}
const read = (file) => JSON.parse(readFileSync(join(projectRoot, file), 'utf8'));
const { server, lock } = serverManifest(read('package.json'), read('package-lock.json'));
mkdirSync(target, { recursive: true });
writeFileSync(join(target, 'package.json'), `${JSON.stringify(server, null, 2)}\n`);
writeFileSync(join(target, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
