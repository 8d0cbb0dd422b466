import { buildPortalQuietly, closure, gzipped, readManifest } from '../browser.js';
import type { Scenario } from '../lib.js';

/** The portal's first load: what the browser fetches for the shell and the catalog route. */

const LIMIT_KB = 200;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * Reads web/dist/.vite/manifest.json (built first when out of date): initial JavaScript of the shell
 * (index.html's entry and its static imports) plus the catalog route (its lazy page and static imports),
 * gzipped as served. Measured once, on the first database only: it does not depend on it.
 */
const portalBundle: Scenario = async (ctx) => {
  if (ctx.kind !== 'pglite') return [];
  await buildPortalQuietly();
  const manifest = readManifest();
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
