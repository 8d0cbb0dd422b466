import type { Obj } from '../spec/index.js';
import { BOUNDS } from './schema-rules.js';

/** The JSON Schema keywords of one schema compared with its counterpart: type, nullability, enum, pattern, bounds. */
export type Dir = 'request' | 'response';
export type AddChange = (change: string, detail: string) => void;

export const show = (v: unknown) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v));

/**
 * Values a detail names (decision 801): an enum may hold hundreds of values, so a detail names at
 * most VALUES_NAMED of them, each cut to VALUE_CHARS characters, and counts the rest.
 */
export const VALUES_NAMED = 10;
const VALUE_CHARS = 100;
const showValue = (v: unknown, quoted: boolean) => {
  const text = quoted ? show(v) : String(v);
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text;
};
export function named(values: unknown[], quoted = true): string {
  const listed = values
    .slice(0, VALUES_NAMED)
    .map((v) => showValue(v, quoted))
    .join(', ');
  return values.length > VALUES_NAMED ? `${listed} and ${values.length - VALUES_NAMED} more` : listed;
}
/** A pattern is one value, but may be kilobytes long: named up to PATTERN_CHARS characters. */
const PATTERN_CHARS = 200;
const showPattern = (p: string) => (p.length > PATTERN_CHARS ? `'${p.slice(0, PATTERN_CHARS)}…'` : `'${p}'`);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The keyword-level changes of two (flattened) schemas; properties, items and alternatives are the comparer's. */
export function compareKeywords(o: Obj, n: Obj, dir: Dir, add: AddChange, textual = false) {
  // type and format (OpenAPI 3.1 type arrays; 'null' counts as nullability, not as a type)
  const [oTypes, oNull] = types(o);
  const [nTypes, nNull] = types(n);
  if (
    textual &&
    dir === 'request' &&
    oTypes &&
    nTypes === 'string' &&
    oTypes !== nTypes &&
    !/array|object/.test(oTypes)
  ) {
    // Decision 806: a request parameter is text on the wire, so a string accepts what any scalar type did.
    add('type-generalized', `type changed from ${oTypes} to string (any value sent as text is still accepted)`);
  } else if (
    oTypes &&
    nTypes &&
    oTypes !== nTypes &&
    !(dir === 'request' && oTypes === 'integer' && nTypes === 'number')
  ) {
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
    const sizes = `(${plural(oEnum.size, 'value')} before, ${nEnum.size} now)`;
    if (removed.length)
      add(
        'enum-value-removed',
        `${plural(removed.length, 'enum value')} removed: ${named(removed.map((k) => oEnum.get(k)))} ${sizes}`,
      );
    if (added.length)
      add(
        'enum-value-added',
        `${plural(added.length, 'enum value')} added: ${named(added.map((k) => nEnum.get(k)))} ${sizes}`,
      );
  } else if (!oEnum && nEnum)
    add('became-enum', `restricted to an enum of ${plural(nEnum.size, 'value')}: ${named([...nEnum.values()])}`);
  else if (oEnum && !nEnum)
    add(
      'enum-removed',
      `enum restriction of ${plural(oEnum.size, 'value')} removed (any value): ${named([...oEnum.values()])}`,
    );
  // Decision 303: a value that gains an enum is narrowed to the listed values; what happens to its
  // length bounds or pattern at the same time cannot widen it, so those changes are not reported.
  const narrowedToEnum = !oEnum && nEnum !== undefined;
  if (!narrowedToEnum) {
    if (typeof n.pattern === 'string' && o.pattern === undefined)
      add('pattern-added', `pattern ${showPattern(n.pattern)} added`);
    else if (typeof o.pattern === 'string' && n.pattern === undefined)
      add('pattern-removed', `pattern ${showPattern(o.pattern)} removed`);
    else if (typeof o.pattern === 'string' && typeof n.pattern === 'string' && o.pattern !== n.pattern) {
      const [from, to] = [showPattern(o.pattern), showPattern(n.pattern)];
      add(
        'pattern-changed',
        `pattern changed from ${from} to ${to}${from === to ? ` (they differ after character ${PATTERN_CHARS})` : ''}`,
      );
    }
  }
  for (const [key, name] of Object.entries(BOUNDS)) {
    if (narrowedToEnum && (key === 'maxLength' || key === 'minLength')) continue;
    const a = typeof o[key] === 'number' ? (o[key] as number) : undefined;
    const b = typeof n[key] === 'number' ? (n[key] as number) : undefined;
    if (a === b) continue;
    if (a === undefined) add(`${name}-set`, `${key} set to ${b}`);
    else if (b === undefined) add(`${name}-unset`, `${key} ${a} removed`);
    else
      add(
        `${name}-${b < a ? 'decreased' : 'increased'}`,
        `${key} ${b < a ? 'decreased' : 'increased'} from ${a} to ${b}`,
      );
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
  const raw = Array.isArray(s.type)
    ? s.type.filter((t): t is string => typeof t === 'string')
    : typeof s.type === 'string'
      ? [s.type]
      : [];
  const nullable = s.nullable === true || raw.includes('null') || (Array.isArray(s.enum) && s.enum.includes(null));
  const rest = raw.filter((t) => t !== 'null').sort();
  return [rest.length ? rest.join('|') : undefined, nullable];
}

function enumOf(s: Obj): Map<string, unknown> | undefined {
  const values = Array.isArray(s.enum) ? s.enum : s.const !== undefined ? [s.const] : undefined;
  if (!values) return undefined;
  return new Map(values.filter((v) => v !== null).map((v) => [JSON.stringify(v), v]));
}

export const requiredSet = (s: Obj) =>
  new Set(Array.isArray(s.required) ? s.required.filter((x): x is string => typeof x === 'string') : []);
