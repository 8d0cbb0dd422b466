import { isObj, pointerToken, type Obj, type RefResolver } from '../spec/index.js';
import { exclusiveAlternatives, matchAlternatives } from './alternatives.js';
import { compareKeywords, compareNullability, requiredSet, type Dir } from './keywords.js';
import type { Unchanged } from './unchanged.js';

/**
 * JSON Schema comparison (OpenAPI 3.0/3.1 Schema Objects, AsyncAPI payloads) that reports a change
 * once, where it happens (decision 300). Inline parts of a schema are compared in place; wherever
 * both sides are `$ref`s the pair becomes a *group* (old ref, new ref, direction, kind) compared
 * once, however many operations and other schemas reach it. The caller gets the inline changes
 * plus the groups linked from there; the diff later walks the links to say which operations each
 * group reaches.
 *
 * Bounded work: groups are memoised on (old ref, new ref) and computed from a queue, never by
 * recursion through references, so cycles end and depth does not grow the stack; pairs whose
 * reference is unchanged (by hash, see Unchanged) are skipped without a look inside.
 */
export type { Dir } from './keywords.js';
export type SchemaKind = 'parameter' | 'header' | 'body';

/** One change inside a schema; `rel` is the JSON pointer below the compared schema ('' = the schema itself). */
export interface SchemaChange {
  rel: string;
  /** a key of SCHEMA_CHANGES, or a property event: property-added-required|…-optional, property-removed-…, property-became-… */
  change: string;
  detail: string;
}

export interface CompareResult {
  changes: SchemaChange[];
  /** keys of the groups reached from here */
  links: Set<string>;
}

export interface SchemaGroup extends CompareResult {
  key: string;
  oldRef: string;
  newRef: string;
  dir: Dir;
  kind: SchemaKind;
}

interface Scope {
  dir: Dir;
  kind: SchemaKind;
  out: CompareResult;
}

const refOf = (s: unknown) => (isObj(s) && typeof s.$ref === 'string' ? s.$ref : undefined);
/** Inline nesting (references do not count: they end in a group) beyond any real schema. */
const MAX_INLINE_DEPTH = 64;

export class SchemaComparer {
  readonly groups = new Map<string, SchemaGroup>();
  private readonly queue: SchemaGroup[] = [];
  private readonly flatOld = new WeakMap<Obj, Obj>();
  private readonly flatNew = new WeakMap<Obj, Obj>();

  constructor(
    readonly oldRefs: RefResolver,
    readonly newRefs: RefResolver,
    readonly unchanged: Unchanged,
    /** called for every change found (the diff's budget check) */
    private readonly onChange: () => void = () => undefined,
  ) {}

  compare(oldSchema: unknown, newSchema: unknown, dir: Dir, kind: SchemaKind = 'body'): CompareResult {
    const out: CompareResult = { changes: [], links: new Set() };
    this.at(oldSchema, newSchema, '', { dir, kind, out }, 0);
    this.drain();
    return out;
  }

  /** Groups waiting to be compared, computed one after another (a group found meanwhile joins the queue). */
  private drain() {
    while (this.queue.length) {
      const g = this.queue.pop()!;
      this.inner({ $ref: g.oldRef }, { $ref: g.newRef }, '', { dir: g.dir, kind: g.kind, out: g }, 0);
    }
  }

  private group(oldRef: string, newRef: string, scope: Scope): string {
    const key = `${scope.dir}\u0000${scope.kind}\u0000${oldRef}\u0000${newRef}`;
    if (!this.groups.has(key)) {
      const g: SchemaGroup = { key, oldRef, newRef, dir: scope.dir, kind: scope.kind, changes: [], links: new Set() };
      this.groups.set(key, g);
      this.queue.push(g);
    }
    return key;
  }

  /** Compares two schemas found at `rel`: nothing when unchanged, a group link when both are references. */
  private at(oRaw: unknown, nRaw: unknown, rel: string, scope: Scope, depth: number) {
    if (this.unchanged.same(oRaw, nRaw)) return;
    const oRef = refOf(oRaw);
    const nRef = refOf(nRaw);
    if (oRef !== undefined && nRef !== undefined) {
      scope.out.links.add(this.group(oRef, nRef, scope));
      return;
    }
    if (depth > MAX_INLINE_DEPTH) return;
    this.inner(oRaw, nRaw, rel, scope, depth);
  }

