#!/usr/bin/env node
// Builds the server into dist/src with esbuild (a runtime dependency, so `NODE_ENV=production npm ci`
// can build too). Transpile only: type-checking is `npm run typecheck` and CI's job, not every start's.
//
// The server is bundled: Node resolves, reads and links every ES module file on its own, and the
// ~360 source files plus the ~800 small files of typebox and drizzle-orm took about 0.4 s of every
// start. Other packages stay external (loaded from node_modules as usual); code behind a dynamic
// import() lands in its own chunk, loaded on first use. Worker threads get entries of their own.
//
// Without --force it does nothing when the stamp matches the sources, so `npm start` on a built
// tree starts at once (scripts/start.mjs checks the stamp in-process).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildStamp, isBuilt, projectRoot, stampFile } from './build-stamp.mjs';

/**
 * Inlined into the bundle: pure-JS packages made of many small files, and the HTTP stack every start
 * loads (Fastify and its plugins, the JWT, metrics and settings libraries, and what they require).
 * Node resolved, read and compiled their ~600 CommonJS files one by one on every start (decision 899).
 * Packages with native code, WebAssembly, worker files or assets read from their folder stay external.
 */
const INLINED = new Set([
  'typebox',
  'drizzle-orm',
  'fastify',
  'find-my-way',
  '@fastify/cookie',
  '@fastify/cors',
  '@fastify/fast-json-stringify-compiler',
  '@fastify/formbody',
  '@fastify/rate-limit',
  '@fastify/type-provider-typebox',
  'secure-json-parse',
  'helmet',
  'prom-client',
  'fast-jwt',
  'croner',
  'semver',
  'yaml',
  'ajv',
  'ajv-formats',
  'ajv-draft-04',
]);

/** Entry points, named as their output file under dist/src (workers resolve `./<name>.js` from any chunk). */
const ENTRIES = {
  server: 'src/server.ts',
  'spec.worker': 'src/modules/api-specs/spec/spec.worker.ts',
  'embedded-init.worker': 'src/db/embedded-init.worker.ts',
};

export async function buildServer({ force = false, quiet = false } = {}) {
  if (!force && isBuilt()) return false;
  const { build } = await import('esbuild');
  const started = Date.now();
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies)
    .filter((name) => !INLINED.has(name))
    .flatMap((name) => [name, `${name}/*`]);
  const outdir = join(projectRoot, 'dist', 'src');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(projectRoot, file)])),
    outdir,
    bundle: true,
    splitting: true,
    external,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // CommonJS code inlined into an ES module bundle may call require().
    banner: {
      js: "import { createRequire as __hangarCreateRequire } from 'node:module'; const require = __hangarCreateRequire(import.meta.url);",
    },
  });
  writeFileSync(stampFile, buildStamp());
  if (!quiet) console.log(`built dist/src in ${Date.now() - started} ms`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const force = process.argv.includes('--force');
  await buildServer({ force });
  // The portal too (scripts/build-portal.mjs): `npm run build` builds everything `npm start` serves.
  const { buildPortal } = await import('./build-portal.mjs');
  await buildPortal({ force });
}
