import { Type, type Static, type TSchema } from 'typebox';

/** `skip`/`take` paging of document 1: defaults 0 and 20, `take` at most 100. */
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