  private add(scope: Scope, rel: string, change: string, detail: string) {
    this.onChange();
    scope.out.changes.push({ rel, change, detail });
  }

  private inner(oRaw: unknown, nRaw: unknown, rel: string, scope: Scope, depth: number) {
    const o = this.flatten(this.oldRefs, this.flatOld, oRaw, 0);
    const n = this.flatten(this.newRefs, this.flatNew, nRaw, 0);
    if (!o || !n) return;
    const add = (change: string, detail: string) => this.add(scope, rel, change, detail);
    const oAlt = alternativesKey(o);
    const nAlt = alternativesKey(n);
    // Decision 302: a value that became (or stopped being) one of several alternatives is compared
    // with its matching alternative; only the alternatives around it are reported.
    if (nAlt && !oAlt) {
      compareNullability(o, n, add);
      const alternatives = n[nAlt] as unknown[];
      // Decision 802: a oneOf refuses a value that matches two alternatives, so wrapping a value
      // into alternatives that may overlap is one breaking change, not an added alternative.
      const wrapped =
        nAlt === 'oneOf' &&
        alternatives.length > 1 &&
        !exclusiveAlternatives(alternatives.map((x) => this.flatten(this.newRefs, this.flatNew, x, 0)));
      if (wrapped)
        add(
          'wrapped-in-one-of',
          `wrapped in a oneOf of ${alternatives.length} alternatives that may overlap (a value matching two of them is refused)`,
        );
      this.alternatives([oRaw], alternatives, nAlt, rel, scope, depth, `/${nAlt}`, wrapped);
      return;
    }
    if (oAlt && !nAlt) {
      compareNullability(o, n, add);
      this.alternatives(o[oAlt] as unknown[], [nRaw], oAlt, rel, scope, depth, '');
      return;
    }
    compareKeywords(o, n, scope.dir, add, scope.kind === 'parameter');
    for (const key of ['oneOf', 'anyOf'] as const) {
      if (Array.isArray(o[key]) || Array.isArray(n[key])) {
        this.alternatives(
          Array.isArray(o[key]) ? o[key] : [],
          Array.isArray(n[key]) ? n[key] : [],
          key,
          rel,
          scope,
          depth,
          `/${key}`,
        );
      }
    }
    this.properties(o, n, rel, scope, depth);
    if (o.items !== undefined && n.items !== undefined && !Array.isArray(o.items) && !Array.isArray(n.items)) {
      this.at(o.items, n.items, `${rel}/items`, scope, depth + 1);
    }
    if (isObj(o.additionalProperties) && isObj(n.additionalProperties)) {
      this.at(o.additionalProperties, n.additionalProperties, `${rel}/additionalProperties`, scope, depth + 1);
    }
  }

  private properties(o: Obj, n: Obj, rel: string, scope: Scope, depth: number) {
    const op = isObj(o.properties) ? o.properties : undefined;
    const np = isObj(n.properties) ? n.properties : undefined;
    if (!op && !np) return;
    const oldProps = op ?? {};
    const newProps = np ?? {};
    const oReq = requiredSet(o);
    const nReq = requiredSet(n);
    // Clients do not send readOnly properties; servers do not return writeOnly ones.
    const skip = (schema: unknown, refs: RefResolver) => {
      const s = refs.obj(schema);
      return scope.dir === 'request' ? s.readOnly === true : s.writeOnly === true;
    };
    for (const name of Object.keys(oldProps)) {
      const at = `${rel}/properties/${pointerToken(name)}`;
      if (!Object.hasOwn(newProps, name)) {
        if (skip(oldProps[name], this.oldRefs)) continue;
        const req = oReq.has(name);
        this.add(
          scope,
          at,
          `property-removed-${req ? 'required' : 'optional'}`,
          `${req ? 'required' : 'optional'} property '${name}' removed`,
        );
        continue;
      }
      if (skip(newProps[name], this.newRefs)) continue;
      if (!oReq.has(name) && nReq.has(name))
        this.add(scope, at, 'property-became-required', `property '${name}' became required`);
      if (oReq.has(name) && !nReq.has(name))
        this.add(scope, at, 'property-became-optional', `property '${name}' became optional`);
      this.at(oldProps[name], newProps[name], at, scope, depth + 1);
    }
    for (const name of Object.keys(newProps)) {
      if (Object.hasOwn(oldProps, name) || skip(newProps[name], this.newRefs)) continue;
      const req = nReq.has(name);
      this.add(
        scope,
        `${rel}/properties/${pointerToken(name)}`,
        `property-added-${req ? 'required' : 'optional'}`,
        `${req ? 'required' : 'optional'} property '${name}' added`,
      );
    }
  }

