import { and, eq, sql, type SQL } from 'drizzle-orm';
import { doraChanges, doraDeployments, incidents } from '../../db/schema/index.js';

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
export function where(t: FactTable, s: Slice): SQL {
  const wall = s.everyOrganization
    ? undefined
    : s.organizationId === null
      ? sql`${t.organizationId} IS NULL`
      : eq(t.organizationId, s.organizationId);
  const scope =
    s.scope === 'component'
      ? and(eq(t.componentId, s.id!), eq(t.production, true))
      : s.scope === 'team'
        ? and(eq(t.teamId, s.id!), eq(t.production, true))
        : s.scope === 'environment'
          ? eq(t.environmentId, s.id!)
          : eq(t.production, true);
  return and(
    wall,
    scope,
    sql`${t.deployedAt} >= ${s.from.toISOString()}::timestamptz`,
    sql`${t.deployedAt} < ${s.to.toISOString()}::timestamptz`,
  )!;
}

/**
 * One row per deployment of the slice with what the stability keys need (decision 570): failed when
 * rolled back or named as the cause of an incident; recovery from the first linked incident's
 * opening (the deployment itself when only rolled back) to the last resolution or the rollback,
 * null while a linked incident is unresolved.
 */
export function facts(s: Slice) {
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
export const dayText = (n: unknown) => new Date(Number(n) * 86_400_000).toISOString().slice(0, 10);
export const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
