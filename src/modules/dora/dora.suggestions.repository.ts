import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  components,
  doraDeployments,
  environments,
  incidentComponents,
  incidentEnvironments,
  incidents,
} from '../../db/schema/index.js';

/** What the cause suggestions of an incident read (decision 569), and the component of an entity ref. */
export const doraSuggestionsRepository = {
  async incidentForSuggestion(db: Executor, incidentId: string) {
    const [row] = await db
      .select({ id: incidents.id, createdAt: incidents.createdAt })
      .from(incidents)
      .where(eq(incidents.id, incidentId))
      .limit(1);
    if (!row) return undefined;
    const comps = await db
      .select({ id: incidentComponents.componentId })
      .from(incidentComponents)
      .where(eq(incidentComponents.incidentId, incidentId));
    const envs = await db
      .select({ id: incidentEnvironments.environmentId })
      .from(incidentEnvironments)
      .where(eq(incidentEnvironments.incidentId, incidentId));
    return { ...row, componentIds: comps.map((c) => c.id), environmentIds: envs.map((e) => e.id) };
  },

  /** Deployments of `componentIds` (in `environmentIds` when given, else production) within [from, to], newest first. */
  async deploymentsNear(
    db: Executor,
    q: { organizationId: string | null; componentIds: string[]; environmentIds: string[]; from: Date; to: Date },
  ) {
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
