import type { Obj } from '../spec/index.js';
import { BOUNDS } from './rules.js';

/** The JSON Schema keywords of one schema compared with its counterpart: type, nullability, enum, pattern, bounds. */
export type Dir = 'request' | 'response';
export type AddChange = (change: string, detail: string) => void;

export const show = (v: unknown) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v));

/** The keyword-level changes of two (flattened) schemas; properties, items and alternatives are the comparer's. */
export function compareKeywords(o: Obj, n: Obj, dir: Dir, add: AddChange) {
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
  const oEnum = enumOf(o);
  const nEnum = enumOf(n);
  if (oEnum && nEnum) {
    const removed = [...oEnum.keys()].filter((k) => !nEnum.has(k));
    const added = [...nEnum.keys()].filter((k) => !oEnum.has(k));
    if (removed.length) add('enum-value-removed', `enum value${removed.length > 1 ? 's' : ''} ${removed.map((k) => show(oEnum.get(k))).join(', ')} removed`);
    if (added.length) add('enum-value-added', `enum value${added.length > 1 ? 's' : ''} ${added.map((k) => show(nEnum.get(k))).join(', ')} added`);
  } else if (!oEnum && nEnum) add('became-enum', `restricted to the enum values ${[...nEnum.values()].map(show).join(', ')}`);
  else if (oEnum && !nEnum) add('enum-removed', `enum restriction ${[...oEnum.values()].map(show).join(', ')} removed (any value)`);
  // Decision 303: a value that gains an enum is narrowed to the listed values; what happens to its
  // length bounds or pattern at the same time cannot widen it, so those changes are not reported.
  const narrowedToEnum = !oEnum && nEnum !== undefined;
  if (!narrowedToEnum) {
    if (typeof n.pattern === 'string' && o.pattern === undefined) add('pattern-added', `pattern ${show(n.pattern)} added`);
    else if (typeof o.pattern === 'string' && n.pattern === undefined) add('pattern-removed', `pattern ${show(o.pattern)} removed`);
    else if (typeof o.pattern === 'string' && typeof n.pattern === 'string' && o.pattern !== n.pattern) {
      add('pattern-changed', `pattern changed from ${show(o.pattern)} to ${show(n.pattern)}`);
    }
  }
  for (const [key, name] of Object.entries(BOUNDS)) {
    if (narrowedToEnum && (key === 'maxLength' || key === 'minLength')) continue;
    const a = typeof o[key] === 'number' ? (o[key] as number) : undefined;
    const b = typeof n[key] === 'number' ? (n[key] as number) : undefined;
    if (a === b) continue;
    if (a === undefined) add(`${name}-set`, `${key} set to ${b}`);
    else if (b === undefined) add(`${name}-unset`, `${key} ${a} removed`);
    else add(`${name}-${b < a ? 'decreased' : 'increased'}`, `${key} ${b < a ? 'decreased' : 'increased'} from ${a} to ${b}`);
  }
}

/** Only the nullability of two schemas (a value wrapped into alternatives keeps its other keywords in the alternative). */
export function compareNullability(o: Obj, n: Obj, add: AddChange) {
  const [, oNull] = types(o);
  const [, nNull] = types(n);
  if (!oNull && nNull) add('became-nullable', 'became nullable');
  if (oNull && !nNull) add('became-not-nullable', 'is no longer nullable');
}

export function types(s: Obj): [string | undefined, boolean] {
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

export const requiredSet = (s: Obj) => new Set(Array.isArray(s.required) ? s.required.filter((x): x is string => typeof x === 'string') : []);
