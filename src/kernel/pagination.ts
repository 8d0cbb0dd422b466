import { Type, type Static, type TSchema } from 'typebox';

/** `skip`/`take` paging (decision 601): defaults 0 and 20, `take` at most 100. */
export const PageQuery = Type.Object({
  skip: Type.Integer({ minimum: 0, default: 0, description: 'rows to skip' }),
  take: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'rows to return (1-100)' }),
});
export type PageQuery = Static<typeof PageQuery>;

const MAX_PAGE_NUMBER = 1_000_000;
const MAX_LIMIT = 100;

/**
 * `page`/`limit` paging of the lists that number their pages (gateway routes, pipelines, IaC runs):
 * one set of bounds, shared with the check of routes that do not declare them (decision 815).
 */
export const PageNumberQuery = Type.Object({
  page: Type.Integer({
    minimum: 1,
    maximum: MAX_PAGE_NUMBER,
    default: 1,
    description: `page number (1-${MAX_PAGE_NUMBER})`,
  }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: 20, description: `rows per page (1-${MAX_LIMIT})` }),
});
export type PageNumberQuery = Static<typeof PageNumberQuery>;

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), total: Type.Integer(), skip: Type.Integer(), take: Type.Integer() });

export interface PageResult<T> {
  data: T[];
  total: number;
  skip: number;
  take: number;
}

export const pageOf = <T>(data: T[], total: number, q: PageQuery): PageResult<T> => ({
  data,
  total,
  skip: q.skip,
  take: q.take,
});

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

const PAGING: Record<string, { min: number; max: number; problem: string }> = {
  skip: { min: 0, max: Number.MAX_SAFE_INTEGER, problem: 'must be an integer of 0 or more' },
  take: { min: 1, max: MAX_LIMIT, problem: `must be an integer from 1 to ${MAX_LIMIT}` },
  page: { min: 1, max: MAX_PAGE_NUMBER, problem: `must be an integer from 1 to ${MAX_PAGE_NUMBER}` },
  limit: { min: 1, max: MAX_LIMIT, problem: `must be an integer from 1 to ${MAX_LIMIT}` },
};

/**
 * Paging values (`skip`/`take`, and `page`/`limit`) given to a GET route that does not declare them
 * (an integration's whole-array list) are checked all the same, before the route runs: a mistyped
 * paging value is a 400 even when the system behind the route is not configured or down (decisions
 * 405, 815). Routes that page validate them by schema.
 */
export function pagingProblem(
  query: unknown,
  declared: (name: string) => boolean,
): { field: string; problem: string } | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  for (const [name, range] of Object.entries(PAGING)) {
    const value = (query as Record<string, unknown>)[name];
    if (value === undefined || declared(name)) continue;
    const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
    if (!(n >= range.min && n <= range.max)) {
      return { field: name, problem: range.problem };
    }
  }
  return undefined;
}