  /** oneOf/anyOf alternatives as a set: matched by reference, then by content (decision 304); matched pairs compared in depth. */
  private alternatives(
    a: unknown[],
    b: unknown[],
    key: 'oneOf' | 'anyOf',
    rel: string,
    scope: Scope,
    depth: number,
    nestUnder: string,
    wrapped = false,
  ) {
    const name = key === 'oneOf' ? 'one-of' : 'any-of';
    const { pairs, removed, added } = matchAlternatives(a, b, this.oldRefs, this.newRefs, this.unchanged);
    for (const [i, j] of pairs) this.at(a[i], b[j], nestUnder ? `${rel}${nestUnder}/${j}` : rel, scope, depth + 1);
    if (wrapped) return; // reported once, as the wrapping
    const label = (s: unknown, list: string, i: number) => refOf(s) ?? `${list}/${i}`;
    for (const i of removed)
      this.add(scope, rel, `${name}-removed`, `${key} alternative ${label(a[i], `/${key}`, i)} removed`);
    for (const j of added)
      this.add(scope, rel, `${name}-added`, `${key} alternative ${label(b[j], `/${key}`, j)} added`);
  }

  /** The schema with `$ref` followed and `allOf` merged (properties, required, and the first of the other keywords). */
  private flatten(refs: RefResolver, cache: WeakMap<Obj, Obj>, schema: unknown, depth: number): Obj | undefined {
    const s = refs.deref(schema);
    if (typeof s === 'boolean') return s ? {} : { not: {} };
    if (!isObj(s)) return undefined;
    const boolBounds = typeof s.exclusiveMaximum === 'boolean' || typeof s.exclusiveMinimum === 'boolean';
    if (!Array.isArray(s.allOf) && !boolBounds) return s;
    const cached = cache.get(s);
    if (cached) return cached;
    const merged: Obj = { ...s };
    // OpenAPI 3.0's `maximum: 10, exclusiveMaximum: true` is 3.1's `exclusiveMaximum: 10`: one form, so an upgrade is no change.
    for (const [flag, bound] of [
      ['exclusiveMaximum', 'maximum'],
      ['exclusiveMinimum', 'minimum'],
    ] as const) {
      if (typeof merged[flag] !== 'boolean') continue;
      if (merged[flag] === true && typeof merged[bound] === 'number') {
        merged[flag] = merged[bound];
        delete merged[bound];
      } else delete merged[flag];
    }
    if (!Array.isArray(s.allOf)) {
      cache.set(s, merged);
      return merged;
    }
    delete merged.allOf;
    const properties: Obj = isObj(s.properties) ? { ...s.properties } : {};
    const required = new Set<string>(
      Array.isArray(s.required) ? s.required.filter((x): x is string => typeof x === 'string') : [],
    );
    cache.set(s, merged); // a cycle through allOf ends here
    for (const part of s.allOf) {
      const sub = depth < 16 ? this.flatten(refs, cache, part, depth + 1) : undefined;
      if (!sub) continue;
      for (const [k, v] of Object.entries(sub)) {
        // Every other keyword of a part (type, enum, bounds, …) applies too; the schema's own win.
        if (k === 'properties' && isObj(v)) Object.assign(properties, v);
        else if (k === 'required' && Array.isArray(v)) {
          for (const x of v) if (typeof x === 'string') required.add(x);
        } else if (!(k in merged)) merged[k] = v;
      }
    }
    if (Object.keys(properties).length) merged.properties = properties;
    if (required.size) merged.required = [...required];
    if (merged.type === undefined && merged.properties) merged.type = 'object';
    return merged;
  }
}

/** `anyOf` or `oneOf` when the schema is a list of alternatives (not an object that also constrains them). */
function alternativesKey(s: Obj): 'anyOf' | 'oneOf' | undefined {
  if (isObj(s.properties)) return undefined;
  if (Array.isArray(s.anyOf) && s.anyOf.length) return 'anyOf';
  if (Array.isArray(s.oneOf) && s.oneOf.length) return 'oneOf';
  return undefined;
}
