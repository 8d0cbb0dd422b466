import { isObj, pointerToken, type Obj, type RefResolver } from '../spec/index.js';
import { BOUNDS } from './rules.js';
import { Unchanged } from './unchanged.js';

/**
 * JSON Schema comparison (OpenAPI 3.0/3.1 Schema Objects, AsyncAPI payloads). Works on the stored
 * documents with their `$ref`s: each side resolves through its own RefResolver, `allOf` is merged,
 * and results are memoised per (old schema, new schema, direction), so a schema shared by thousands
 * of operations is compared once and a recursive schema terminates.
 */
export type Dir = 'request' | 'response';

/** One change inside a schema; `rel` is the JSON pointer below the compared schema ('' = the schema itself). */
export interface SchemaChange {
  rel: string;
  /** a key of SCHEMA_CHANGES, or a property event: property-added-required|…-optional, property-removed-…, property-became-… */
  change: string;
  detail: string;
}

const show = (v: unknown) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v));

export class SchemaComparer {
  private readonly memo = new WeakMap<Obj, Map<Obj, SchemaChange[][]>>();
  private readonly active = new Set<string>();
  private readonly flatOld = new WeakMap<Obj, Obj>();
  private readonly flatNew = new WeakMap<Obj, Obj>();
  private readonly ids = new WeakMap<Obj, number>();
  private nextId = 1;

  constructor(
    private readonly oldRefs: RefResolver,
    private readonly newRefs: RefResolver,
    private readonly unchanged = new Unchanged(oldRefs, newRefs),
  ) {}

  compare(oldSchema: unknown, newSchema: unknown, dir: Dir): SchemaChange[] {
    // Most schemas of two versions are identical (references and their targets included): no changes.
    if (this.unchanged.same(oldSchema, newSchema)) return NONE;
    const o = this.flatten(this.oldRefs, this.flatOld, oldSchema, 0);
    const n = this.flatten(this.newRefs, this.flatNew, newSchema, 0);
    if (!o || !n) return [];
    const d = dir === 'request' ? 0 : 1;
    let byNew = this.memo.get(o);
    const hit = byNew?.get(n)?.[d];
    if (hit) return hit;
    const key = `${this.id(o)}:${this.id(n)}:${d}`;
    // A recursive schema met again while being compared: its changes are reported at the first level.
    if (this.active.has(key)) return [];
    this.active.add(key);
    const out: SchemaChange[] = [];
    try {
      this.compareFlat(o, n, dir, out);
    } finally {
      this.active.delete(key);
    }
    if (!byNew) this.memo.set(o, (byNew = new Map()));
    const slot = byNew.get(n) ?? [];
    slot[d] = out;
    byNew.set(n, slot);
    return out;
  }

