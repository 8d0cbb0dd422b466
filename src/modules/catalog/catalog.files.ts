import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';
import { Invalid } from '../../kernel/errors.js';
import { readEntity } from './catalog.entities.js';
import { EntityError, type ParsedEntity } from './catalog.entity-types.js';
import type { Sourced } from './catalog.ingest.js';
import type { PlaceholderReader } from './catalog.placeholders.js';
import { parseYamlDocuments } from './catalog.yaml.js';

const DESCRIPTOR_FILES = new Set(['catalog-info.yaml', 'catalog-info.yml']);
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);
/** Caps so a hostile or huge repository costs bounded work (the clone itself is size-capped by git). */
export const MAX_FILES = 2000;
const MAX_ENTRIES = 200_000;
const MAX_FILE_BYTES = 8 * 1024 * 1024;
const MAX_FILE_DOCUMENTS = 20_000;

export interface Skip {
  document: number;
  file?: string;
  kind: string | null;
  name: string | null;
  reason: string;
}
export interface FileError {
  file: string | null;
  document: number | null;
  message: string;
}

export interface WalkResult {
  entities: Sourced[];
  skipped: Skip[];
  errors: FileError[];
  files: string[];
  /** Files that could not be read whole: their entities are never marked orphan on this pass. */
  failedFiles: string[];
}

/**
 * Every catalog-info.yaml / .yml below `root`, sorted by path. Symbolic links are never followed
 * (a link named catalog-info.yaml must not read files outside the clone).
 */
