// The build stamp: the list of source files and the newest modification time. A new, removed or
// edited file under src/ means dist/ is out of date. Cheap to check (no esbuild loaded).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..');
export const stampFile = join(projectRoot, 'dist', '.build-stamp');

function sources(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
      out.push(path);
  }
  return out;
}

export function buildStamp() {
  const files = sources(join(projectRoot, 'src'));
  return JSON.stringify({
    bundle: 3,
    files: files.map((f) => relative(projectRoot, f)).sort(),
    newest: Math.max(...files.map((f) => statSync(f).mtimeMs)),
  });
}

export const isBuilt = () =>
  existsSync(stampFile) &&
  existsSync(join(projectRoot, 'dist', 'src', 'server.js')) &&
  readFileSync(stampFile, 'utf8') === buildStamp();
