import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
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
      db
        .select()
        .from(deployments)
        .where(where)
        .orderBy(desc(deployments.createdAt), desc(deployments.id))
        .offset(skip)
        .limit(take),
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
      .select({
        deployment: deployments,
        pipelineId: pipelines.id,
        pipelineName: pipelines.name,
        commitSha: pipelineRuns.commitSha,
      })
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

  /**
   * Inserts a reported deployment unless one with its (organization, source, externalId) exists;
   * undefined then. A concurrent insert of the same key waits for the first to commit (decision 861).
   */
  async insertExternal(db: Executor, values: typeof deployments.$inferInsert): Promise<DeploymentRow | undefined> {
    const [row] = await db.insert(deployments).values(values).onConflictDoNothing().returning();
    return row;
  },

  /** The reported deployment of a key, locked until the transaction ends (its moves are serialised). */
  async lockExternal(
    db: Executor,
    organizationId: string | null,
    source: string,
    externalId: string,
  ): Promise<DeploymentRow | undefined> {
    const [row] = await db
      .select()
      .from(deployments)
      .where(
        and(
          // The expression of the unique index, so the lookup is that index's.
          sql`coalesce(${deployments.organizationId}, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(${organizationId}::uuid, '00000000-0000-0000-0000-000000000000'::uuid)`,
          eq(deployments.source, source),
          eq(deployments.externalId, externalId),
        ),
      )
      .limit(1)
      .for('update');
    return row;
  },

  async update(
    db: Executor,
    id: string,
    values: Partial<typeof deployments.$inferInsert>,
  ): Promise<DeploymentRow | undefined> {
    const [row] = await db.update(deployments).set(values).where(eq(deployments.id, id)).returning();
    return row;
  },

  async setStatus(db: Executor, id: string, status: DeploymentStatus): Promise<DeploymentRow | undefined> {
    const [row] = await db
      .update(deployments)
      .set({ status, updatedAt: new Date() })
      .where(eq(deployments.id, id))
      .returning();
    return row;
  },
};
