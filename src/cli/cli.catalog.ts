import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { LineCounter, parseAllDocuments } from 'yaml';
import { DEFAULT_LIFECYCLES } from '../config/catalog.js';
import { validateCatalogFiles } from '../modules/catalog/catalog.offline.js';
import { connection } from './cli.config.js';
import { CliError, EXIT } from './cli.errors.js';
import { callApi } from './cli.http.js';
import { annotation, print } from './cli.output.js';

const DESCRIPTORS = new Set(['catalog-info.yaml', 'catalog-info.yml']);
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);

/** Every catalog-info.yaml/.yml below a folder (`.git` and `node_modules` skipped, links not followed). */
function descriptorsUnder(dir: string, out: string[]) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory() && !SKIPPED_DIRS.has(e.name)) descriptorsUnder(full, out);
    else if (e.isFile() && DESCRIPTORS.has(e.name)) out.push(full);
  }
}

/** Files, folders and globs (quoted, or left unexpanded by the shell) to absolute file paths, each once. */
async function expand(paths: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const p of paths) {
    if (!existsSync(p) && isDynamicPattern(p)) {
      const matches = await glob(p, { absolute: true, onlyFiles: true, ignore: ['**/node_modules/**', '**/.git/**'] });
      if (matches.length === 0) throw new CliError(`${p}: no file matches`);
      for (const m of matches) found.add(resolve(m));
      continue;
    }
    let info;
    try {
      info = statSync(p);
    } catch {
      throw new CliError(`${p}: no such file or folder`);
    }
    if (info.isDirectory()) {
      const under: string[] = [];
      descriptorsUnder(resolve(p), under);
      if (under.length === 0) throw new CliError(`${p}: no catalog-info.yaml in this folder`);
      for (const f of under) found.add(f);
    } else found.add(resolve(p));
  }
  return [...found].sort();
}

/**
 * The repository a file belongs to (the nearest folder holding `.git`), else the current folder when
 * the file is inside it, else the file's own folder: placeholders and `Location` targets resolve
 * inside it, exactly as on the server's clone.
 */
function rootFinder(cwd: string): (file: string) => string {
  // Folders already looked at: 10,000 files in a few hundred folders cost a few hundred lookups.
  const repoOf = new Map<string, string | null>();
  const repo = (dir: string): string | null => {
    const known = repoOf.get(dir);
    if (known !== undefined) return known;
    const found = existsSync(join(dir, '.git')) ? dir : dir === dirname(dir) ? null : repo(dirname(dir));
    repoOf.set(dir, found);
    return found;
  };
  return (file) => repo(dirname(file)) ?? (file.startsWith(cwd + sep) ? cwd : dirname(file));
}

/**
 * Where a problem is, for annotations: the line of the field the message names (`"metadata.name" is
 * not valid`, `spec.lifecycle must be …`), else the first line of its document, else 1.
 */
function lineFinder(file: string): (document: number | null, message: string) => number {
  let docs: ReturnType<typeof parseAllDocuments> = [];
  const lineCounter = new LineCounter();
  try {
    const parsed = parseAllDocuments(readFileSync(file, 'utf8'), { lineCounter, prettyErrors: false });
    docs = Array.isArray(parsed) ? parsed : [];
  } catch {
    // unreadable: every problem of the file is on line 1
  }
  return (document, message) => {
    const doc = document !== null ? docs[document - 1] : undefined;
    if (!doc) return 1;
    const field = /(?:^|")((?:apiVersion|kind|metadata|spec)(?:\.[\w$-]+)*)(?:"|\s)/.exec(message)?.[1];
    const node = field
      ? (doc.getIn(field.split('.'), true) as { range?: [number, number, number] } | undefined)
      : undefined;
    const at = node?.range?.[0] ?? doc.contents?.range?.[0] ?? doc.range?.[0] ?? 0;
    return lineCounter.linePos(at).line;
  };
}

export interface ValidateOptions {
  format: 'text' | 'json' | 'github';
  lifecycles?: string;
  strict?: boolean;
}

