import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deployments, pipelineRuns, pipelines } from '../../db/schema/index.js';

/** Reads other modules need about deployments, without reaching into the table. */
export const deploymentsLookup = {
  /**
   * Whether the deployment exists and the organization it belongs to: the one its deployment event
   * named (decision 861), else that of the pipeline whose run deployed it, else null (decision 567).
   * Undefined: no such deployment.
   */
  async organizationOf(
    db: Executor,
    id: string,
  ): Promise<{ organizationId: string | null; componentId: string } | undefined> {
    const [row] = await db
      .select({
        id: deployments.id,
        organizationId: sql<string | null>`coalesce(${deployments.organizationId}, ${pipelines.organizationId})`,
        componentId: deployments.componentId,
      })
      .from(deployments)
      .leftJoin(pipelineRuns, eq(pipelineRuns.id, deployments.pipelineRunId))
      .leftJoin(pipelines, eq(pipelines.id, pipelineRuns.pipelineId))
      .where(eq(deployments.id, id))
      .limit(1);
    return row ? { organizationId: row.organizationId ?? null, componentId: row.componentId } : undefined;
  },
};
