import { Type, type Static, type TSchema } from 'typebox';

/** `skip`/`take` paging (decision 601): defaults 0 and 20, `take` at most 100. */
export const PageQuery = Type.Object({
  skip: Type.Integer({ minimum: 0, default: 0, description: 'rows to skip' }),
  take: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'rows to return (1-100)' }),
});
export type PageQuery = Static<typeof PageQuery>;

export const Page = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), total: Type.Integer(), skip: Type.Integer(), take: Type.Integer() });

export interface PageResult<T> {
  data: T[];
  total: number;
  skip: number;
  take: number;
}

export const pageOf = <T>(data: T[], total: number, q: PageQuery): PageResult<T> => ({ data, total, skip: q.skip, take: q.take });

/**
 * `pageOf` that hands back the same page object while the cached rows and total are the same
 * objects/values: a cached page then keeps its identity, so its serialised form can be reused
 * (see kernel/serialize-once.ts). Rows are keyed weakly: an invalidated page is simply collected.
 */
export function pageMemo<T extends object>() {
  const pages = new WeakMap<T[], PageResult<T>>();
  return (data: T[], total: number, q: PageQuery): PageResult<T> => {
    const known = pages.get(data);
    if (known && known.total === total && known.skip === q.skip && known.take === q.take) return known;
    const page = pageOf(data, total, q);
    pages.set(data, page);
    return page;
  };
}

const PAGING = { skip: { min: 0, max: Number.MAX_SAFE_INTEGER }, take: { min: 1, max: 100 } } as const;

/**
 * `skip`/`take` given to a GET route that answers a whole array (an integration's list) are checked
 * all the same, before the route runs: a mistyped paging value is a 400 even when the system behind
 * the route is not configured or down (decision 405). Routes that page validate them by schema.
 */
export function pagingProblem(query: unknown, declared: (name: string) => boolean): { field: string; problem: string } | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  for (const [name, range] of Object.entries(PAGING)) {
    const value = (query as Record<string, unknown>)[name];
    if (value === undefined || declared(name)) continue;
    const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
    if (!(n >= range.min && n <= range.max)) {
      return { field: name, problem: name === 'take' ? 'must be an integer from 1 to 100' : 'must be an integer of 0 or more' };
    }
  }
  return undefined;
}
