import { and, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deployments } from '../../db/schema/index.js';

export interface DeploymentFacts {
  lastSucceededAt: Date | null;
  /** Finished (succeeded, failed, rolled back) deployments of the window, and how many succeeded. */
  finished: number;
  succeeded: number;
}

/** Reads the scorecards module needs from deployments, in bulk (one query per batch of components). */
export const deploymentsFactsLookup = {
  async factsOf(db: Executor, componentIds: string[], windowStart: Date): Promise<Map<string, DeploymentFacts>> {
    const out = new Map<string, DeploymentFacts>();
    if (componentIds.length === 0) return out;
    const rows = await db
      .select({
        componentId: deployments.componentId,
        lastSucceededAt: sql<
          Date | string | null
        >`max(${deployments.createdAt}) FILTER (WHERE ${deployments.status} = 'succeeded')`,
        finished: sql<number>`count(*) FILTER (WHERE ${deployments.status} IN ('succeeded', 'failed', 'rolled_back') AND ${deployments.createdAt} >= ${windowStart.toISOString()}::timestamptz)::int`,
        succeeded: sql<number>`count(*) FILTER (WHERE ${deployments.status} = 'succeeded' AND ${deployments.createdAt} >= ${windowStart.toISOString()}::timestamptz)::int`,
      })
      .from(deployments)
      .where(and(inArray(deployments.componentId, componentIds)))
      .groupBy(deployments.componentId);
    for (const r of rows) {
      out.set(r.componentId, {
        lastSucceededAt: r.lastSucceededAt === null ? null : new Date(r.lastSucceededAt),
        finished: Number(r.finished),
        succeeded: Number(r.succeeded),
      });
    }
    return out;
  },
};
