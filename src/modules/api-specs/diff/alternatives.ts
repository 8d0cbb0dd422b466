import { isObj, type RefResolver } from '../spec/index.js';
import { types } from './keywords.js';
import type { Unchanged } from './unchanged.js';

/**
 * Pairs the oneOf/anyOf alternatives of two versions (decision 304). Alternatives are a set, not a
 * list, and a `$ref` name is not their identity: pairs are made by, in order, the same reference,
 * equal JSON, equal content behind the reference (a schema renamed with the same body), the same
 * title or type when that is unique on both sides, and finally inline alternatives in order.
 * What stays unpaired is removed or added.
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

function signature(refs: RefResolver, s: unknown): string | undefined {
  const v = refs.deref(s);
  if (!isObj(v)) return undefined;
  if (typeof v.title === 'string') return `title:${v.title}`;
  const [t] = types(v);
  return t === undefined ? undefined : `type:${t}`;
}

export function matchAlternatives(a: unknown[], b: unknown[], oldRefs: RefResolver, newRefs: RefResolver, unchanged: Unchanged): AlternativeMatch {
  const pairs: [number, number][] = [];
  let left = a.map((_, i) => i);
  let right = b.map((_, j) => j);
  const pairBy = (test: (i: number, j: number) => boolean) => {
    for (const i of [...left]) {
      const j = right.find((jj) => test(i, jj));
      if (j === undefined) continue;
      pairs.push([i, j]);
      left = left.filter((x) => x !== i);
      right = right.filter((x) => x !== j);
    }
  };
  pairBy((i, j) => refOf(a[i]) !== undefined && refOf(a[i]) === refOf(b[j]));
  pairBy((i, j) => unchanged.same(a[i], b[j]));
  pairBy((i, j) => {
    const x = content(oldRefs, a[i]);
    return x !== undefined && x === content(newRefs, b[j]);
  });
  pairBy((i, j) => {
    const sig = signature(oldRefs, a[i]);
    if (sig === undefined || sig !== signature(newRefs, b[j])) return false;
    const unique = (list: number[], side: unknown[], refs: RefResolver) => list.filter((x) => signature(refs, side[x]) === sig).length === 1;
    return unique(left, a, oldRefs) && unique(right, b, newRefs);
  });
  pairBy((i, j) => refOf(a[i]) === undefined && refOf(b[j]) === undefined);
  return { pairs: pairs.sort((x, y) => x[0] - y[0]), removed: left, added: right };
}