  private id(o: Obj) {
    let id = this.ids.get(o);
    if (!id) this.ids.set(o, (id = this.nextId++));
    return id;
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
    const required = new Set<string>(Array.isArray(s.required) ? s.required.filter((x): x is string => typeof x === 'string') : []);
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

  private compareFlat(o: Obj, n: Obj, dir: Dir, out: SchemaChange[]) {
    const add = (change: string, detail: string, rel = '') => out.push({ rel, change, detail });
    // type and format (OpenAPI 3.1 type arrays; 'null' counts as nullability, not as a type)
    const [oTypes, oNull] = types(o);
    const [nTypes, nNull] = types(n);
    if (oTypes && nTypes && oTypes !== nTypes && !(dir === 'request' && oTypes === 'integer' && nTypes === 'number')) {
      add('type-changed', `type changed from ${oTypes} to ${nTypes}`);
    } else if (typeof o.format === 'string' && typeof n.format === 'string' && o.format !== n.format) {
      add('type-changed', `format changed from ${o.format} to ${n.format}`);
    } else if (o.format === undefined && typeof n.format === 'string' && oTypes === nTypes && dir === 'request') {
      add('type-changed', `format ${n.format} was added`);
    }
    if (!oNull && nNull) add('became-nullable', 'became nullable');
    if (oNull && !nNull) add('became-not-nullable', 'is no longer nullable');
    // enum
    const oEnum = enumOf(o);
    const nEnum = enumOf(n);
    if (oEnum && nEnum) {
      const removed = [...oEnum.keys()].filter((k) => !nEnum.has(k));
      const added = [...nEnum.keys()].filter((k) => !oEnum.has(k));
      if (removed.length) add('enum-value-removed', `enum value${removed.length > 1 ? 's' : ''} ${removed.map((k) => show(oEnum.get(k))).join(', ')} removed`);
      if (added.length) add('enum-value-added', `enum value${added.length > 1 ? 's' : ''} ${added.map((k) => show(nEnum.get(k))).join(', ')} added`);
    } else if (!oEnum && nEnum) add('became-enum', `restricted to the enum values ${[...nEnum.values()].map(show).join(', ')}`);
    else if (oEnum && !nEnum) add('enum-removed', `enum restriction ${[...oEnum.values()].map(show).join(', ')} removed (any value)`);
    // pattern
    if (typeof n.pattern === 'string' && o.pattern === undefined) add('pattern-added', `pattern ${show(n.pattern)} added`);
    else if (typeof o.pattern === 'string' && n.pattern === undefined) add('pattern-removed', `pattern ${show(o.pattern)} removed`);
    else if (typeof o.pattern === 'string' && typeof n.pattern === 'string' && o.pattern !== n.pattern) {
      add('pattern-changed', `pattern changed from ${show(o.pattern)} to ${show(n.pattern)}`);
    }
    // bounds
    for (const [key, name] of Object.entries(BOUNDS)) {
      const a = typeof o[key] === 'number' ? (o[key] as number) : undefined;
      const b = typeof n[key] === 'number' ? (n[key] as number) : undefined;
      if (a === b) continue;
      if (a === undefined) add(`${name}-set`, `${key} set to ${b}`);
      else if (b === undefined) add(`${name}-unset`, `${key} ${a} removed`);
      else add(`${name}-${b < a ? 'decreased' : 'increased'}`, `${key} ${b < a ? 'decreased' : 'increased'} from ${a} to ${b}`);
    }
    // oneOf / anyOf alternatives
    for (const [key, name] of [
      ['oneOf', 'one-of'],
      ['anyOf', 'any-of'],
    ] as const) {
      this.alternatives(o[key], n[key], key, name, dir, out);
    }
    // properties
    const oProps = isObj(o.properties) ? o.properties : undefined;
    const nProps = isObj(n.properties) ? n.properties : undefined;
    if (oProps || nProps) {
      const op = oProps ?? {};
      const np = nProps ?? {};
      const oReq = requiredSet(o);
      const nReq = requiredSet(n);
      // clients do not send readOnly properties; servers do not return writeOnly ones
      const skip = (schema: unknown, refs: RefResolver) => {
        const s = refs.obj(schema);
        return dir === 'request' ? s.readOnly === true : s.writeOnly === true;
      };
      for (const name of Object.keys(op)) {
        const rel = `/properties/${pointerToken(name)}`;
        if (!Object.hasOwn(np, name)) {
          if (skip(op[name], this.oldRefs)) continue;
          const req = oReq.has(name);
          add(`property-removed-${req ? 'required' : 'optional'}`, `${req ? 'required' : 'optional'} property '${name}' removed`, rel);
          continue;
        }
        // A property clients never send (readOnly) or never receive (writeOnly) cannot break them.
        if (skip(np[name], this.newRefs)) continue;
        if (!oReq.has(name) && nReq.has(name)) add('property-became-required', `property '${name}' became required`, rel);
        if (oReq.has(name) && !nReq.has(name)) add('property-became-optional', `property '${name}' became optional`, rel);
        for (const c of this.compare(op[name], np[name], dir)) out.push({ ...c, rel: rel + c.rel });
      }
      for (const name of Object.keys(np)) {
        if (Object.hasOwn(op, name) || skip(np[name], this.newRefs)) continue;
        const req = nReq.has(name);
        add(
          `property-added-${req ? 'required' : 'optional'}`,
          `${req ? 'required' : 'optional'} property '${name}' added`,
          `/properties/${pointerToken(name)}`,
        );
      }
    }
    // array items and additionalProperties
    if (o.items !== undefined && n.items !== undefined && !Array.isArray(o.items) && !Array.isArray(n.items)) {
      for (const c of this.compare(o.items, n.items, dir)) out.push({ ...c, rel: `/items${c.rel}` });
    }
    if (isObj(o.additionalProperties) && isObj(n.additionalProperties)) {
      for (const c of this.compare(o.additionalProperties, n.additionalProperties, dir)) out.push({ ...c, rel: `/additionalProperties${c.rel}` });
    }
  }

  /** Alternatives matched by their `$ref` (or, inline, by position); matched ones are compared in depth. */
  /**
   * oneOf/anyOf alternatives are a set, not a list: `$ref` alternatives pair by reference; inline
   * ones pair with an identical counterpart first, then by title or type, then in order, so a
   * reordered list is no change.
   */
  private alternatives(a: unknown, b: unknown, key: string, name: string, dir: Dir, out: SchemaChange[]) {
    const oAlt = Array.isArray(a) ? a : [];
    const nAlt = Array.isArray(b) ? b : [];
    if (!oAlt.length && !nAlt.length) return;
    const refOf = (s: unknown) => (isObj(s) && typeof s.$ref === 'string' ? s.$ref : undefined);
    const pairs: [number, number][] = [];
    const nRefs = new Map<string, number>();
    nAlt.forEach((s, j) => {
      const r = refOf(s);
      if (r !== undefined && !nRefs.has(r)) nRefs.set(r, j);
    });
    const oInline: number[] = [];
    const usedNew = new Set<number>();
    oAlt.forEach((s, i) => {
      const r = refOf(s);
      if (r === undefined) oInline.push(i);
      else if (nRefs.has(r) && !usedNew.has(nRefs.get(r)!)) {
        pairs.push([i, nRefs.get(r)!]);
        usedNew.add(nRefs.get(r)!);
      }
    });
    let nInline = nAlt.map((s, j) => j).filter((j) => refOf(nAlt[j]) === undefined);
    const matchBy = (test: (i: number, j: number) => boolean) => {
      for (const i of [...oInline]) {
        const j = nInline.find((jj) => test(i, jj));
        if (j === undefined) continue;
        pairs.push([i, j]);
        usedNew.add(j);
        oInline.splice(oInline.indexOf(i), 1);
        nInline = nInline.filter((x) => x !== j);
      }
    };
    const signature = (s: unknown) => {
      if (!isObj(s)) return undefined;
      if (typeof s.title === 'string') return `title:${s.title}`;
      const [t] = types(s);
      return t === undefined ? undefined : `type:${t}`;
    };
    matchBy((i, j) => this.unchanged.same(oAlt[i], nAlt[j]));
    matchBy((i, j) => {
      const sig = signature(oAlt[i]);
      return sig !== undefined && sig === signature(nAlt[j]) && nInline.filter((x) => signature(nAlt[x]) === sig).length === 1;
    });
    matchBy(() => true);
    const paired = new Set(pairs.map(([i]) => i));
    for (const [i, j] of pairs.sort((x, y) => x[0] - y[0])) {
      for (const c of this.compare(oAlt[i], nAlt[j], dir)) out.push({ ...c, rel: `/${key}/${i}${c.rel}` });
    }
    oAlt.forEach((s, i) => {
      if (!paired.has(i)) out.push({ rel: '', change: `${name}-removed`, detail: `${key} alternative ${refOf(s) ?? `/${key}/${i}`} removed` });
    });
    nAlt.forEach((s, j) => {
      if (!usedNew.has(j)) out.push({ rel: '', change: `${name}-added`, detail: `${key} alternative ${refOf(s) ?? `/${key}/${j}`} added` });
    });
  }
}

const NONE: SchemaChange[] = [];

function types(s: Obj): [string | undefined, boolean] {
  const raw = Array.isArray(s.type) ? s.type.filter((t): t is string => typeof t === 'string') : typeof s.type === 'string' ? [s.type] : [];
  const nullable = s.nullable === true || raw.includes('null') || (Array.isArray(s.enum) && s.enum.includes(null));
  const rest = raw.filter((t) => t !== 'null').sort();
  return [rest.length ? rest.join('|') : undefined, nullable];
}

function enumOf(s: Obj): Map<string, unknown> | undefined {
  const values = Array.isArray(s.enum) ? s.enum : s.const !== undefined ? [s.const] : undefined;
  if (!values) return undefined;
  return new Map(values.filter((v) => v !== null).map((v) => [JSON.stringify(v), v]));
}

const requiredSet = (s: Obj) => new Set(Array.isArray(s.required) ? s.required.filter((x): x is string => typeof x === 'string') : []);
