import type { Obj, RefResolver } from '../spec/index.js';

/**
 * Fast path of the diff: two values are unchanged when they are equal JSON, `$ref` strings
 * included, and every referenced target is (transitively) unchanged too. Between two versions of
 * a large spec most operations and schemas are untouched, so whole path items are skipped.
 * Verdicts per reference are cached; a cycle is assumed equal while it is being checked, and a
 * verdict that rested on such an assumption is only kept once the outermost check confirms it.
 */
export class Unchanged {
  private readonly verdicts = new Map<string, boolean>();
  private readonly open = new Set<string>();
  private assumed = 0;

  constructor(
    private readonly oldRefs: RefResolver,
    private readonly newRefs: RefResolver,
  ) {}

  same(a: unknown, b: unknown): boolean {
    return this.eq(a, b, 0);
  }

  private eq(a: unknown, b: unknown, depth: number): boolean {
    if (a === b) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > 128) return false;
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
        if (va !== vb || !this.refUnchanged(va)) return false;
      } else if (!this.eq(va, vb, depth + 1)) return false;
    }
    return true;
  }

  private refUnchanged(ref: string): boolean {
    const known = this.verdicts.get(ref);
    if (known !== undefined) return known;
    if (this.open.has(ref)) {
      this.assumed++;
      return true;
    }
    const before = this.assumed;
    this.open.add(ref);
    const same = this.eq(this.oldRefs.target(ref), this.newRefs.target(ref), 0);
    this.open.delete(ref);
    // A difference is always real; sameness resting on an open assumption only once nothing is open.
    if (!same || this.assumed === before || this.open.size === 0) this.verdicts.set(ref, same);
    return same;
  }
}
