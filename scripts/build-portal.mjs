// Builds the portal (web/) with Vite into web/dist when its sources changed, like build.mjs does for the
// server: a stamp (the list of web sources and the newest modification time) in web/dist/.build-stamp,
// so `npm start` on a built tree only stats the files. Vite and its plugins are dependencies of the web
// workspace (not devDependencies), so `NODE_ENV=production npm ci && npm start` can build too.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from './build-stamp.mjs';

export const webRoot = join(projectRoot, 'web');
export const portalDist = join(webRoot, 'dist');
const stampFile = join(portalDist, '.build-stamp');
const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  // Tests are not part of the build: editing one does not make web/dist stale.
  return readdirSync(path, { withFileTypes: true }).flatMap((e) =>
    e.name === 'node_modules' || /\.test\.tsx?$/.test(e.name) ? [] : files(join(path, e.name)),
  );
}

export function portalStamp() {
  const all = INPUTS.flatMap((p) => files(join(webRoot, p)));
  return JSON.stringify({ portal: 1, files: all.map((f) => relative(webRoot, f)).sort(), newest: Math.max(...all.map((f) => statSync(f).mtimeMs)) });
}

export const isPortalBuilt = () => existsSync(join(portalDist, 'index.html')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === portalStamp();

/** Builds web/dist unless it is up to date (or `force`). Resolves to true when it built. */
export async function buildPortal({ force = false, quiet = false } = {}) {
  if (!existsSync(join(webRoot, 'index.html'))) return false;
  if (!force && isPortalBuilt()) return false;
  const started = Date.now();
  // Vite is the web workspace's dependency: resolve it from there, wherever npm placed it.
  const vitePath = createRequire(join(webRoot, 'package.json')).resolve('vite');
  const { build } = await import(pathToFileURL(vitePath).href);
  await build({ root: webRoot, configFile: join(webRoot, 'vite.config.ts'), logLevel: quiet ? 'error' : 'warn', mode: 'production' });
  writeFileSync(stampFile, portalStamp());
  if (!quiet) console.log(`built web/dist in ${Date.now() - started} ms`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildPortal({ force: process.argv.includes('--force') });
}