export async function findDescriptorFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const stack = [root];
  let seen = 0;
  while (stack.length) {
    const dir = stack.pop()!;
    for (const e of await readdir(dir, { withFileTypes: true })) {
      if (++seen > MAX_ENTRIES) throw new Invalid(`Repository has more than ${MAX_ENTRIES} files and folders`);
      const full = join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name)) stack.push(full);
      } else if (e.isFile() && DESCRIPTOR_FILES.has(e.name)) {
        found.push(relative(root, full).split(sep).join('/'));
        if (found.length > MAX_FILES) throw new Invalid(`Repository has more than ${MAX_FILES} catalog-info files`);
      }
    }
  }
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** `target` relative to the folder of `from`, as a repository path; null when it leaves the repository. */
export function repoPath(from: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/') || target.includes('\0')) return null;
  const joined = posix.normalize(posix.join(posix.dirname(from), target));
  return joined === '..' || joined.startsWith('../') || joined.startsWith('/') ? null : joined.replace(/^\.\//, '');
}

/** Reads a repository file by path: a regular file inside the clone (symbolic links resolved, never out of it). */
export class MissingFile extends Error {}

export async function readRepoFile(root: string, path: string, knownRealRoot?: string): Promise<string> {
  // A walk resolves its root once (10,000 files: 10,000 fewer realpath calls).
  const realRoot = knownRealRoot ?? (await realpath(root));
  let full: string;
  try {
    full = await realpath(join(root, path));
  } catch {
    throw new MissingFile('no such file in the repository');
  }
  if (!full.startsWith(realRoot + sep)) throw new Error('is not a file of the repository');
  const info = await stat(full);
  if (!info.isFile()) throw new Error('is not a file');
  if (info.size > MAX_FILE_BYTES) throw new Error(`is larger than ${MAX_FILE_BYTES} bytes`);
  return readFile(full, 'utf8');
}

/** A start path given by a client: inside the repository and a regular file (400 otherwise). */
export async function assertStartFile(root: string, path: string): Promise<string> {
  const normal = repoPath('', path);
  if (!normal)
    throw new Invalid('path must be a file path inside the repository', [
      { field: 'path', problem: 'leaves the repository' },
    ]);
  const info = await lstat(join(root, normal)).catch(() => undefined);
  if (!info?.isFile())
    throw new Invalid(`path ${normal} is not a file of the repository`, [{ field: 'path', problem: 'no such file' }]);
  return normal;
}

/**
 * Reads a location: the start files, then every `kind: Location` target (relative to its file,
 * inside the repository), each file and each document on its own. Problems are collected, never thrown.
 */
export async function walkLocation(root: string, start: string[], lifecycles: readonly string[]): Promise<WalkResult> {
  const realRoot = await realpath(root);
  return walkFiles((path) => readRepoFile(root, path, realRoot), start, lifecycles);
}

/**
 * The same walk over files held in memory (a file read through a provider's API, decision 1031):
 * any other path is a missing file, exactly as in a clone that lacks it; no temporary folder.
 */
export async function walkTexts(
  files: Map<string, string>,
  start: string[],
  lifecycles: readonly string[],
): Promise<WalkResult> {
  return walkFiles(
    async (path) => {
      const text = files.get(path);
      if (text === undefined) throw new MissingFile('no such file in the repository');
      if (Buffer.byteLength(text) > MAX_FILE_BYTES) throw new Error(`is larger than ${MAX_FILE_BYTES} bytes`);
      return text;
    },
    start,
    lifecycles,
  );
}

/** A Location's targets join the walk's queue once each; a target outside the repository is an error. */
function followTargets(
  out: WalkResult,
  file: string,
  document: number,
  targets: string[],
  walk: { visited: Set<string>; queue: string[] },
) {
  for (const target of targets) {
    const path = repoPath(file, target);
    if (!path)
      out.errors.push({
        file,
        document,
        message: `target ${target.slice(0, 300)} is outside the repository (not followed)`,
      });
    else if (!walk.visited.has(path)) {
      walk.visited.add(path);
      walk.queue.push(path);
    }
  }
}

async function walkFiles(
  readFileAt: (path: string) => Promise<string>,
  start: string[],
  lifecycles: readonly string[],
): Promise<WalkResult> {
  const out: WalkResult = { entities: [], skipped: [], errors: [], files: [], failedFiles: [] };
  const queue = [...start];
  const visited = new Set(queue);
  const declared = new Map<string, string>();
  while (queue.length) {
    const file = queue.shift()!;
    out.files.push(file);
    let text: string;
    let documents: ReturnType<typeof parseYamlDocuments>;
    try {
      text = await readFileAt(file);
      documents = parseYamlDocuments(text, '', MAX_FILE_DOCUMENTS);
    } catch (err) {
      out.errors.push({ file, document: null, message: err instanceof Error ? err.message : String(err) });
      // A file that is gone is no failure to read: what it declared becomes orphan.
      if (!(err instanceof MissingFile)) out.failedFiles.push(file);
      continue;
    }
    const read: PlaceholderReader = async (kind, target) => {
      const path = repoPath(file, target);
      if (!path) throw new Error('is not a file of the same repository (not fetched)');
      return readFileAt(path);
    };
    for (const doc of documents) {
      if (doc.error !== undefined) {
        out.errors.push({ file, document: doc.document, message: doc.error });
        out.failedFiles.push(file);
        continue;
      }
      let parsed: ParsedEntity;
      try {
        parsed = await readEntity(doc.value, doc.document, { lifecycles, read });
      } catch (err) {
        if (!(err instanceof EntityError)) throw err;
        out.errors.push({ file, document: doc.document, message: err.message });
        out.failedFiles.push(file);
        continue;
      }
      if (parsed.entity === 'skipped') {
        out.skipped.push({
          document: parsed.document,
          file,
          kind: parsed.kind,
          name: parsed.name,
          reason: parsed.reason,
        });
        continue;
      }
      for (const w of parsed.warnings) out.errors.push({ file, document: doc.document, message: w });
      if (parsed.entity === 'location') {
        followTargets(out, file, doc.document, parsed.targets, { visited, queue });
        continue;
      }
      const where = `${file} document ${doc.document}`;
      const first = declared.get(parsed.ref);
      if (first) {
        out.errors.push({ file, document: doc.document, message: `${parsed.ref} is already declared by ${first}` });
        continue;
      }
      declared.set(parsed.ref, where);
      out.entities.push({ ...parsed, file });
    }
  }
  return out;
}

/** The short commit id of a fresh clone, read from `.git` (no extra git call). */
export async function headCommit(dir: string): Promise<string | null> {
  try {
    const head = (await readFile(join(dir, '.git', 'HEAD'), 'utf8')).trim();
    if (!head.startsWith('ref: ')) return head.slice(0, 7) || null;
    const ref = head.slice(5);
    const loose = await readFile(join(dir, '.git', ref), 'utf8').catch(() => undefined);
    if (loose) return loose.trim().slice(0, 7);
    const packed = await readFile(join(dir, '.git', 'packed-refs'), 'utf8').catch(() => '');
    const line = packed.split('\n').find((l) => l.endsWith(` ${ref}`));
    return line ? line.slice(0, 7) : null;
  } catch {
    return null;
  }
}
