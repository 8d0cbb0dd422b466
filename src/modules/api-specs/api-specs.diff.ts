import type { SpecDocument, SpecFormat } from './api-specs.format.js';

/** Pure diff of two parsed specifications (old -> new). No I/O, deterministic output. */
export interface DiffEntry {
  type: 'added' | 'removed' | 'modified';
  breaking: boolean;
  path: string;
  detail: string;
}

export interface SpecDiffResult {
  totalChanges: number;
  breakingChanges: number;
  entries: DiffEntry[];
}

/** The operations document 1 names; HEAD, OPTIONS and TRACE are not compared. */
export const OPERATIONS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const objOr = (v: unknown): Obj => (isObj(v) ? v : {});

/** Resolves a local `$ref` ('#/components/parameters/X', '#/parameters/X', any '#/…' pointer); cycles end after a few hops. */
function resolveRef(doc: SpecDocument, value: unknown, hops = 0): unknown {
  if (!isObj(value) || typeof value.$ref !== 'string') return value;
  if (hops > 8 || !value.$ref.startsWith('#/')) return undefined;
  let cur: unknown = doc;
  for (const raw of value.$ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObj(cur) || !Object.hasOwn(cur, key)) return undefined;
    cur = cur[key];
  }
  return resolveRef(doc, cur, hops + 1);
}

interface Param {
  name: string;
  in: string;
  required: boolean;
}

/** Path-level parameters merged with the operation's own (the operation's win), keyed by (in, name). */
function effectiveParams(doc: SpecDocument, pathItem: Obj, operation: Obj): Map<string, Param> {
  const params = new Map<string, Param>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const p = resolveRef(doc, item);
      // Unresolvable references and malformed entries carry no (name, in) to compare by: skipped.
      if (!isObj(p) || typeof p.name !== 'string' || typeof p.in !== 'string') continue;
      // Path parameters are always required (OpenAPI makes `required: true` mandatory for them).
      params.set(`${p.in}\u0000${p.name}`, { name: p.name, in: p.in, required: p.in === 'path' || p.required === true });
    }
  }
  return params;
}

const describe = (p: Param) => `${p.required ? 'required' : 'optional'} ${p.in} parameter '${p.name}'`;

function diffParams(entries: DiffEntry[], where: string, before: Map<string, Param>, after: Map<string, Param>) {
  for (const [key, old] of before) {
    const now = after.get(key);
    if (!now) entries.push({ type: 'removed', breaking: old.required, path: where, detail: `${describe(old)} removed` });
    else if (!old.required && now.required)
      entries.push({ type: 'modified', breaking: true, path: where, detail: `${old.in} parameter '${old.name}' became required` });
    else if (old.required && !now.required)
      entries.push({ type: 'modified', breaking: false, path: where, detail: `${old.in} parameter '${old.name}' is no longer required` });
  }
  for (const [key, now] of after) {
    // A new required parameter breaks existing clients, which do not send it.
    if (!before.has(key)) entries.push({ type: 'added', breaking: now.required, path: where, detail: `${describe(now)} added` });
  }
}

/** Keys of `paths` (only those starting with '/', so `x-` extensions are ignored). */
const pathKeys = (paths: Obj) => Object.keys(paths).filter((k) => k.startsWith('/'));

function diffOpenApi(oldDoc: SpecDocument, newDoc: SpecDocument): DiffEntry[] {
  const entries: DiffEntry[] = [];
  const oldPaths = objOr(oldDoc.paths);
  const newPaths = objOr(newDoc.paths);
  const newKeys = new Set(pathKeys(newPaths));
  const oldKeys = new Set(pathKeys(oldPaths));
  for (const path of oldKeys) {
    if (!newKeys.has(path)) {
      entries.push({ type: 'removed', breaking: true, path, detail: `path '${path}' removed` });
      continue;
    }
    const before = objOr(resolveRef(oldDoc, oldPaths[path]));
    const after = objOr(resolveRef(newDoc, newPaths[path]));
    for (const method of OPERATIONS) {
      const where = `${method.toUpperCase()} ${path}`;
      const hadOp = isObj(before[method]);
      const hasOp = isObj(after[method]);
      if (hadOp && !hasOp) entries.push({ type: 'removed', breaking: true, path: where, detail: `operation ${where} removed` });
      else if (!hadOp && hasOp) entries.push({ type: 'added', breaking: false, path: where, detail: `operation ${where} added` });
      else if (hadOp && hasOp) {
        diffParams(entries, where, effectiveParams(oldDoc, before, before[method] as Obj), effectiveParams(newDoc, after, after[method] as Obj));
      }
    }
  }
  for (const path of newKeys) {
    if (!oldKeys.has(path)) entries.push({ type: 'added', breaking: false, path, detail: `path '${path}' added` });
  }
  return entries;
}

/** AsyncAPI: top-level channel keys, with the path rules (removed = breaking, added = not). */
function diffAsyncApi(oldDoc: SpecDocument, newDoc: SpecDocument): DiffEntry[] {
  const entries: DiffEntry[] = [];
  const before = Object.keys(objOr(oldDoc.channels));
  const after = new Set(Object.keys(objOr(newDoc.channels)));
  const beforeSet = new Set(before);
  for (const ch of before) if (!after.has(ch)) entries.push({ type: 'removed', breaking: true, path: ch, detail: `channel '${ch}' removed` });
  for (const ch of after) if (!beforeSet.has(ch)) entries.push({ type: 'added', breaking: false, path: ch, detail: `channel '${ch}' added` });
  return entries;
}

// Code-unit order, not locale order: the same input gives the same output on every machine.
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Compares `oldDoc` (the older version) with `newDoc`; entries sorted by path, then type, then detail. */
export function diffSpecs(format: SpecFormat, oldDoc: SpecDocument, newDoc: SpecDocument): SpecDiffResult {
  const entries = format === 'openapi' ? diffOpenApi(oldDoc, newDoc) : diffAsyncApi(oldDoc, newDoc);
  entries.sort((a, b) => cmp(a.path, b.path) || cmp(a.type, b.type) || cmp(a.detail, b.detail));
  return { totalChanges: entries.length, breakingChanges: entries.filter((e) => e.breaking).length, entries };
}
