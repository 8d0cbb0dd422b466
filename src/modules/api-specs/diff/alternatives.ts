import { isObj, type Obj, type RefResolver } from '../spec/index.js';
import { types } from './keywords.js';
import type { Unchanged } from './unchanged.js';

/**
 * Pairs the oneOf/anyOf alternatives of two versions (decisions 304, 803). Alternatives are a set,
 * not a list, and a `$ref` name is not their identity: pairs are made by, in order,
 *
 * 1. the same reference, or references whose chains end at the same pointer (an alias);
 * 2. equal JSON (nothing inside changed);
 * 3. equal content behind the reference (a schema renamed with the same body);
 * 4. equal content once annotations are set aside (title, description, examples, `x-` keys: a
 *    schema renamed whose description was also edited);
 * 5. the same title, or the same type other than object, when that is unique on both sides;
 * 6. content similarity: what the schemas constrain (type, property names, required names, enum
 *    values, format) compared as sets, best pairs first, when at least half is shared and the types
 *    agree (a renamed schema that also gained an optional property);
 * 7. inline alternatives in order.
 *
 * A paired alternative is then compared in depth, so a compatible change inside it is a change
 * inside it (or nothing), never an added alternative. What stays unpaired is removed or added.
 */
export interface AlternativeMatch {
  pairs: [number, number][];
  removed: number[];
  added: number[];
}

const refOf = (s: unknown) => (isObj(s) && typeof s.$ref === 'string' ? s.$ref : undefined);
const contentCache = new WeakMap<object, string>();

function content(refs: RefResolver, s: unknown): string | undefined {
  const v = refs.deref(s);
  if (v === null || typeof v !== 'object') return v === undefined ? undefined : JSON.stringify(v);
  let text = contentCache.get(v);
  if (text === undefined) contentCache.set(v, (text = JSON.stringify(v)));
  return text;
}

/** The last reference of a `$ref` chain (`Alias` → `Pet` gives `#/components/schemas/Pet`). */
function finalRef(refs: RefResolver, s: unknown): string | undefined {
  let ref = refOf(s);
  for (let hops = 0; ref !== undefined && hops < 32; hops++) {
    const next = refOf(refs.target(ref));
    if (next === undefined) return ref;
    ref = next;
  }
  return ref;
}

/** Keywords that describe a schema without constraining its values. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'example',
  'examples',
  'externalDocs',
  '$comment',
  'deprecated',
  'xml',
]);
/** Keywords whose value is a map of name to schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is data, kept as it is. */
const DATA = new Set(['enum', 'const', 'default', 'required']);
const shapeCache = new WeakMap<object, unknown>();

/** The schema without its annotations, at every level (inner `$ref`s kept as strings: cycles end there). */
function stripAnnotations(s: unknown, depth: number): unknown {
  if (Array.isArray(s)) return s.map((x) => stripAnnotations(x, depth + 1));
  if (!isObj(s) || depth > 32) return s;
  const known = shapeCache.get(s);
  if (known !== undefined) return known;
  const out: Obj = {};
  for (const key of Object.keys(s).sort()) {
    const v = s[key];
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (DATA.has(key)) out[key] = v;
    else if (SCHEMA_MAPS.has(key) && isObj(v)) {
      const map: Obj = {};
      for (const name of Object.keys(v).sort()) map[name] = stripAnnotations(v[name], depth + 1);
      out[key] = map;
    } else out[key] = stripAnnotations(v, depth + 1);
  }
  shapeCache.set(s, out);
  return out;
}

function shape(refs: RefResolver, s: unknown): string | undefined {
  const v = refs.deref(s);
  return isObj(v) ? JSON.stringify(stripAnnotations(v, 0)) : undefined;
}

function signature(refs: RefResolver, s: unknown): string | undefined {
  const v = refs.deref(s);
  if (!isObj(v)) return undefined;
  if (typeof v.title === 'string') return `title:${v.title}`;
  const [t] = types(v);
  // Two objects are told apart by what they hold (similarity, below), not by being the only objects left.
  return t === undefined || t === 'object' ? undefined : `type:${t}`;
}

/** At most this many enum values and properties count towards similarity (an enum may hold hundreds). */
const FEATURES_PER_KIND = 200;

/** What a schema constrains, as a set of features (`p:name`, `r:name`, `e:"value"`, `f:format`). */
function features(refs: RefResolver, s: unknown): { type: string | undefined; set: Set<string> } | undefined {
  const v = refs.deref(s);
  if (!isObj(v)) return undefined;
  const set = new Set<string>();
  const [type] = types(v);
  const parts = [v, ...(Array.isArray(v.allOf) ? v.allOf.map((p) => refs.deref(p)).filter(isObj) : [])];
  for (const part of parts) {
    if (isObj(part.properties))
      for (const name of Object.keys(part.properties).slice(0, FEATURES_PER_KIND)) set.add(`p:${name}`);
    if (Array.isArray(part.required))
      for (const name of part.required.slice(0, FEATURES_PER_KIND)) set.add(`r:${String(name)}`);
    if (Array.isArray(part.enum))
      for (const value of part.enum.slice(0, FEATURES_PER_KIND)) set.add(`e:${JSON.stringify(value)}`);
    if (typeof part.format === 'string') set.add(`f:${part.format}`);
    if (isObj(part.items)) {
      const [itemType] = types(refs.obj(part.items));
      set.add(`i:${itemType ?? refOf(part.items) ?? ''}`);
    }
  }
  return { type, set };
}

