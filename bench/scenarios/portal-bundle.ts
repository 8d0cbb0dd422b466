import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectRoot } from '../../src/kernel/paths.js';
import type { Scenario } from '../lib.js';

/** The portal's first load: what the browser fetches for the shell and the catalog route. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const dist = join(projectRoot, 'web', 'dist');
const LIMIT_KB = 200;

/** The chunk and everything it imports statically (loaded before it runs). */
function closure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

const gzipped = (file: string) =>
  existsSync(join(dist, `${file}.gz`)) ? statSync(join(dist, `${file}.gz`)).size : gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * Reads web/dist/.vite/manifest.json (built first when out of date): initial JavaScript of the shell
 * (index.html's entry and its static imports) plus the catalog route (its lazy page and static imports),
 * gzipped as served. Measured once, on the first database only: it does not depend on it.
 */
const portalBundle: Scenario = async (ctx) => {
  if (ctx.kind !== 'pglite') return [];
  const { buildPortal } = await import(join(projectRoot, 'scripts', 'build-portal.mjs'));
  await buildPortal({ quiet: true });
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const shell = closure(manifest, 'index.html');
  const catalog = closure(manifest, 'src/routes/catalog/catalog-page.tsx', new Set(shell));
  const bytesOf = (keys: Iterable<string>) => [...keys].reduce((sum, k) => sum + gzipped(manifest[k].file), 0);
  const shellJs = bytesOf(shell);
  const catalogJs = bytesOf([...catalog].filter((k) => !shell.has(k)));
  const css = [...new Set([...catalog].flatMap((k) => manifest[k].css ?? []))].reduce((sum, f) => sum + gzipped(f), 0);
  const total = shellJs + catalogJs;
  return [
    {
      scenario: 'Portal initial JS: shell + catalog route (gzip)',
      database: ctx.kind,
      note: `${kb(total)} kB (limit ${LIMIT_KB} kB${total > LIMIT_KB * 1024 ? ', OVER' : ''}): shell ${kb(shellJs)} kB + catalog route ${kb(catalogJs)} kB; CSS ${kb(css)} kB`,
    },
  ];
};
export default portalBundle;
