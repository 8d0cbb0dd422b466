#!/usr/bin/env node
// Builds the `hangar` command line (src/cli/hangar.ts) into one file, dist/cli/hangar.mjs, with esbuild
// (a runtime dependency, so it builds after `npm ci` and `NODE_ENV=production npm ci` alike).
//
// Unlike the server, the command line bundles its packages too (commander, yaml, the Backstage
// catalog model, Ajv, …): a command run in a CI step pays Node's start once per call, and resolving
// and linking hundreds of small module files was most of that. `bin/hangar.mjs` builds it on first
// use and again whenever a source under src/ changed (the stamp), so `npx hangar` works in the
// repository without a build step (decision 870).
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildStamp, projectRoot } from './build-stamp.mjs';

export const cliDir = join(projectRoot, 'dist', 'cli');
export const cliFile = join(cliDir, 'hangar.mjs');
export const cliStampFile = join(cliDir, '.build-stamp');

/** Packages that must stay files of their own: resolved at run time from node_modules. */
const EXTERNAL = ['@backstage/catalog-model/alpha'];

export async function buildCli({ quiet = false } = {}) {
  const { build } = await import('esbuild');
  const started = Date.now();
  mkdirSync(cliDir, { recursive: true });
  // Written aside and renamed into place: two first runs at once (parallel CI steps, tests) never
  // see a half-written bundle.
  const temp = join(cliDir, `hangar.${process.pid}.mjs`);
  const stamp = buildStamp();
  const result = await build({
    entryPoints: [join(projectRoot, 'src', 'cli', 'hangar.ts')],
    outfile: temp,
    bundle: true,
    external: EXTERNAL,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    metafile: true,
    legalComments: 'none',
    // CommonJS code inlined into an ES module bundle may call require().
    banner: {
      js: "import { createRequire as __hangarCreateRequire } from 'node:module'; const require = __hangarCreateRequire(import.meta.url);",
    },
  });
  // The command line never opens a database: a bundle that pulled a driver in is a build error.
  const inputs = Object.keys(result.metafile.inputs);
  const forbidden = inputs.filter((f) =>
    /(^|\/)(src\/db\/|node_modules\/(drizzle-orm|pg|@electric-sql\/pglite|ioredis|bullmq|fastify)\/)/.test(f),
  );
  if (forbidden.length) {
    rmSync(temp, { force: true });
    throw new Error(`the hangar bundle must not include ${forbidden.slice(0, 5).join(', ')}`);
  }
  renameSync(temp, cliFile);
  writeFileSync(`${cliStampFile}.${process.pid}`, stamp);
  renameSync(`${cliStampFile}.${process.pid}`, cliStampFile);
  if (!quiet) console.log(`built dist/cli/hangar.mjs in ${Date.now() - started} ms`);
}

export function isCliBuilt() {
  try {
    return readFileSync(cliStampFile, 'utf8') === buildStamp();
  } catch {
    return false;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await buildCli();
