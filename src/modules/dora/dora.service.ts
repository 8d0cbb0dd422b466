import type { Caller } from '../../kernel/caller.js';
import { NotFound } from '../../kernel/errors.js';
import { pageOf } from '../../kernel/pagination.js';
import { ingestVerbs, type DoraIngestDeps } from './dora.ingest.js';
import { computeKeys } from './dora.report.js';
import { doraRepository as repo } from './dora.repository.js';
import type { ChangesDrillQuery, DeploymentsDrillQuery, IncidentsDrillQuery, SliceQuery } from './dora.schemas.js';
import { bad, DAY_MS, MAX_WINDOW_DAYS, sliceOf } from './dora.window.js';

export interface DoraServiceDeps extends DoraIngestDeps {
  suggestWindowMs: number;
}

/** DORA's verbs: the keys of a slice, their drill-downs, cause suggestions, a component's keys; ingest in dora.ingest.ts. */
export function createDoraService(deps: DoraServiceDeps) {
  const { db, suggestWindowMs } = deps;
  const slice = (caller: Caller, q: SliceQuery) => sliceOf(db, caller, q);
  const compute = (s: Parameters<typeof computeKeys>[1]) => computeKeys(db, s);

  return {
    async metrics(caller: Caller, q: SliceQuery) {
      return compute(await slice(caller, q));
    },

    async drillDeployments(caller: Caller, q: DeploymentsDrillQuery) {
      const s = await slice(caller, q);
      const { data, total } = await repo.deploymentsPage(db, s, {
        failed: q.failed === undefined ? undefined : q.failed === 'true',
        skip: q.skip,
        take: q.take,
      });
      return pageOf(data.map(deploymentItem), total, q);
    },

    async drillChanges(caller: Caller, q: ChangesDrillQuery) {
      const s = await slice(caller, q);
      const { data, total } = await repo.changesPage(db, s, {
        skewed: q.skewed === undefined ? undefined : q.skewed === 'true',
        skip: q.skip,
        take: q.take,
      });
      return pageOf(
        data.map((c) => ({ ...c, skewed: c.leadSeconds < 0 })),
        total,
        q,
      );
    },

    async drillIncidents(caller: Caller, q: IncidentsDrillQuery) {
      const s = await slice(caller, q);
      const { data, total } = await repo.incidentsPage(db, s, { skip: q.skip, take: q.take });
      return pageOf(data, total, q);
    },

    /**
     * Deployments that may have caused an incident (decision 569): those of its affected components
     * (in its environments, else production), in the caller's organization, that went out within
     * `DORA_SUGGEST_WINDOW_MINUTES` before it opened; newest first. A person confirms one by setting
     * the incident's `causedByDeploymentId`.
     */
    async suggestCauses(caller: Caller, incidentId: string) {
      const inc = await repo.incidentForSuggestion(db, incidentId);
      if (!inc) throw new NotFound('Incident not found');
      if (inc.componentIds.length === 0) return [];
      const rows = await repo.deploymentsNear(db, {
        organizationId: caller.organizationId,
        componentIds: inc.componentIds,
        environmentIds: inc.environmentIds,
        from: new Date(inc.createdAt.getTime() - suggestWindowMs),
        to: inc.createdAt,
      });
      return rows.map((r) => ({
        ...r,
        minutesBeforeIncident: Math.round((inc.createdAt.getTime() - r.deployedAt.getTime()) / 60_000),
      }));
    },

    /**
     * The four keys of one component (scorecards' facts): `entityRef` as `component:default/name`
     * (kind and namespace optional), the last `windowDays` days up to now. `everyOrganization`
     * counts the component's deployments in every organization (scorecards' facts, decision 571).
     */
    async keysForComponent(
      caller: Caller,
      entityRef: string,
      windowDays: number,
      opts: { everyOrganization?: boolean } = {},
    ) {
      if (!Number.isInteger(windowDays) || windowDays < 1 || windowDays > MAX_WINDOW_DAYS)
        throw bad('windowDays', `must be a whole number of days from 1 to ${MAX_WINDOW_DAYS}`);
      const id = await repo.componentIdByRef(db, componentRefOf(entityRef));
      if (!id) throw new NotFound(`Component ${entityRef} not found`);
      const to = new Date();
      const m = await compute({
        organizationId: caller.organizationId,
        everyOrganization: opts.everyOrganization,
        scope: 'component',
        id,
        from: new Date(to.getTime() - windowDays * DAY_MS),
        to,
      });
      return componentKeys(id, windowDays, m);
    },
    ...ingestVerbs(deps),
  };
}

/** `name`, `namespace/name` or `kind:name` as `kind:namespace/name` (decision 1170: out of keysForComponent). */
function componentRefOf(entityRef: string) {
  let ref = entityRef.trim();
  if (!ref.includes(':')) ref = `component:${ref}`;
  if (!ref.includes('/')) ref = ref.replace(':', ':default/');
  return ref;
}

/** A component's four keys as scorecards' facts read them. */
function componentKeys(componentId: string, windowDays: number, m: Awaited<ReturnType<typeof computeKeys>>) {
  return {
    componentId,
    windowDays,
    deploymentFrequencyPerDay: m.deploymentFrequency.perDay,
    changeLeadTimeSeconds: m.changeLeadTime.medianSeconds,
    changeFailureRate: m.changeFailureRate.rate,
    failedDeploymentRecoveryTimeSeconds: m.failedDeploymentRecoveryTime.medianSeconds,
    band: m.band,
  };
}

/** A drill-down row as the API answers it (PGlite and PostgreSQL spell booleans and arrays differently). */
function deploymentItem(r: Record<string, unknown>) {
  return {
    deploymentId: String(r.deployment_id),
    componentId: String(r.component_id),
    componentName: String(r.component_name),
    environmentId: String(r.environment_id),
    environmentName: String(r.environment_name),
    version: String(r.version),
    revision: (r.revision as string | null) ?? null,
    deployedAt: new Date(r.deployed_at as string),
    rolledBackAt: r.rolled_back_at ? new Date(r.rolled_back_at as string) : null,
    failed: r.failed === true || r.failed === 't',
    incidentIds:
      (r.incident_ids as string[] | string | null) instanceof Array
        ? (r.incident_ids as string[])
        : parseArray(r.incident_ids as string),
    recoverySeconds:
      r.recovery_seconds === null || r.recovery_seconds === undefined ? null : Number(r.recovery_seconds),
    changesStatus: String(r.changes_status),
    changesError: (r.changes_error as string | null) ?? null,
    changeCount: Number(r.change_count),
    skewedCount: Number(r.skewed_count),
  };
}

/** PGlite may answer a uuid[] as its text form `{a,b}`. */
function parseArray(text: string | null): string[] {
  if (!text || text === '{}') return [];
  return text
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

export type DoraService = ReturnType<typeof createDoraService>;
