import { RE2JS } from 're2js';
import type { TemplateVariableRow } from '../../db/schema/index.js';
import { Invalid } from '../../kernel/errors.js';

/** Pure rendering rules of templates and scaffolds: variable checks and `{{VARIABLE}}` substitution. */

/** A declared template variable, as stored (decision 609, TemplateVariable). */
export type VariableDefinition = TemplateVariableRow;

export interface TemplateFile {
  /** Relative path with forward slashes, possibly holding placeholders. */
  path: string;
  /** Text files are rendered; binary files (Buffer) are copied as they are. */
  content: string | Buffer;
}

/** A variable key: a letter or underscore, then letters, digits, `_`, `.` or `-` (SERVICE_NAME, serviceName, app-name). */
export const VARIABLE_KEY_SOURCE = '^[A-Za-z_][A-Za-z0-9_.-]*$';
// Only keys the template declares are replaced, so `${{ secrets.X }}` in CI files or `{{ .Values.x }}`
// in Helm charts stay as they are unless a variable of exactly that name exists.
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;

/** A compiled variable pattern: `test` finds a match anywhere in the value, as RegExp#test does. */
export interface Pattern {
  test(value: string): boolean;
}

/**
 * Compiles a variable's pattern with RE2 (the `re2js` port): matching takes time linear in the
 * value's length whatever the pattern, so a pattern like `^(a+)+$` cannot stall the process
 * (catastrophic backtracking). RE2 syntax is JavaScript's without backreferences and lookaround;
 * a pattern using them is refused as invalid. Undefined when it does not compile.
 */
export function compilePattern(pattern: string): Pattern | undefined {
  try {
    const re = RE2JS.compile(pattern);
    return { test: (value) => re.matcher(value).find() };
  } catch {
    return undefined;
  }
}

/**
 * Checks template variable definitions (create/update): keys unique, patterns compile, and a
 * non-empty default satisfies its own pattern (else every scaffold relying on it would be refused).
 */
export function assertVariableDefinitions(vars: VariableDefinition[]): void {
  const seen = new Set<string>();
  vars.forEach((v, i) => {
    const field = `variables.${i}`;
    if (seen.has(v.key)) throw new Invalid(`${field}.key "${v.key}" is declared twice`, [{ field: `${field}.key`, problem: 'is declared twice' }]);
    seen.add(v.key);
    if (v.pattern === undefined) return;
    const re = compilePattern(v.pattern);
    if (!re) throw new Invalid(`${field}.pattern of ${v.key} is not a valid regular expression (RE2 syntax: no backreferences or lookaround)`, [
        { field: `${field}.pattern`, problem: 'is not a valid regular expression (RE2 syntax: no backreferences or lookaround)' },
      ]);
    if (v.default !== '' && !re.test(v.default)) {
      throw new Invalid(`${field}.default of ${v.key} does not match its pattern ${v.pattern}`, [{ field: `${field}.default`, problem: 'does not match the pattern' }]);
    }
  });
}

/**
 * The values a scaffold renders with: every declared variable, from the request or its default.
 * A missing required variable or a value failing its pattern: 400 naming the variable.
 * Variables the template does not declare are ignored (and not stored).
 */
export function resolveVariables(defs: VariableDefinition[], given: Record<string, string> = {}): Record<string, string> {
  // A Map, turned into an object with Object.fromEntries (own data properties): a variable may be
  // named `__proto__`, which plain assignment would swallow.
  const values = new Map<string, string>();
  for (const def of defs) {
    const supplied = Object.prototype.hasOwnProperty.call(given, def.key) ? given[def.key] : undefined;
    if (supplied === undefined || supplied === '') {
      if (def.required) throw new Invalid(`Variable ${def.key} is required`, [{ field: `variables.${def.key}`, problem: 'is required' }]);
      values.set(def.key, def.default);
      continue;
    }
    if (def.pattern !== undefined) {
      const re = compilePattern(def.pattern);
      if (re && !re.test(supplied)) {
        throw new Invalid(`Variable ${def.key} does not match the pattern ${def.pattern}`, [{ field: `variables.${def.key}`, problem: `must match ${def.pattern}` }]);
      }
    }
    values.set(def.key, supplied);
  }
  return Object.fromEntries(values);
}

/** Replaces `{{KEY}}` for every known key; unknown placeholders stay as they are. */
export function substitute(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => (Object.prototype.hasOwnProperty.call(values, key) ? values[key]! : whole));
}

/** A rendered path must stay inside the repository: relative, no `..`, no empty segment, no `.git` segment. */
export function assertSafePath(path: string, original: string): void {
  const refuse = (why: string) => {
    throw new Invalid(`File path "${original}" renders to "${path}", which ${why}`);
  };
  if (path === '' || path.includes('\0')) refuse('is empty or invalid');
  if (path.startsWith('/') || path.includes('\\')) refuse('is not a relative path inside the repository');
  const segments = path.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) refuse('leaves the repository or has an empty segment');
  // git itself refuses a `.git` component anywhere in a path.
  if (segments.some((s) => s.toLowerCase() === '.git')) refuse('is inside a .git folder');
}

/** Renders contents (text only) and paths; returns the files sorted by their rendered path. */
export function renderFiles(files: TemplateFile[], values: Record<string, string>): TemplateFile[] {
  const out = new Map<string, TemplateFile>();
  for (const f of files) {
    const path = substitute(f.path, values);
    assertSafePath(path, f.path);
    if (out.has(path)) throw new Invalid(`Two template files render to the same path "${path}"`);
    out.set(path, { path, content: typeof f.content === 'string' ? substitute(f.content, values) : f.content });
  }
  return [...out.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A URL without the user-info part, for messages (a token in `https://token@host/…` never leaks). */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@');
}
