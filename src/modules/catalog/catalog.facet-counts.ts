import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { catalogFacetCounts, components } from '../../db/schema/index.js';
import { whereOf, type FilterColumns, type ListFilter } from './catalog.repository.js';

/**
 * Where the catalog counts (decision 181): `catalog_facet_counts`, one row per combination of the
 * filtered columns (plus deltas not yet folded), whenever the filter uses only those columns; the
 * components themselves when it holds a full-text query. Both are exact and read in the caller's
 * snapshot: the triggers write the counts in the writer's transaction.
 */
export interface CountSource {
  from: SQL;
  columns: FilterColumns;
  /** How many components a group holds. */
  n: SQL;
}

const COUNTED_COLUMNS = sql.raw(
  'kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags',
);

export function countSourceOf(filter: ListFilter): CountSource {
  if (filter.tsquery) return { from: sql`${components}`, columns: components, n: sql`count(*)` };
  return { from: sql`${catalogFacetCounts}`, columns: catalogFacetCounts, n: sql`sum(${catalogFacetCounts.n})` };
}

/** Components matching the filter. */
export async function countComponents(db: Executor, filter: ListFilter): Promise<number> {
  const s = countSourceOf(filter);
  const where = whereOf(filter, s.columns);
  const result = await db.execute(
    sql`SELECT coalesce(${s.n}, 0)::int AS n FROM ${s.from} ${where ? sql`WHERE ${where}` : sql``}`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/**
 * Folds the deltas into one row per combination (the `catalog.compact-facet-counts` job). Rows
 * appended meanwhile are not in this statement's snapshot and stay as they are; two folds at once
 * each re-insert the sum of exactly the rows they deleted, so the totals never change.
 * Skipped while the table holds few more rows than combinations.
 */
export async function compactFacetCounts(db: Executor): Promise<{ rows: number; combinations: number } | undefined> {
  const sizes = await db.execute(
    sql`SELECT count(*)::int AS rows, count(DISTINCT (${COUNTED_COLUMNS}))::int AS combinations FROM ${catalogFacetCounts}`,
  );
  const { rows, combinations } = (sizes as unknown as { rows: { rows: number; combinations: number }[] }).rows[0]!;
  if (rows <= combinations * 1.25 + 100) return undefined;
  await db.execute(sql`
    WITH folded AS (DELETE FROM ${catalogFacetCounts} RETURNING *)
    INSERT INTO ${catalogFacetCounts} (${COUNTED_COLUMNS}, n)
    SELECT ${COUNTED_COLUMNS}, sum(n) FROM folded GROUP BY ${COUNTED_COLUMNS} HAVING sum(n) <> 0`);
  return { rows, combinations };
}