/** Shared features over all features (Jaccard); 0 when the types disagree. */
function similarity(x: ReturnType<typeof features>, y: ReturnType<typeof features>): number {
  if (!x || !y) return 0;
  if (x.type !== undefined && y.type !== undefined && x.type !== y.type) return 0;
  if (x.set.size === 0 && y.set.size === 0) return 0;
  let shared = 0;
  for (const f of x.set) if (y.set.has(f)) shared++;
  return shared / (x.set.size + y.set.size - shared);
}

/** Similarity pairs are looked for among this many leftover alternatives per side (quadratic work). */
const MAX_SIMILARITY_CANDIDATES = 64;
const MIN_SIMILARITY = 0.5;

export function matchAlternatives(
  a: unknown[],
  b: unknown[],
  oldRefs: RefResolver,
  newRefs: RefResolver,
  unchanged: Unchanged,
): AlternativeMatch {
  const pairs: [number, number][] = [];
  let left = a.map((_, i) => i);
  let right = b.map((_, j) => j);
  const take = (i: number, j: number) => {
    pairs.push([i, j]);
    left = left.filter((x) => x !== i);
    right = right.filter((x) => x !== j);
  };
  const pairBy = (test: (i: number, j: number) => boolean) => {
    for (const i of [...left]) {
      const j = right.find((jj) => test(i, jj));
      if (j !== undefined) take(i, j);
    }
  };
  const equalBy = (key: (refs: RefResolver, s: unknown) => string | undefined) => {
    if (!left.length || !right.length) return;
    const ka = new Map(left.map((i) => [i, key(oldRefs, a[i])]));
    const kb = new Map(right.map((j) => [j, key(newRefs, b[j])]));
    pairBy((i, j) => ka.get(i) !== undefined && ka.get(i) === kb.get(j));
  };
  pairBy((i, j) => refOf(a[i]) !== undefined && refOf(a[i]) === refOf(b[j]));
  equalBy(finalRef);
  pairBy((i, j) => unchanged.same(a[i], b[j]));
  equalBy(content);
  equalBy(shape);
  pairBy((i, j) => {
    const sig = signature(oldRefs, a[i]);
    if (sig === undefined || sig !== signature(newRefs, b[j])) return false;
    const unique = (list: number[], side: unknown[], refs: RefResolver) =>
      list.filter((x) => signature(refs, side[x]) === sig).length === 1;
    return unique(left, a, oldRefs) && unique(right, b, newRefs);
  });
  if (
    left.length &&
    right.length &&
    left.length <= MAX_SIMILARITY_CANDIDATES &&
    right.length <= MAX_SIMILARITY_CANDIDATES
  ) {
    const fa = new Map(left.map((i) => [i, features(oldRefs, a[i])]));
    const fb = new Map(right.map((j) => [j, features(newRefs, b[j])]));
    const scored: [number, number, number][] = [];
    for (const i of left) for (const j of right) scored.push([similarity(fa.get(i), fb.get(j)), i, j]);
    scored.sort((x, y) => y[0] - x[0] || x[1] - y[1] || x[2] - y[2]);
    for (const [score, i, j] of scored) {
      if (score < MIN_SIMILARITY) break;
      if (left.includes(i) && right.includes(j)) take(i, j);
    }
  }
  pairBy((i, j) => refOf(a[i]) === undefined && refOf(b[j]) === undefined);
  return { pairs: pairs.sort((x, y) => x[0] - y[0]), removed: left, added: right };
}

/** The types a (flattened) schema allows, `null` included; undefined when it names none (any type). */
function typeSet(s: Obj): Set<string> | undefined {
  const raw = Array.isArray(s.type)
    ? s.type.filter((t): t is string => typeof t === 'string')
    : typeof s.type === 'string'
      ? [s.type]
      : [];
  if (!raw.length) return undefined;
  const set = new Set(raw.map((t) => (t === 'integer' ? 'number' : t))); // every integer is a number
  if (s.nullable === true) set.add('null');
  return set;
}

/** The values a property's schema allows when it is a const or an enum. */
function fixedValues(s: unknown): Set<string> | undefined {
  if (!isObj(s)) return undefined;
  if (s.const !== undefined) return new Set([JSON.stringify(s.const)]);
  return Array.isArray(s.enum) ? new Set(s.enum.map((v) => JSON.stringify(v))) : undefined;
}

function disjoint(sets: Set<string>[]): boolean {
  const seen = new Set<string>();
  for (const set of sets) {
    for (const v of set) if (seen.has(v)) return false;
    for (const v of set) seen.add(v);
  }
  return true;
}

/**
 * Whether no value can match two of these (flattened) alternatives, as far as can be told without
 * validating: their types are pairwise disjoint, or a property all of them require holds a const
 * or enum whose values they do not share (a discriminator). Otherwise they may overlap.
 */
export function exclusiveAlternatives(alternatives: (Obj | undefined)[]): boolean {
  if (alternatives.some((s) => s === undefined)) return false;
  const schemas = alternatives as Obj[];
  const types = schemas.map(typeSet);
  if (types.every((t) => t !== undefined) && disjoint(types as Set<string>[])) return true;
  const first = schemas[0]!;
  const candidates = Array.isArray(first.required)
    ? first.required.filter((x): x is string => typeof x === 'string')
    : [];
  return candidates.some((name) => {
    const sets = schemas.map((s) =>
      Array.isArray(s.required) && s.required.includes(name) && isObj(s.properties)
        ? fixedValues(s.properties[name])
        : undefined,
    );
    return sets.every((v) => v !== undefined) && disjoint(sets as Set<string>[]);
  });
}
