import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { apiSpecs } from '../../db/schema/index.js';

export interface LatestSpec {
  componentId: string;
  name: string;
  id: string;
  format: string;
  status: string;
  /** The version registered before the latest one, if any. */
  previousId: string | null;
}

/** Reads the scorecards module needs from api-specs, in bulk (one query per batch of components). */
export const apiSpecsFactsLookup = {
  /** The latest version of each spec name of each component, with the one before it. */
  async latestPerName(db: Executor, componentIds: string[]): Promise<LatestSpec[]> {
    if (componentIds.length === 0) return [];
    const result = await db.execute(sql`
      SELECT component_id, name, id, format, status, previous_id FROM (
        SELECT ${apiSpecs.componentId} AS component_id, ${apiSpecs.name} AS name, ${apiSpecs.id} AS id, ${apiSpecs.format} AS format, ${apiSpecs.status} AS status,
               lead(${apiSpecs.id}) OVER w AS previous_id, row_number() OVER w AS rank
        FROM ${apiSpecs}
        WHERE ${inArray(apiSpecs.componentId, componentIds)}
        WINDOW w AS (PARTITION BY ${apiSpecs.componentId}, ${apiSpecs.name} ORDER BY ${apiSpecs.createdAt} DESC, ${apiSpecs.id} DESC)
      ) s WHERE rank = 1`);
    type Row = {
      component_id: string;
      name: string;
      id: string;
      format: string;
      status: string;
      previous_id: string | null;
    };
    return (result as unknown as { rows: Row[] }).rows.map((r) => ({
      componentId: r.component_id,
      name: r.name,
      id: r.id,
      format: r.format,
      status: r.status,
      previousId: r.previous_id,
    }));
  },
};
