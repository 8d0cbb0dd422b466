/**
 * Local JSON references (`#/components/schemas/Pet`): parsing, resolution and the registration-time
 * check that every `$ref` of a document resolves inside it. The stored document keeps its `$ref`s
 * (so recursive schemas stay representable and shared schemas are stored once); the diff resolves
 * them through a `RefResolver`, whose cache is the "$ref table".
 */
export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The tokens of a local reference, or undefined when it is not local (`other.yaml#/x`, a URL) or
 * malformed: bad percent-encoding (`#/a/%E0%A4%A`) is a problem found at registration, never a
 * URIError thrown at diff time.
 */
export function refTokens(ref: string): string[] | undefined {
  if (!ref.startsWith('#')) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment === '') return [];
  if (!fragment.startsWith('/')) return undefined;
  return fragment
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Walks `tokens` from `root`; undefined when a step is missing. Own properties only (no `__proto__` tricks). */
export function resolveTokens(root: unknown, tokens: string[]): unknown {
  let cur: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      cur = cur[Number(token)];
    } else if (isObj(cur) && Object.hasOwn(cur, token)) cur = cur[token];
    else return undefined;
  }
  return cur;
}

/** Encodes one token of a JSON pointer (RFC 6901). */
export const pointerToken = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** Follows `$ref` chains through one document, caching each reference's target. */
export class RefResolver {
  private readonly cache = new Map<string, unknown>();
  constructor(readonly root: unknown) {}

  /** The target of one reference string (undefined when unresolvable). */
  target(ref: string): unknown {
    if (this.cache.has(ref)) return this.cache.get(ref);
    const tokens = refTokens(ref);
    const value = tokens ? resolveTokens(this.root, tokens) : undefined;
    this.cache.set(ref, value);
    return value;
  }

  /** `value` with `$ref` chains followed; a chain that loops or breaks gives undefined. */
  deref(value: unknown): unknown {
    let cur = value;
    for (let hops = 0; isObj(cur) && typeof cur.$ref === 'string'; hops++) {
      if (hops > 32) return undefined;
      cur = this.target(cur.$ref);
    }
    return cur;
  }

  /** Like deref, but an object (empty when unresolvable). */
  obj(value: unknown): Obj {
    const v = this.deref(value);
    return isObj(v) ? v : {};
  }
}

export interface Problem {
  /** JSON pointer into the submitted document, as a URI fragment (`#/paths/~1pets/get`). */
  pointer: string;
  message: string;
}

/** Values that are data, not document structure: a `$ref` key inside them is just a key. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);
/** Maps whose keys are names chosen by the author (a property may be called `default`). */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'schemas',
  'parameters',
  'responses',
  'headers',
  'messages',
]);

/** A node's place in the document: its parent's place and its key. Joined into a pointer only for a problem. */
type Place = { up: Place | undefined; key: string } | undefined;
function pointerOf(place: Place): string {
  const keys: string[] = [];
  for (let p = place; p; p = p.up) keys.push(pointerToken(p.key));
  return keys.length ? `#/${keys.reverse().join('/')}` : '#';
}

/**
 * Every `$ref` in the document must be local and resolve (decision 608: "`$ref`s resolvable inside
 * the document"). Iterative, so a deep document cannot overflow the stack. Returns the first `limit`.
 * A node's pointer is built only when it has a problem: building one per node was a tenth of a
 * 4 MB registration's CPU time (decision 311).
 */
export function checkRefs(doc: unknown, limit = 10): Problem[] {
  const problems: Problem[] = [];
  const resolver = new RefResolver(doc);
  const stack: [unknown, Place, string][] = [[doc, undefined, '']];
  while (stack.length > 0 && problems.length < limit) {
    const [value, place, ownKey] = stack.pop()!;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], { up: place, key: String(i) }, '']);
      continue;
    }
    if (!isObj(value)) continue;
    const ref = value.$ref;
    if (typeof ref === 'string') {
      const at = () => `${pointerOf(place)}/$ref`;
      if (!ref.startsWith('#'))
        problems.push({
          pointer: at(),
          message: `external reference '${ref.slice(0, 200)}' is not resolved: only references inside the document are`,
        });
      else if (!refTokens(ref))
        problems.push({
          pointer: at(),
          message: `reference '${ref.slice(0, 200)}' is not a valid JSON pointer (bad percent-encoding or syntax)`,
        });
      else if (resolver.deref(value) === undefined)
        problems.push({
          pointer: at(),
          message: `reference '${ref.slice(0, 200)}' does not resolve inside the document`,
        });
    }
    const keys = Object.keys(value);
    const named = NAME_MAPS.has(ownKey);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const child = value[key];
      // Only objects and arrays can hold a `$ref`: scalars are not stacked at all.
      if (child === null || typeof child !== 'object') continue;
      if (!named && (DATA_KEYS.has(key) || key.startsWith('x-') || key === '$ref')) continue;
      stack.push([child, { up: place, key }, named ? '' : key]);
    }
  }
  return problems;
}
