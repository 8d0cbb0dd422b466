import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  components,
  deployments,
  doraChanges,
  doraDeployments,
  environments,
  incidentComponents,
  incidentEnvironments,
  incidents,
  pipelineRuns,
  pipelines,
} from '../../db/schema/index.js';

export type DoraDeploymentRow = typeof doraDeployments.$inferSelect;

/** What a figure is computed over (decision 567): the wall, the scope and the window [from, to). */
export interface Slice {
  organizationId: string | null;
  /** A component's keys over every organization's deployments: scorecards' facts only (decision 571). */
  everyOrganization?: boolean;
  scope: 'organization' | 'component' | 'team' | 'environment';
  id?: string;
  from: Date;
  to: Date;
}

type FactTable = typeof doraDeployments | typeof doraChanges;

/** The WHERE of a slice on either fact table: each branch is served by one of its indexes. */
function where(t: FactTable, s: Slice): SQL {
  const wall = s.everyOrganization ? undefined : s.organizationId === null ? sql`${t.organizationId} IS NULL` : eq(t.organizationId, s.organizationId);
  const scope =
    s.scope === 'component'
      ? and(eq(t.componentId, s.id!), eq(t.production, true))
      : s.scope === 'team'
        ? and(eq(t.teamId, s.id!), eq(t.production, true))
        : s.scope === 'environment'
          ? eq(t.environmentId, s.id!)
          : eq(t.production, true);
  return and(wall, scope, sql`${t.deployedAt} >= ${s.from.toISOString()}::timestamptz`, sql`${t.deployedAt} < ${s.to.toISOString()}::timestamptz`)!;
}

/**
 * One row per deployment of the slice with what the stability keys need (decision 570): failed when
 * rolled back or named as the cause of an incident; recovery from the first linked incident's
 * opening (the deployment itself when only rolled back) to the last resolution or the rollback,
 * null while a linked incident is unresolved.
 */
function facts(s: Slice) {
  const d = doraDeployments;
  return sql`
    SELECT ${d.deploymentId} AS deployment_id, ${d.deployedAt} AS deployed_at, ${d.rolledBackAt} AS rolled_back_at,
      ${d.changesStatus} AS changes_status, coalesce(inc.n, 0) AS incidents,
      (${d.rolledBackAt} IS NOT NULL OR coalesce(inc.n, 0) > 0) AS failed,
      CASE
        WHEN coalesce(inc.unresolved, 0) > 0 THEN NULL
        WHEN coalesce(inc.n, 0) = 0 AND ${d.rolledBackAt} IS NULL THEN NULL
        ELSE greatest(0, extract(epoch FROM greatest(inc.last_resolved, ${d.rolledBackAt}) - coalesce(inc.first_open, ${d.deployedAt})))
      END AS recovery_seconds
    FROM ${d}
    LEFT JOIN (
      SELECT ${incidents.causedByDeploymentId} AS deployment_id, count(*) AS n, min(${incidents.createdAt}) AS first_open,
        max(${incidents.resolvedAt}) AS last_resolved, count(*) FILTER (WHERE ${incidents.resolvedAt} IS NULL) AS unresolved
      FROM ${incidents} WHERE ${incidents.causedByDeploymentId} IS NOT NULL GROUP BY 1
    ) inc ON inc.deployment_id = ${d.deploymentId}
    WHERE ${where(d, s)}`;
}

/** Days since 1970-01-01 (UTC), as the statements group them (integer math, cheaper than formatting 25,000 dates), to `YYYY-MM-DD`. */
const dayText = (n: unknown) => new Date(Number(n) * 86_400_000).toISOString().slice(0, 10);
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export interface StabilityTotals {
  deployments: number;
  failed: number;
  rolledBack: number;
  withIncidents: number;
  recoveryMedian: number | null;
  recovered: number;
  unrecovered: number;
  pending: number;
  noRepository: number;
  noRevision: number;
  changesFailed: number;
}
export interface LeadTotals {
  changes: number;
  skewed: number;
  median: number | null;
}
export interface DayRow {
  day: string;
  deployments: number;
  failed: number;
  recoveryMedian: number | null;
  leadMedian: number | null;
  changes: number;
}

