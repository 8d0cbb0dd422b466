import type { Database } from '../../db/client.js';
import type { Jobs } from '../../infra/jobs/catalog.js';
import { GitError, type Git } from '../../integrations/git/git.port.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import { pageOf } from '../../kernel/pagination.js';
import { catalogLookup } from '../catalog/index.js';
import { environmentsLookup } from '../environments/index.js';
import { teamsLookup } from '../teams/index.js';
import { BAND_SOURCE, failRateBand, frequencyBand, leadTimeBand, overallBand, recoveryBand } from './dora.bands.js';
import { doraRepository as repo, type Slice } from './dora.repository.js';
import type { ChangesDrillQuery, DeploymentsDrillQuery, IncidentsDrillQuery, SliceQuery } from './dora.schemas.js';

const DAY_MS = 86_400_000;
const MAX_WINDOW_DAYS = 366;
const DEFAULT_WINDOW_DAYS = 30;
/** Commits read per deployment at most (decision 568). */
const MAX_CHANGES = 1000;

export interface DoraServiceDeps {
  db: Database;
  git: Git;
  jobs: Pick<Jobs, 'enqueue'>;
  log: { warn(obj: object, msg: string): void };
  suggestWindowMs: number;
  /** Told the component of each deployment whose facts were written (scorecards' DORA facts, decision 550). */
  factsChanged?: (componentIds: string[]) => void;
}

const bad = (field: string, problem: string) => new Invalid(`${field}: ${problem}`, [{ field, problem }]);

/** `2026-01-31` (a whole UTC day) or an ISO 8601 date-time; `end` moves a bare date to the end of its day. */
function parseWhen(field: string, text: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const d = new Date(`${text}T00:00:00Z`);
    if (!Number.isNaN(d.getTime()) && d.toISOString().startsWith(text)) return end ? new Date(d.getTime() + DAY_MS) : d;
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const d = new Date(text);
    if (!Number.isNaN(d.getTime())) return d;
  }
  throw bad(field, `"${text}" is not a date (2026-01-31) or a date-time (2026-01-31T12:00:00Z)`);
}

/**
 * The repository a component's commits are read from (decision 568): the Backstage annotation
 * `backstage.io/source-location` (`url:` form; a `/tree/…` or `/blob/…` suffix is dropped), else
 * `github.com/project-slug`.
 */
export function repositoryOf(annotations: Record<string, string> | null | undefined): string | null {
  const loc = annotations?.['backstage.io/source-location'];
  if (loc && /^url:/i.test(loc)) {
    const url = loc
      .slice(4)
      .trim()
      .replace(/\/(tree|blob)\/.*$/, '')
      .replace(/\/+$/, '');
    if (url) return url;
  }
  const slug = annotations?.['github.com/project-slug'];
  if (slug && /^[\w.-]+\/[\w.-]+$/.test(slug)) return `https://github.com/${slug}.git`;
  return null;
}

/** The revision a deployment shipped: its run's commit, else its version unless that is `latest`. */
export function revisionOf(commitSha: string | null | undefined, version: string): string | null {
  if (commitSha && !/^0+$/.test(commitSha)) return commitSha;
  if (version && version !== 'latest') return version;
  return null;
}

const ratio = (a: number, b: number) => (b === 0 ? null : Math.min(1, a / b));

