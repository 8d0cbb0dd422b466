// Builds the portal (web/) with Vite into web/dist when its sources changed, like build.mjs does for the
// server: a stamp (the list of web sources and the newest modification time) in web/dist/.build-stamp,
// so `npm start` on a built tree only stats the files. Vite and its plugins are dependencies of the web
// workspace (not devDependencies), so `NODE_ENV=production npm ci && npm start` can build too.
// Builds that start together (`npm start` beside the browser tests' setup) never share a tree: one
// holds web/dist.lock while it builds, Vite writes into a folder of its own, and the finished tree
// replaces web/dist by rename (decision 182).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from './build-stamp.mjs';

export const webRoot = join(projectRoot, 'web');
export const portalDist = join(webRoot, 'dist');
const stampFile = join(portalDist, '.build-stamp');
const lockDir = join(webRoot, 'dist.lock');
/** A build takes well under a minute; a lock older than this was left by a process that died. */
const STALE_LOCK_MS = 10 * 60_000;
const LOCK_WAIT_MS = 15 * 60_000;
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
  // `portal: 2`: trees built before decision 1070 may hold React's development build; they are rebuilt.
  return JSON.stringify({
    portal: 2,
    files: all.map((f) => relative(webRoot, f)).sort(),
    newest: Math.max(...all.map((f) => statSync(f).mtimeMs)),
  });
}

export const isPortalBuilt = () =>
  existsSync(join(portalDist, 'index.html')) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, 'utf8') === portalStamp();

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};

/** mkdir is atomic: the one process that creates web/dist.lock builds; the others wait for it. */
async function withBuildLock(work) {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(join(lockDir, 'owner'), JSON.stringify({ pid: process.pid, at: Date.now() }));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      let owner;
      try {
        owner = JSON.parse(readFileSync(join(lockDir, 'owner'), 'utf8'));
      } catch {
        owner = undefined; // just created, owner not written yet
      }
      const stale = owner
        ? !alive(owner.pid) || Date.now() - owner.at > STALE_LOCK_MS
        : Date.now() - statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs > STALE_LOCK_MS;
      if (stale) rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() > deadline)
        throw new Error(
          `web/dist is being built by process ${owner?.pid ?? '?'} for too long (remove ${lockDir} if it is gone)`,
        );
      else await sleep(200);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Builds web/dist unless it is up to date (or `force`). Resolves to true when it built. */
export async function buildPortal({ force = false, quiet = false } = {}) {
  if (!existsSync(join(webRoot, 'index.html'))) return false;
  if (!force && isPortalBuilt()) return false;
  return withBuildLock(async () => {
    // Another process may have built it while this one waited.
    if (!force && isPortalBuilt()) return false;
    const started = Date.now();
    // Vite is the web workspace's dependency: resolve it from there, wherever npm placed it.
    const vitePath = createRequire(join(webRoot, 'package.json')).resolve('vite');
    const { build } = await import(pathToFileURL(vitePath).href);
    const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
    const fresh = join(webRoot, `dist.tmp-${suffix}`);
    const old = join(webRoot, `dist.old-${suffix}`);
    // Always React's production build (decision 1070): Vite takes NODE_ENV from the environment when it
    // is set, and Vitest sets it to `test`, so the browser tests' setup built the development bundle
    // (slower rendering, development warnings) and `npm start` then served that tree.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const stamp = portalStamp();
      await build({
        root: webRoot,
        configFile: join(webRoot, 'vite.config.ts'),
        logLevel: quiet ? 'error' : 'warn',
        mode: 'production',
        build: { outDir: fresh, emptyOutDir: true },
      });
      writeFileSync(join(fresh, '.build-stamp'), stamp);
      // Two renames: the old tree is moved aside whole, the new one takes its name whole.
      if (existsSync(portalDist)) renameSync(portalDist, old);
      renameSync(fresh, portalDist);
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
      rmSync(fresh, { recursive: true, force: true });
      rmSync(old, { recursive: true, force: true });
    }
    if (!quiet) console.log(`built web/dist in ${Date.now() - started} ms`);
    return true;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildPortal({ force: process.argv.includes('--force') });
}
