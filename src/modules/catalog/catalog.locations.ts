import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { Invalid } from '../../kernel/errors.js';
import { MAX_YAML_CHARS } from './catalog.schemas.js';

const DESCRIPTOR_FILES = new Set(['catalog-info.yaml', 'catalog-info.yml']);
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);
/** Caps so a hostile or huge repository costs bounded work (the clone itself is size-capped by git.ts). */
export const MAX_DESCRIPTOR_FILES = 200;
const MAX_ENTRIES = 100_000;

export interface DescriptorFile {
  /** Path relative to the repository root, with "/" separators. */
  path: string;
  text: string;
}

/**
 * Every catalog-info.yaml / .yml below `root`, sorted by path. Symbolic links are never followed
 * (a link named catalog-info.yaml must not read files outside the clone).
 */
export async function findDescriptorFiles(root: string): Promise<DescriptorFile[]> {
  const found: string[] = [];
  const stack = [root];
  let seen = 0;
  while (stack.length) {
    const dir = stack.pop()!;
    const entries = await readdir(dir, { withFileTypes: true });
    for (const e of entries) {
      if (++seen > MAX_ENTRIES) throw new Invalid(`Repository has more than ${MAX_ENTRIES} files and folders`);
      const full = join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name)) stack.push(full);
      } else if (e.isFile() && DESCRIPTOR_FILES.has(e.name)) {
        found.push(full);
        if (found.length > MAX_DESCRIPTOR_FILES) throw new Invalid(`Repository has more than ${MAX_DESCRIPTOR_FILES} catalog-info files`);
      }
    }
  }
  const files: DescriptorFile[] = [];
  for (const full of found) {
    const path = relative(root, full).split(sep).join('/');
    if ((await stat(full)).size > MAX_YAML_CHARS) throw new Invalid(`${path} is larger than ${MAX_YAML_CHARS} bytes`);
    files.push({ path, text: await readFile(full, 'utf8') });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
