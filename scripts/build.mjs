#!/usr/bin/env node
// Compiles src/**/*.ts to dist/src with esbuild (a runtime dependency, so `NODE_ENV=production npm ci`
// can build too). Transpile only: type-checking is `npm run typecheck` and CI's job, not every start's.
// Without --force it does nothing when dist is newer than every source file, so `npm start` on a built
// tree starts at once.
import { existsSync, readdirSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const srcDir = join(root, 'src');
const outDir = join(root, 'dist', 'src');
const stampFile = join(root, 'dist', '.build-stamp');

function sources(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const files = sources(srcDir);
// The stamp records the file list and the newest modification time: a new, removed or edited file rebuilds.
const stamp = JSON.stringify({ files: files.map((f) => relative(root, f)).sort(), newest: Math.max(...files.map((f) => statSync(f).mtimeMs)) });
const force = process.argv.includes('--force');
if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) process.exit(0);

const started = Date.now();
rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: files,
  outdir: outDir,
  outbase: srcDir,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  bundle: false,
  sourcemap: 'linked',
  logLevel: 'warning',
});
writeFileSync(stampFile, stamp);
console.log(`built ${files.length} files into dist/src in ${Date.now() - started} ms`);