export const doraRepository = {
  /**
   * The deployment side of the keys: the window's totals and each UTC day's, in one statement
   * (GROUPING SETS: one scan of the slice's index range).
   */
  async deploymentSide(db: Executor, s: Slice): Promise<{ totals: StabilityTotals; days: DayRow[] }> {
    const result = rows<Record<string, unknown>>(
      await db.execute(sql`
        SELECT GROUPING(day) AS whole, day, count(*) AS deployments, count(*) FILTER (WHERE failed) AS failed,
          count(*) FILTER (WHERE rolled_back_at IS NOT NULL) AS rolled_back, count(*) FILTER (WHERE incidents > 0) AS with_incidents,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY recovery_seconds) FILTER (WHERE failed AND recovery_seconds IS NOT NULL) AS recovery_median,
          count(*) FILTER (WHERE failed AND recovery_seconds IS NOT NULL) AS recovered,
          count(*) FILTER (WHERE failed AND recovery_seconds IS NULL) AS unrecovered,
          count(*) FILTER (WHERE changes_status = 'pending') AS pending,
          count(*) FILTER (WHERE changes_status = 'no_repository') AS no_repository,
          count(*) FILTER (WHERE changes_status = 'no_revision') AS no_revision,
          count(*) FILTER (WHERE changes_status = 'failed') AS changes_failed
        FROM (SELECT f.*, (f.deployed_at AT TIME ZONE 'UTC')::date - DATE '1970-01-01' AS day FROM (${facts(s)}) f) x
        GROUP BY GROUPING SETS ((), (day))`),
    );
    const whole = result.find((r) => Number(r.whole) === 1)!;
    return {
      totals: {
        deployments: Number(whole.deployments),
        failed: Number(whole.failed),
        rolledBack: Number(whole.rolled_back),
        withIncidents: Number(whole.with_incidents),
        recoveryMedian: num(whole.recovery_median),
        recovered: Number(whole.recovered),
        unrecovered: Number(whole.unrecovered),
        pending: Number(whole.pending),
        noRepository: Number(whole.no_repository),
        noRevision: Number(whole.no_revision),
        changesFailed: Number(whole.changes_failed),
      },
      days: result
        .filter((r) => Number(r.whole) === 0)
        .map((r) => ({
          day: dayText(r.day),
          deployments: Number(r.deployments),
          failed: Number(r.failed),
          recoveryMedian: num(r.recovery_median),
          leadMedian: null,
          changes: 0,
        })),
    };
  },

  /** Change lead time: the median over changes with a non-negative lead (negative ones counted apart), for the window and each day. */
  async changeSide(db: Executor, s: Slice): Promise<{ totals: LeadTotals; days: { day: string; changes: number; leadMedian: number | null }[] }> {
    const c = doraChanges;
    const result = rows<Record<string, unknown>>(
      await db.execute(sql`
        SELECT GROUPING(day) AS whole, day, count(*) FILTER (WHERE lead_seconds >= 0) AS changes, count(*) FILTER (WHERE lead_seconds < 0) AS skewed,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY lead_seconds) FILTER (WHERE lead_seconds >= 0) AS median
        FROM (SELECT ${c.leadSeconds} AS lead_seconds, (${c.deployedAt} AT TIME ZONE 'UTC')::date - DATE '1970-01-01' AS day FROM ${c} WHERE ${where(c, s)}) x
        GROUP BY GROUPING SETS ((), (day))`),
    );
    const whole = result.find((r) => Number(r.whole) === 1)!;
    return {
      totals: { changes: Number(whole.changes), skewed: Number(whole.skewed), median: num(whole.median) },
      days: result.filter((r) => Number(r.whole) === 0).map((r) => ({ day: dayText(r.day), changes: Number(r.changes), leadMedian: num(r.median) })),
    };
  },

  /** Drill-down: the deployments of a slice (optionally only the failed ones), newest first. */
  async deploymentsPage(db: Executor, s: Slice, opts: { failed?: boolean; skip: number; take: number }) {
    const filter = opts.failed === undefined ? sql`` : opts.failed ? sql`WHERE f.failed` : sql`WHERE NOT f.failed`;
    const data = rows<Record<string, unknown>>(
      await db.execute(sql`
        SELECT f.*, d.version AS version, d.revision, d.component_id, d.environment_id, d.change_count, d.skewed_count,
          d.changes_error, c.name AS component_name, e.name AS environment_name,
          coalesce((SELECT array_agg(i.id ORDER BY i.created_at) FROM ${incidents} i WHERE i.caused_by_deployment_id = f.deployment_id), '{}') AS incident_ids,
          count(*) OVER () AS total
        FROM (${facts(s)}) f
        JOIN ${doraDeployments} d ON d.deployment_id = f.deployment_id
        JOIN ${components} c ON c.id = d.component_id
        JOIN ${environments} e ON e.id = d.environment_id
        ${filter}
        ORDER BY f.deployed_at DESC, f.deployment_id DESC
        OFFSET ${opts.skip} LIMIT ${opts.take}`),
    );
    const total = data.length ? Number(data[0]!.total) : await this.countDeployments(db, s, opts.failed);
    return { data, total };
  },

  async countDeployments(db: Executor, s: Slice, failed?: boolean): Promise<number> {
    const filter = failed === undefined ? sql`` : failed ? sql`WHERE f.failed` : sql`WHERE NOT f.failed`;
    const [r] = rows<{ n: unknown }>(await db.execute(sql`SELECT count(*) AS n FROM (${facts(s)}) f ${filter}`));
    return Number(r!.n);
  },

  /** Drill-down: the changes of a slice (all, or only the skewed ones excluded from the lead time). */
  async changesPage(db: Executor, s: Slice, opts: { skewed?: boolean; skip: number; take: number }) {
    const c = doraChanges;
    const conds = [where(c, s)];
    if (opts.skewed !== undefined) conds.push(opts.skewed ? lt(c.leadSeconds, 0) : sql`${c.leadSeconds} >= 0`);
    const cond = and(...conds);
    const [data, [total]] = await Promise.all([
      db
        .select({
          deploymentId: c.deploymentId,
          sha: c.sha,
          committedAt: c.committedAt,
          deployedAt: c.deployedAt,
          leadSeconds: c.leadSeconds,
          componentId: c.componentId,
          componentName: components.name,
          environmentId: c.environmentId,
        })
        .from(c)
        .innerJoin(components, eq(components.id, c.componentId))
        .where(cond)
        .orderBy(desc(c.deployedAt), desc(c.committedAt), c.sha)
        .offset(opts.skip)
        .limit(opts.take),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(c)
        .where(cond),
    ]);
    return { data, total: Number(total!.n) };
  },

  /** Drill-down: incidents caused by the slice's deployments, newest first. */
  async incidentsPage(db: Executor, s: Slice, opts: { skip: number; take: number }) {
    const d = doraDeployments;
    const cond = and(where(d, s), sql`${incidents.causedByDeploymentId} IS NOT NULL`);
    const [data, [total]] = await Promise.all([
      db
        .select({
          incidentId: incidents.id,
          title: incidents.title,
          severity: incidents.severity,
          status: incidents.status,
          createdAt: incidents.createdAt,
          resolvedAt: incidents.resolvedAt,
          deploymentId: d.deploymentId,
          deployedAt: d.deployedAt,
          componentId: d.componentId,
          componentName: components.name,
        })
        .from(incidents)
        .innerJoin(d, eq(d.deploymentId, incidents.causedByDeploymentId))
        .innerJoin(components, eq(components.id, d.componentId))
        .where(cond)
        .orderBy(desc(incidents.createdAt), desc(incidents.id))
        .offset(opts.skip)
        .limit(opts.take),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(incidents)
        .innerJoin(d, eq(d.deploymentId, incidents.causedByDeploymentId))
        .where(cond),
    ]);
    return { data, total: Number(total!.n) };
  },

  // Ingest

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
      .select({ id: deployments.id, version: deployments.version, commitSha: sql<string | null>`coalesce(${pipelineRuns.commitSha}, ${deployments.revision})` })
      .from(deployments)
      .leftJoin(pipelineRuns, eq(pipelineRuns.id, deployments.pipelineRunId))
      .where(
        and(
          eq(deployments.componentId, cur.componentId),
          eq(deployments.environmentId, cur.environmentId),
          inArray(deployments.status, ['succeeded', 'rolled_back']),
          or(lt(deployments.createdAt, cur.createdAt), and(eq(deployments.createdAt, cur.createdAt), lt(deployments.id, cur.id))),
        ),
      )
      .orderBy(desc(deployments.createdAt), desc(deployments.id))
      .limit(1);
    return row;
  },

  async findFact(db: Executor, deploymentId: string): Promise<DoraDeploymentRow | undefined> {
    const [row] = await db.select().from(doraDeployments).where(eq(doraDeployments.deploymentId, deploymentId)).limit(1);
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
    const r = await db.select({ id: doraDeployments.deploymentId }).from(doraDeployments).where(eq(doraDeployments.changesStatus, 'pending')).limit(1000);
    return r.map((x) => x.id);
  },

  // Suggestions

  async incidentForSuggestion(db: Executor, incidentId: string) {
    const [row] = await db.select({ id: incidents.id, createdAt: incidents.createdAt }).from(incidents).where(eq(incidents.id, incidentId)).limit(1);
    if (!row) return undefined;
    const comps = await db.select({ id: incidentComponents.componentId }).from(incidentComponents).where(eq(incidentComponents.incidentId, incidentId));
    const envs = await db.select({ id: incidentEnvironments.environmentId }).from(incidentEnvironments).where(eq(incidentEnvironments.incidentId, incidentId));
    return { ...row, componentIds: comps.map((c) => c.id), environmentIds: envs.map((e) => e.id) };
  },

  /** Deployments of `componentIds` (in `environmentIds` when given, else production) within [from, to], newest first. */
  async deploymentsNear(db: Executor, q: { organizationId: string | null; componentIds: string[]; environmentIds: string[]; from: Date; to: Date }) {
    const d = doraDeployments;
    const wall = q.organizationId === null ? sql`${d.organizationId} IS NULL` : eq(d.organizationId, q.organizationId);
    return db
      .select({
        deploymentId: d.deploymentId,
        componentId: d.componentId,
        componentName: components.name,
        environmentId: d.environmentId,
        environmentName: environments.name,
        version: d.version,
        deployedAt: d.deployedAt,
      })
      .from(d)
      .innerJoin(components, eq(components.id, d.componentId))
      .innerJoin(environments, eq(environments.id, d.environmentId))
      .where(
        and(
          wall,
          inArray(d.componentId, q.componentIds),
          q.environmentIds.length ? inArray(d.environmentId, q.environmentIds) : eq(d.production, true),
          sql`${d.deployedAt} >= ${q.from.toISOString()}::timestamptz`,
          sql`${d.deployedAt} <= ${q.to.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(desc(d.deployedAt))
      .limit(20);
  },

  async componentIdByRef(db: Executor, ref: string): Promise<string | undefined> {
    const [row] = await db
      .select({ id: components.id })
      .from(components)
      .where(sql`lower(${components.ref}) = lower(${ref})`)
      .limit(1);
    return row?.id;
  },
};