export function createDoraService({ db, git, jobs, log, suggestWindowMs, factsChanged }: DoraServiceDeps) {
  /** Validates the query into a slice behind the caller's organization wall; 404 for an unknown scope id. */
  async function slice(caller: Caller, q: SliceQuery): Promise<Slice> {
    const scope = q.scope ?? 'organization';
    if (scope === 'organization' && q.id) throw bad('id', 'is not used with scope=organization (the organization is X-Organization-Id)');
    if (scope !== 'organization' && !q.id) throw bad('id', `is required with scope=${scope} (the ${scope}'s id)`);
    const to = q.to ? parseWhen('to', q.to, true) : new Date();
    const from = q.from ? parseWhen('from', q.from, false) : new Date(to.getTime() - DEFAULT_WINDOW_DAYS * DAY_MS);
    if (from.getTime() >= to.getTime()) throw bad('from', 'must be before to');
    if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * DAY_MS) throw bad('from', `the window may span at most ${MAX_WINDOW_DAYS} days`);
    const id = q.id?.toLowerCase();
    if (scope === 'component' && !(await catalogLookup.componentExists(db, id!))) throw new NotFound('Component not found');
    if (scope === 'team' && !(await teamsLookup.findTeam(db, id!))) throw new NotFound('Team not found');
    if (scope === 'environment' && !(await environmentsLookup.findEnvironment(db, id!))) throw new NotFound('Environment not found');
    return { organizationId: caller.organizationId, scope, id, from, to };
  }

  async function compute(s: Slice) {
    // Two statements at once (two pooled connections on PostgreSQL; PGlite runs them in turn).
    const [dep, chg] = await Promise.all([repo.deploymentSide(db, s), repo.changeSide(db, s)]);
    const st = dep.totals;
    const lead = chg.totals;
    const leadByDay = new Map(chg.days.map((d) => [d.day, d]));
    const windowDays = (s.to.getTime() - s.from.getTime()) / DAY_MS;
    const perDay = st.deployments / windowDays;
    const rate = ratio(st.failed, st.deployments);
    const bands = {
      frequency: frequencyBand(perDay),
      lead: leadTimeBand(lead.median),
      rate: failRateBand(rate),
      recovery: recoveryBand(st.recoveryMedian),
    };
    const byDay = new Map(dep.days.map((d) => [d.day, d]));
    const series = [];
    for (let t = Date.UTC(s.from.getUTCFullYear(), s.from.getUTCMonth(), s.from.getUTCDate()); t < s.to.getTime(); t += DAY_MS) {
      const date = new Date(t).toISOString().slice(0, 10);
      const d = byDay.get(date);
      const l = leadByDay.get(date);
      series.push({
        date,
        deployments: d?.deployments ?? 0,
        failedDeployments: d?.failed ?? 0,
        changes: l?.changes ?? 0,
        medianLeadSeconds: l?.leadMedian ?? null,
        medianRecoverySeconds: d?.recoveryMedian ?? null,
      });
    }
    return {
      scope: s.scope,
      id: s.id ?? null,
      organizationId: s.organizationId,
      from: s.from,
      to: s.to,
      days: windowDays,
      band: overallBand(Object.values(bands)),
      bandSource: BAND_SOURCE,
      deploymentFrequency: { deployments: st.deployments, perDay, perWeek: perDay * 7, band: bands.frequency },
      changeLeadTime: {
        medianSeconds: lead.median,
        changes: lead.changes,
        skewedExcluded: lead.skewed,
        deploymentsPending: st.pending,
        deploymentsWithoutRepository: st.noRepository,
        deploymentsWithoutRevision: st.noRevision,
        deploymentsUnreadable: st.changesFailed,
        band: bands.lead,
      },
      changeFailureRate: {
        rate,
        failedDeployments: st.failed,
        deployments: st.deployments,
        rolledBack: st.rolledBack,
        withIncidents: st.withIncidents,
        band: bands.rate,
      },
      failedDeploymentRecoveryTime: { medianSeconds: st.recoveryMedian, recovered: st.recovered, unrecovered: st.unrecovered, band: bands.recovery },
      series,
    };
  }

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
      const items = data.map((r) => ({
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
        incidentIds: (r.incident_ids as string[] | string | null) instanceof Array ? (r.incident_ids as string[]) : parseArray(r.incident_ids as string),
        recoverySeconds: r.recovery_seconds === null || r.recovery_seconds === undefined ? null : Number(r.recovery_seconds),
        changesStatus: String(r.changes_status),
        changesError: (r.changes_error as string | null) ?? null,
        changeCount: Number(r.change_count),
        skewedCount: Number(r.skewed_count),
      }));
      return pageOf(items, total, q);
    },

    async drillChanges(caller: Caller, q: ChangesDrillQuery) {
      const s = await slice(caller, q);
      const { data, total } = await repo.changesPage(db, s, { skewed: q.skewed === undefined ? undefined : q.skewed === 'true', skip: q.skip, take: q.take });
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
      return rows.map((r) => ({ ...r, minutesBeforeIncident: Math.round((inc.createdAt.getTime() - r.deployedAt.getTime()) / 60_000) }));
    },

    /**
     * The four keys of one component (scorecards' facts): `entityRef` as `component:default/name`
     * (kind and namespace optional), the last `windowDays` days up to now. `everyOrganization`
     * counts the component's deployments in every organization (scorecards' facts, decision 571).
     */
    async keysForComponent(caller: Caller, entityRef: string, windowDays: number, opts: { everyOrganization?: boolean } = {}) {
      if (!Number.isInteger(windowDays) || windowDays < 1 || windowDays > MAX_WINDOW_DAYS)
        throw bad('windowDays', `must be a whole number of days from 1 to ${MAX_WINDOW_DAYS}`);
      let ref = entityRef.trim();
      if (!ref.includes(':')) ref = `component:${ref}`;
      if (!ref.includes('/')) ref = ref.replace(':', ':default/');
      const id = await repo.componentIdByRef(db, ref);
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
      return {
        componentId: id,
        windowDays,
        deploymentFrequencyPerDay: m.deploymentFrequency.perDay,
        changeLeadTimeSeconds: m.changeLeadTime.medianSeconds,
        changeFailureRate: m.changeFailureRate.rate,
        failedDeploymentRecoveryTimeSeconds: m.failedDeploymentRecoveryTime.medianSeconds,
        band: m.band,
      };
    },

    /** A deployment reached `succeeded` or `rolled_back`: its facts are computed by a job, never on the request path. */
    async deploymentSettled(_caller: Caller, deploymentId: string) {
      try {
        await jobs.enqueue('dora.deployment.ingest', { deploymentId });
      } catch (err) {
        // Redis away: the sweep picks the deployment up later; the deploy itself must not fail.
        log.warn({ err, deploymentId }, 'DORA ingest not queued; the sweep will pick it up');
      }
    },

    /**
     * Writes a deployment's facts (decision 568), idempotently: the row on first sight, the rollback
     * time when it was rolled back, and the commits it shipped, read with git from the component's
     * repository between the previous deployment's revision and this one.
     */
    async ingest(deploymentId: string, signal?: AbortSignal): Promise<'skipped' | 'updated' | 'read'> {
      const src = await repo.source(db, deploymentId);
      if (!src || (src.status !== 'succeeded' && src.status !== 'rolled_back')) return 'skipped';
      // Whatever was written, the component's DORA keys may have moved: scorecards re-read them (decision 550).
      try {
        let fact = await repo.findFact(db, deploymentId);
        const rolledBackAt = src.status === 'rolled_back' ? src.updatedAt : null;
        if (!fact) {
          const prev = await repo.previous(db, src);
          await repo.insertFact(db, {
            deploymentId,
            organizationId: src.organizationId ?? null,
            componentId: src.componentId,
            environmentId: src.environmentId,
            teamId: src.teamId,
            production: src.environmentType === 'production',
            version: src.version,
            revision: revisionOf(src.commitSha, src.version),
            previousDeploymentId: prev?.id ?? null,
            // A deployment first seen rolled back: its start is the best known deployment time.
            deployedAt: rolledBackAt ? src.createdAt : src.updatedAt,
            rolledBackAt,
          });
          fact = (await repo.findFact(db, deploymentId))!;
        } else if (rolledBackAt && !fact.rolledBackAt) {
          await repo.updateFact(db, deploymentId, { rolledBackAt });
          if (fact.changesStatus !== 'pending') return 'updated';
        }
        if (fact.changesStatus !== 'pending') return 'updated';

        const url = repositoryOf(src.annotations);
        if (!url) {
          await repo.updateFact(db, deploymentId, { changesStatus: 'no_repository' });
          return 'read';
        }
        if (!fact.revision) {
          await repo.updateFact(db, deploymentId, { changesStatus: 'no_revision' });
          return 'read';
        }
        const prev = fact.previousDeploymentId ? await repo.source(db, fact.previousDeploymentId) : undefined;
        const from = prev ? revisionOf(prev.commitSha, prev.version) : null;
        try {
          const commits = await git.commitsBetween(url, { from, to: fact.revision }, { signal, max: MAX_CHANGES });
          const skewed = commits.filter((c) => c.committedAt.getTime() > fact!.deployedAt.getTime()).length;
          await db.transaction(async (tx) => {
            await repo.replaceChanges(tx, fact!, commits);
            await repo.updateFact(tx, deploymentId, { changesStatus: 'read', changesError: null, changeCount: commits.length, skewedCount: skewed });
          });
        } catch (err) {
          if (!(err instanceof GitError) || signal?.aborted) throw err;
          await repo.updateFact(db, deploymentId, { changesStatus: 'failed', changesError: err.reason.slice(0, 500) });
        }
        return 'read';
      } finally {
        factsChanged?.([src.componentId]);
      }
    },

    /** Picks up deployments the ingest job missed (Redis away, a crash): at most `limit` per call. */
    async sweep(limit = 500): Promise<string[]> {
      const ids = await repo.missing(db, limit);
      for (const id of ids) await jobs.enqueue('dora.deployment.ingest', { deploymentId: id });
      return ids;
    },

    async pendingIngests(): Promise<string[]> {
      return repo.pendingFacts(db);
    },
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