/** `hangar catalog validate PATH…`: offline, the server's verdict on every descriptor (decision 867). */
export async function validateCommand(paths: string[], opts: ValidateOptions, env = process.env): Promise<number> {
  const lifecycles = [
    ...new Set(
      (opts.lifecycles ?? env.CATALOG_LIFECYCLES ?? DEFAULT_LIFECYCLES).split(',').map((s) => s.trim().toLowerCase()),
    ),
  ].filter(Boolean);
  const cwd = process.cwd();
  const byRoot = new Map<string, string[]>();
  const rootOf = rootFinder(cwd);
  for (const file of await expand(paths)) {
    const root = rootOf(file);
    const group = byRoot.get(root) ?? [];
    if (group.length === 0) byRoot.set(root, group);
    group.push(relative(root, file).split(sep).join('/'));
  }
  const shown = (root: string, file: string | null) =>
    file === null ? null : relative(cwd, join(root, file)).split(sep).join('/');
  const files: string[] = [];
  const entities: { file: string; document: number; ref: string }[] = [];
  const skipped: { file: string | null; document: number; kind: string | null; name: string | null; reason: string }[] =
    [];
  const problems: {
    file: string | null;
    document: number | null;
    line: number | null;
    level: 'error' | 'warning';
    message: string;
  }[] = [];
  for (const [root, rel] of byRoot) {
    const v = await validateCatalogFiles(root, rel, lifecycles);
    files.push(...v.files.map((f) => shown(root, f)!));
    entities.push(...v.entities.map((e) => ({ ...e, file: shown(root, e.file)! })));
    skipped.push(
      ...v.skipped.map((s) => ({
        file: shown(root, s.file ?? null),
        document: s.document,
        kind: s.kind,
        name: s.name,
        reason: s.reason,
      })),
    );
    const finders = new Map<string, ReturnType<typeof lineFinder>>();
    for (const p of v.problems) {
      let line: number | null = null;
      if (p.file !== null) {
        if (!finders.has(p.file)) finders.set(p.file, lineFinder(join(root, p.file)));
        line = finders.get(p.file)!(p.document, p.message);
      }
      problems.push({ file: shown(root, p.file), document: p.document, line, level: p.level, message: p.message });
    }
  }
  const errors = problems.filter((p) => p.level === 'error').length;
  const warnings = problems.length - errors;
  const failed = errors > 0 || (opts.strict === true && warnings > 0);
  const summary = `${files.length} file(s), ${entities.length} entit${entities.length === 1 ? 'y' : 'ies'}, ${errors} error(s), ${warnings} warning(s)`;
  if (opts.format === 'json') {
    print(JSON.stringify({ valid: !failed, files, entities, skipped, problems, errors, warnings }, null, 2));
  } else {
    for (const p of problems) {
      const where = p.document !== null ? `document ${p.document}: ` : '';
      if (opts.format === 'github')
        print(annotation(p.level, `${where}${p.message}`, { file: p.file, line: p.line, title: 'catalog-info' }));
      else print(`${p.file ?? '(no file)'}${p.line ? `:${p.line}` : ''}: ${p.level}: ${where}${p.message}`);
    }
    print(`${failed ? 'invalid' : 'valid'}: ${summary}`);
  }
  return failed ? EXIT.finding : EXIT.ok;
}

interface RegisterAnswer {
  created: { entityRef: string }[];
  updated: { entityRef: string }[];
  unchanged: { entityRef: string }[];
  skipped: { kind: string | null; name: string | null; reason: string }[];
  errors: { file: string | null; document: number | null; message: string }[];
}

/** `hangar catalog register FILE|URL`: register-yaml for a file, a location for a repository URL. */
export async function registerCommand(
  target: string,
  opts: { branch?: string; path?: string; json?: boolean; organization?: string },
): Promise<number> {
  const conn = connection(process.env, opts.organization);
  const isUrl = /^(https?|ssh|git|file):\/\//i.test(target) || /^[\w.-]+@[\w.-]+:/.test(target);
  let answer;
  if (isUrl) {
    answer = await callApi<RegisterAnswer>(
      conn,
      'POST',
      '/api/v1/catalog/locations',
      { url: target, branch: opts.branch, path: opts.path },
      { findings: [400, 409] },
    );
  } else {
    if (opts.branch || opts.path) throw new CliError('--branch and --path apply to a repository URL, not a file');
    let yaml: string;
    try {
      yaml = readFileSync(isAbsolute(target) ? target : resolve(target), 'utf8');
    } catch {
      throw new CliError(`${target}: no such file`);
    }
    answer = await callApi<RegisterAnswer>(
      conn,
      'POST',
      '/api/v1/catalog/register-yaml',
      { yaml },
      { findings: [400, 409] },
    );
  }
  const r = answer.body;
  if (opts.json) {
    print(JSON.stringify(r, null, 2));
    return EXIT.ok;
  }
  for (const [word, list] of [
    ['created', r.created],
    ['updated', r.updated],
    ['unchanged', r.unchanged],
  ] as const) {
    for (const c of list ?? []) print(`${word} ${c.entityRef}`);
  }
  for (const s of r.skipped ?? []) print(`skipped ${s.kind ?? '?'} ${s.name ?? '?'}: ${s.reason}`);
  for (const e of r.errors ?? [])
    print(`warning: ${e.file ? `${e.file}: ` : ''}${e.document ? `document ${e.document}: ` : ''}${e.message}`);
  print(`${r.created?.length ?? 0} created, ${r.updated?.length ?? 0} updated, ${r.unchanged?.length ?? 0} unchanged`);
  return EXIT.ok;
}
