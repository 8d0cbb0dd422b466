import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { componentVulnerabilities } from '../../db/schema/index.js';

/** Reads the scorecards module needs from the registry's scans, in bulk. */
export const registryFactsLookup = {
  /** Findings of each component's last scan by severity (lower case: critical, high, …). */
  async severityCounts(db: Executor, componentIds: string[]): Promise<Map<string, Record<string, number>>> {
    const out = new Map<string, Record<string, number>>();
    if (componentIds.length === 0) return out;
    const rows = await db
      .select({
        componentId: componentVulnerabilities.componentId,
        severity: sql<string>`lower(${componentVulnerabilities.severity})`,
        n: sql<number>`count(*)::int`,
      })
      .from(componentVulnerabilities)
      .where(inArray(componentVulnerabilities.componentId, componentIds))
      .groupBy(componentVulnerabilities.componentId, sql`lower(${componentVulnerabilities.severity})`);
    for (const r of rows) {
      const counts = out.get(r.componentId) ?? {};
      counts[r.severity] = Number(r.n);
      out.set(r.componentId, counts);
    }
    return out;
  },
};
