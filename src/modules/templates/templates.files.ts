import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { withTempDir } from '../../infra/temp-dir.js';
import type { Git } from '../../integrations/git/git.port.js';
import { Invalid } from '../../kernel/errors.js';
import { BUILTIN_SCHEME, builtinDir } from './templates.builtin.js';
import type { TemplateFile } from './templates.render.js';

/** A template's files: its folder under templates/builtin, or its repository's tree at the default branch. */

const MAX_FILES = 5000;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text when it is valid UTF-8 without NUL bytes; otherwise the raw bytes (copied, never rendered). */
function decode(bytes: Buffer): string | Buffer {
  if (bytes.includes(0)) return bytes;
  try {
    return utf8.decode(bytes);
  } catch {
    return bytes;
  }
}

/**
 * Every regular file below `root` except the `.git` folder, with forward-slash relative paths.
 * Symbolic links (neither file nor folder to a Dirent) are skipped: following one could read files
 * of the server itself.
 */
export async function readTree(root: string): Promise<TemplateFile[]> {
  const files: TemplateFile[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      if (!prefix && e.name === '.git') continue;
      const abs = join(dir, e.name);
      if (e.isDirectory()) await walk(abs, rel);
      else if (e.isFile()) {
        if (files.length >= MAX_FILES) throw new Invalid(`The template has more than ${MAX_FILES} files`);
        files.push({ path: rel, content: decode(await readFile(abs)) });
      }
    }
  };
  await walk(root, '');
  return files;
}

export const isBuiltinUrl = (url: string) => url.startsWith(BUILTIN_SCHEME);

/**
 * Loads the files of a template. Git failures surface as GitError (the caller words the message);
 * a built-in folder that is missing is a broken installation, reported as such.
 */
export async function loadTemplateFiles(
  git: Git,
  template: { name: string; repositoryUrl: string; isBuiltIn: boolean },
  signal?: AbortSignal,
): Promise<TemplateFile[]> {
  if (template.isBuiltIn && isBuiltinUrl(template.repositoryUrl)) {
    const name = template.repositoryUrl.slice(BUILTIN_SCHEME.length);
    try {
      return await readTree(builtinDir(name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`The files of built-in template ${name} are missing from this installation`);
      throw err;
    }
  }
  return withTempDir('template', async (dir) => {
    const checkout = join(dir, 'tree');
    await git.shallowClone(template.repositoryUrl, checkout, undefined, { signal });
    return readTree(checkout);
  });
}
