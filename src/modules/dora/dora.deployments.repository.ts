import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { components, doraDeployments, environments, incidents } from '../../db/schema/index.js';
import { dayText, facts, num, rows, where, type Slice } from './dora.slice.js';

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
export interface DayRow {
  day: string;
  deployments: number;
  failed: number;
  recoveryMedian: number | null;
  leadMedian: number | null;
  changes: number;
}

/**
 * Deployment frequency, change failure rate and time to restore: the three figures of the deployment
 * side come out of one scan of the slice (GROUPING SETS), so they share this file (decision 1050).
 */
export const doraDeploymentFigures = {
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
};
