import { createHash } from 'node:crypto';
import { isObj, type Obj, type RefResolver } from '../spec/index.js';

/**
 * Fast path of the diff: two values are unchanged when they are equal JSON, `$ref` strings
 * included, and no referenced target changed, directly or through the references it holds.
 *
 * "Changed" is decided once per reference, without walking the schema graph: every reference
 * string of both documents gets a hash of its target's JSON on each side (its own `$ref`s kept as
 * strings); references whose hashes differ are changed, and so is every reference whose target
 * (transitively) refers to a changed one: a breadth-first walk over the reversed reference graph.
 * Linear in the documents' size however cyclic the schemas are (Stripe's expandable fields make
 * almost every schema reachable from almost every other), so comparing a 4 MB document with
 * itself is a walk over its bytes, never the millions of reference checks of a graph search.
 */
export class Unchanged {
  private readonly dirty = new Set<string>();

  constructor(oldRefs: RefResolver, newRefs: RefResolver) {
    const oldGraph = refGraph(oldRefs);
    const newGraph = refGraph(newRefs);
    const referrers = new Map<string, Set<string>>();
    const queue: string[] = [];
    for (const ref of new Set([...oldGraph.keys(), ...newGraph.keys()])) {
      const a = oldGraph.get(ref);
      const b = newGraph.get(ref);
      if (!a || !b || a.hash !== b.hash) {
        this.dirty.add(ref);
        queue.push(ref);
      }
      for (const inner of [...(a?.refs ?? []), ...(b?.refs ?? [])]) {
        let set = referrers.get(inner);
        if (!set) referrers.set(inner, (set = new Set()));
        set.add(ref);
      }
    }
    while (queue.length) {
      const ref = queue.pop()!;
      for (const up of referrers.get(ref) ?? []) {
        if (this.dirty.has(up)) continue;
        this.dirty.add(up);
        queue.push(up);
      }
    }
  }

  /** The reference's target (or anything it reaches) differs between the two documents. */
  changed(ref: string): boolean {
    return this.dirty.has(ref);
  }

  same(a: unknown, b: unknown): boolean {
    return this.eq(a, b, 0);
  }

  private eq(a: unknown, b: unknown, depth: number): boolean {
    if (a === b) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > 256) return false;
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (!this.eq(a[i], b[i], depth + 1)) return false;
      return true;
    }
    if (Array.isArray(b)) return false;
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    for (const k of ka) {
      if (!Object.hasOwn(b, k)) return false;
      const va = (a as Obj)[k];
      const vb = (b as Obj)[k];
      if (k === '$ref' && typeof va === 'string') {
        if (va !== vb || this.dirty.has(va)) return false;
      } else if (!this.eq(va, vb, depth + 1)) return false;
    }
    return true;
  }
}

interface RefNode {
  hash: string;
  refs: string[];
}

/** Every reference string of a document with its target's hash and the references inside that target. */
function refGraph(resolver: RefResolver): Map<string, RefNode> {
  const out = new Map<string, RefNode>();
  const byTarget = new WeakMap<object, RefNode>();
  const pending = refsIn(resolver.root);
  while (pending.length) {
    const ref = pending.pop()!;
    if (out.has(ref)) continue;
    const target = resolver.target(ref);
    let node = isObj(target) || Array.isArray(target) ? byTarget.get(target) : undefined;
    if (!node) {
      const refs = target !== null && typeof target === 'object' ? refsIn(target) : [];
      node = { hash: hashOf(target), refs };
      if (target !== null && typeof target === 'object') byTarget.set(target, node);
    }
    out.set(ref, node);
    for (const inner of node.refs) if (!out.has(inner)) pending.push(inner);
  }
  return out;
}

const hashOf = (value: unknown) =>
  value === undefined
    ? 'undefined'
    : createHash('sha1')
        .update(JSON.stringify(value) ?? 'undefined')
        .digest('base64');

/** The `$ref` strings inside a value (iterative: a deep document cannot overflow the stack). */
function refsIn(value: unknown): string[] {
  const found = new Set<string>();
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (const x of v) if (x !== null && typeof x === 'object') stack.push(x);
    } else if (isObj(v)) {
      for (const [k, x] of Object.entries(v)) {
        if (k === '$ref' && typeof x === 'string') found.add(x);
        else if (x !== null && typeof x === 'object') stack.push(x);
      }
    }
  }
  return [...found];
}
