import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  components,
  deployments,
  doraChanges,
  doraDeployments,
  environments,
  pipelineRuns,
  pipelines,
} from '../../db/schema/index.js';
import { rows } from './dora.slice.js';

export type DoraDeploymentRow = typeof doraDeployments.$inferSelect;

/** The facts a deployment leaves (decision 568): written by the ingest job, found again by the sweep. */
export const doraFactsRepository = {
  /** A deployment with what its facts need: the pipeline's organization and commit, the component's team and annotations, the environment's type. */
  async source(db: Executor, deploymentId: string) {
    const [row] = await db
      .select({
        id: deployments.id,
        componentId: deployments.componentId,
        environmentId: deployments.environmentId,
        version: deployments.version,
        status: deployments.status,
        createdAt: deployments.createdAt,
        updatedAt: deployments.updatedAt,
        // A pipeline run's commit, else the revision a deployment event reported (decision 860).
        commitSha: sql<string | null>`coalesce(${pipelineRuns.commitSha}, ${deployments.revision})`,
        // A reported deployment carries its own organization; a pipeline's is its pipeline's (decision 567).
        organizationId: sql<string | null>`coalesce(${deployments.organizationId}, ${pipelines.organizationId})`,
        teamId: components.teamId,
        annotations: components.annotations,
        environmentType: environments.type,
      })
      .from(deployments)
      .innerJoin(components, eq(components.id, deployments.componentId))
      .innerJoin(environments, eq(environments.id, deployments.environmentId))
      .leftJoin(pipelineRuns, eq(pipelineRuns.id, deployments.pipelineRunId))
      .leftJoin(pipelines, eq(pipelines.id, pipelineRuns.pipelineId))
      .where(eq(deployments.id, deploymentId))
      .limit(1);
    return row;
  },

  /** The deployment of the same component to the same environment just before this one (succeeded or rolled back). */
  async previous(db: Executor, cur: { id: string; componentId: string; environmentId: string; createdAt: Date }) {
    const [row] = await db
      .select({
        id: deployments.id,
        version: deployments.version,
        commitSha: sql<string | null>`coalesce(${pipelineRuns.commitSha}, ${deployments.revision})`,
      })
      .from(deployments)
      .leftJoin(pipelineRuns, eq(pipelineRuns.id, deployments.pipelineRunId))
      .where(
        and(
          eq(deployments.componentId, cur.componentId),
          eq(deployments.environmentId, cur.environmentId),
          inArray(deployments.status, ['succeeded', 'rolled_back']),
          or(
            lt(deployments.createdAt, cur.createdAt),
            and(eq(deployments.createdAt, cur.createdAt), lt(deployments.id, cur.id)),
          ),
        ),
      )
      .orderBy(desc(deployments.createdAt), desc(deployments.id))
      .limit(1);
    return row;
  },

  async findFact(db: Executor, deploymentId: string): Promise<DoraDeploymentRow | undefined> {
    const [row] = await db
      .select()
      .from(doraDeployments)
      .where(eq(doraDeployments.deploymentId, deploymentId))
      .limit(1);
    return row;
  },

  async insertFact(db: Executor, values: typeof doraDeployments.$inferInsert) {
    await db.insert(doraDeployments).values(values).onConflictDoNothing();
  },

  async updateFact(db: Executor, deploymentId: string, values: Partial<typeof doraDeployments.$inferInsert>) {
    await db.update(doraDeployments).set(values).where(eq(doraDeployments.deploymentId, deploymentId));
  },

  async replaceChanges(db: Executor, fact: DoraDeploymentRow, commits: { sha: string; committedAt: Date }[]) {
    await db.delete(doraChanges).where(eq(doraChanges.deploymentId, fact.deploymentId));
    if (commits.length === 0) return;
    await db
      .insert(doraChanges)
      .values(
        commits.map((c) => ({
          deploymentId: fact.deploymentId,
          sha: c.sha,
          committedAt: c.committedAt,
          organizationId: fact.organizationId,
          componentId: fact.componentId,
          environmentId: fact.environmentId,
          teamId: fact.teamId,
          production: fact.production,
          deployedAt: fact.deployedAt,
          leadSeconds: (fact.deployedAt.getTime() - c.committedAt.getTime()) / 1000,
        })),
      )
      .onConflictDoNothing();
  },

  /** Successful or rolled-back deployments without facts, or rolled back since their facts were written (the sweep). */
  async missing(db: Executor, limit: number): Promise<string[]> {
    const r = rows<{ id: string }>(
      await db.execute(sql`
        SELECT dep.id FROM ${deployments} dep
        LEFT JOIN ${doraDeployments} f ON f.deployment_id = dep.id
        WHERE dep.status IN ('succeeded', 'rolled_back')
          AND (f.deployment_id IS NULL OR (dep.status = 'rolled_back' AND f.rolled_back_at IS NULL))
        ORDER BY dep.created_at LIMIT ${limit}`),
    );
    return r.map((x) => x.id);
  },

  async pendingFacts(db: Executor): Promise<string[]> {
    const r = await db
      .select({ id: doraDeployments.deploymentId })
      .from(doraDeployments)
      .where(eq(doraDeployments.changesStatus, 'pending'))
      .limit(1000);
    return r.map((x) => x.id);
  },
};
