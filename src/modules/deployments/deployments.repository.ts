import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deployments, pipelineRuns, pipelines } from '../../db/schema/index.js';
import type { DeploymentStatus } from './deployments.schemas.js';

export type DeploymentRow = typeof deployments.$inferSelect;

export interface DeploymentFilter {
  componentId?: string;
  environmentId?: string;
  status?: DeploymentStatus;
}

export const deploymentsRepository = {
  /** Newest first; each filter is served by an index leading with it and ending in created_at. */
  async list(db: Executor, filter: DeploymentFilter, skip: number, take: number) {
    const conds: SQL[] = [];
    if (filter.componentId) conds.push(eq(deployments.componentId, filter.componentId));
    if (filter.environmentId) conds.push(eq(deployments.environmentId, filter.environmentId));
    if (filter.status) conds.push(eq(deployments.status, filter.status));
    const where = conds.length ? and(...conds) : undefined;
    const [data, [total]] = await Promise.all([
      db.select().from(deployments).where(where).orderBy(desc(deployments.createdAt), desc(deployments.id)).offset(skip).limit(take),
      db.select({ n: count() }).from(deployments).where(where),
    ]);
    return { data, total: total!.n };
  },

  async findById(db: Executor, id: string): Promise<DeploymentRow | undefined> {
    const [row] = await db.select().from(deployments).where(eq(deployments.id, id)).limit(1);
    return row;
  },

  /** The deployment with its run's pipeline and commit (a read-only join: decision 710). */
  async findDetail(db: Executor, id: string) {
    const [row] = await db
      .select({ deployment: deployments, pipelineId: pipelines.id, pipelineName: pipelines.name, commitSha: pipelineRuns.commitSha })
      .from(deployments)
      .leftJoin(pipelineRuns, eq(pipelineRuns.id, deployments.pipelineRunId))
      .leftJoin(pipelines, eq(pipelines.id, pipelineRuns.pipelineId))
      .where(eq(deployments.id, id))
      .limit(1);
    return row;
  },

  async insert(db: Executor, values: typeof deployments.$inferInsert): Promise<DeploymentRow> {
    const [row] = await db.insert(deployments).values(values).returning();
    return row!;
  },

  async setStatus(db: Executor, id: string, status: DeploymentStatus): Promise<DeploymentRow | undefined> {
    const [row] = await db.update(deployments).set({ status, updatedAt: new Date() }).where(eq(deployments.id, id)).returning();
    return row;
  },
};
