import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { incidentComponents, incidents } from '../../db/schema/index.js';

/** Reads the scorecards module needs from incidents, in bulk (one query per batch of components). */
export const incidentsFactsLookup = {
  /** Unresolved incidents naming each component, by severity. */
  async openBySeverity(db: Executor, componentIds: string[]): Promise<Map<string, Record<string, number>>> {
    const out = new Map<string, Record<string, number>>();
    if (componentIds.length === 0) return out;
    const rows = await db
      .select({
        componentId: incidentComponents.componentId,
        severity: incidents.severity,
        n: sql<number>`count(*)::int`,
      })
      .from(incidentComponents)
      .innerJoin(incidents, eq(incidents.id, incidentComponents.incidentId))
      .where(and(inArray(incidentComponents.componentId, componentIds), ne(incidents.status, 'resolved')))
      .groupBy(incidentComponents.componentId, incidents.severity);
    for (const r of rows) {
      const counts = out.get(r.componentId) ?? {};
      counts[r.severity] = Number(r.n);
      out.set(r.componentId, counts);
    }
    return out;
  },
  /** The components an incident names (to re-evaluate them when it changes). */
  async componentsOf(db: Executor, incidentId: string): Promise<string[]> {
    const rows = await db
      .select({ id: incidentComponents.componentId })
      .from(incidentComponents)
      .where(eq(incidentComponents.incidentId, incidentId));
    return rows.map((r) => r.id);
  },
};
