import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  components,
  deployments,
  environments,
  incidentComponents,
  incidents,
  incidentUpdates,
  users,
} from '../../db/schema/index.js';

/**
 * Read-only aggregations behind widget data. They read other modules' tables (deployments,
 * components, environments, incidents) directly: a dashboard joins across the whole platform, and
 * going through each module's service would turn one join into many queries. Nothing here writes.
 */
export const widgetDataRepository = {
  async latestDeployments(db: Executor, opts: { limit: number; componentId?: string; environmentId?: string }) {
    const filters: SQL[] = [];
    if (opts.componentId) filters.push(eq(deployments.componentId, opts.componentId));
    if (opts.environmentId) filters.push(eq(deployments.environmentId, opts.environmentId));
    return db
      .select({
        id: deployments.id,
        componentId: deployments.componentId,
        componentName: components.name,
        environmentId: deployments.environmentId,
        environmentName: environments.name,
        version: deployments.version,
        status: deployments.status,
        deployedBy: deployments.deployedBy,
        pipelineRunId: deployments.pipelineRunId,
        // Who reported a deployment made outside Hangar, and its run's page (decision 860).
        source: deployments.source,
        url: deployments.url,
        createdAt: deployments.createdAt,
      })
      .from(deployments)
      .innerJoin(components, eq(components.id, deployments.componentId))
      .innerJoin(environments, eq(environments.id, deployments.environmentId))
      .where(filters.length ? and(...filters) : undefined)
      .orderBy(desc(deployments.createdAt), desc(deployments.id))
      .limit(opts.limit);
  },

  async openIncidentsBySeverity(db: Executor) {
    return db
      .select({ severity: incidents.severity, n: count() })
      .from(incidents)
      .where(ne(incidents.status, 'resolved'))
      .groupBy(incidents.severity);
  },

  async recentIncidentActivity(db: Executor, limit: number) {
    return db
      .select({
        id: incidentUpdates.id,
        incidentId: incidentUpdates.incidentId,
        incidentTitle: incidents.title,
        message: incidentUpdates.message,
        type: incidentUpdates.type,
        fromStatus: incidentUpdates.fromStatus,
        toStatus: incidentUpdates.toStatus,
        authorId: incidentUpdates.authorId,
        authorUsername: users.username,
        createdAt: incidentUpdates.createdAt,
      })
      .from(incidentUpdates)
      .innerJoin(incidents, eq(incidents.id, incidentUpdates.incidentId))
      .leftJoin(users, eq(users.id, incidentUpdates.authorId))
      .orderBy(desc(incidentUpdates.createdAt), desc(incidentUpdates.seq))
      .limit(limit);
  },

  async components(db: Executor, opts: { limit: number; kind?: string; owner?: string; componentIds?: string[] }) {
    const filters: SQL[] = [];
    if (opts.kind) filters.push(eq(components.kind, opts.kind));
    if (opts.owner) filters.push(eq(components.owner, opts.owner));
    if (opts.componentIds)
      filters.push(
        inArray(components.id, opts.componentIds.length ? opts.componentIds : ['00000000-0000-0000-0000-000000000000']),
      );
    return db
      .select({
        id: components.id,
        name: components.name,
        kind: components.kind,
        owner: components.owner,
        lifecycle: components.lifecycle,
      })
      .from(components)
      .where(filters.length ? and(...filters) : undefined)
      .orderBy(asc(components.name), asc(components.id))
      .limit(opts.limit);
  },

  /** The newest deployment of each component (DISTINCT ON uses deployments_component_idx). */
  async latestDeploymentPerComponent(db: Executor, componentIds: string[]) {
    if (componentIds.length === 0) return [];
    return db
      .selectDistinctOn([deployments.componentId], {
        componentId: deployments.componentId,
        id: deployments.id,
        environmentId: deployments.environmentId,
        environmentName: environments.name,
        version: deployments.version,
        status: deployments.status,
        createdAt: deployments.createdAt,
      })
      .from(deployments)
      .innerJoin(environments, eq(environments.id, deployments.environmentId))
      .where(inArray(deployments.componentId, componentIds))
      .orderBy(deployments.componentId, desc(deployments.createdAt), desc(deployments.id));
  },

  async openIncidentsOfComponents(db: Executor, componentIds: string[]) {
    if (componentIds.length === 0) return [];
    return db
      .select({ componentId: incidentComponents.componentId, incidentId: incidents.id, severity: incidents.severity })
      .from(incidentComponents)
      .innerJoin(incidents, eq(incidents.id, incidentComponents.incidentId))
      .where(and(inArray(incidentComponents.componentId, componentIds), ne(incidents.status, 'resolved')));
  },
};
