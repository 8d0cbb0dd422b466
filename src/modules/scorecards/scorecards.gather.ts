import type { Executor } from '../../db/client.js';
import { systemCaller } from '../../kernel/caller.js';
import type { Caller } from '../../kernel/caller.js';
import { mapLimit } from '../../kernel/concurrency.js';
import { apiSpecsFactsLookup, type ApiSpecsService } from '../api-specs/index.js';
import type { ScorecardSubject } from '../catalog/index.js';
import { costFactsLookup } from '../cost/index.js';
import { deploymentsFactsLookup } from '../deployments/index.js';
import { iacFactsLookup } from '../iac/index.js';
import { incidentsFactsLookup } from '../incidents/index.js';
import { registryFactsLookup } from '../registry/index.js';
import type { FactSource, Facts } from './scorecards.facts.js';

/** The four DORA keys of one component, as the DORA module answers them (null: no data). */
export interface DoraKeys {
  deploymentFrequency: number | null;
  changeLeadTimeHours: number | null;
  changeFailureRate: number | null;
  recoveryTimeHours: number | null;
}

/** The optional DORA dependency (decision 537): unwired, DORA facts have no data. */
export interface DoraFactsPort {
  keysForComponent(caller: Caller, entityRef: string, windowDays: number): Promise<DoraKeys | null>;
}

export interface GatherDeps {
  db: Executor;
  apiSpecs: Pick<ApiSpecsService, 'diff'>;
  dora?: DoraFactsPort;
}

const DAY_MS = 86_400_000;
/** The window of the deployment success rate and of the DORA keys. */
export const FACT_WINDOW_DAYS = 30;

/** The facts of the entity's own record (decision 1170: cut out of gatherFacts). */
function entityFacts(s: ScorecardSubject): Facts {
  return {
    'entity.name': s.name,
    'entity.namespace': s.namespace,
    'entity.kind': s.kind,
    'entity.entityKind': s.entityKind,
    'entity.type': s.type,
    'entity.lifecycle': s.lifecycle,
    'entity.owner': s.owner,
    'entity.system': s.system,
    'entity.tags': s.tags,
    'entity.title': s.title,
    'owner.set': !!s.owner && s.owner.trim() !== '',
    'owner.resolvable': s.teamId !== null,
    'description.present': !!s.description && s.description.trim() !== '',
    'links.count': s.linkCount,
  };
}

/**
 * The facts of a batch of entities (decision 533): one bulk read per source the batch's scorecards
 * need, through each owning module's exported lookup; never a query per entity (the DORA keys and
 * breaking-change diffs, which are computed per component by their modules, run 4 at a time).
 */
export async function gatherFacts(
  deps: GatherDeps,
  subjects: ScorecardSubject[],
  sources: Set<FactSource>,
  now: Date,
): Promise<Map<string, Facts>> {
  const ids = subjects.map((s) => s.id);
  const out = new Map<string, Facts>();
  for (const s of subjects) out.set(s.id, entityFacts(s));
  const db = deps.db;
  const tasks: Promise<void>[] = [];
  if (sources.has('incidents'))
    tasks.push(
      incidentsFactsLookup.openBySeverity(db, ids).then((m) => {
        for (const id of ids) {
          const c = m.get(id) ?? {};
          Object.assign(out.get(id)!, {
            'incidents.open.P1': c.P1 ?? 0,
            'incidents.open.P2': c.P2 ?? 0,
            'incidents.open.P3': c.P3 ?? 0,
            'incidents.open.P4': c.P4 ?? 0,
            'incidents.open.total': Object.values(c).reduce((a, b) => a + b, 0),
          });
        }
      }),
    );
  if (sources.has('deployments'))
    tasks.push(
      deploymentsFactsLookup.factsOf(db, ids, new Date(now.getTime() - FACT_WINDOW_DAYS * DAY_MS)).then((m) => {
        for (const id of ids) {
          const d = m.get(id);
          const f = out.get(id)!;
          f['deployments.daysSinceLast'] = d?.lastSucceededAt
            ? Math.floor(((now.getTime() - d.lastSucceededAt.getTime()) / DAY_MS) * 10) / 10
            : null;
          f['deployments.successRate'] =
            d && d.finished > 0 ? Math.round((d.succeeded / d.finished) * 1000) / 10 : null;
        }
      }),
    );
  if (sources.has('vulnerabilities'))
    tasks.push(
      registryFactsLookup.severityCounts(db, ids).then((m) => {
        for (const id of ids) {
          const c = m.get(id) ?? {};
          Object.assign(out.get(id)!, {
            'vulnerabilities.critical': c.critical ?? 0,
            'vulnerabilities.high': c.high ?? 0,
          });
        }
      }),
    );
  if (sources.has('iac'))
    tasks.push(
      iacFactsLookup.driftedStacks(db, ids).then((m) => {
        for (const id of ids) out.get(id)!['iac.driftedStacks'] = m.get(id) ?? 0;
      }),
    );
  if (sources.has('cost'))
    tasks.push(
      costFactsLookup.monthly(db, ids).then((m) => {
        for (const id of ids) out.get(id)!['cost.monthly'] = m.get(id) ?? null;
      }),
    );
  if (sources.has('apiSpecs')) tasks.push(apiSpecFacts(deps, ids, out));
  if (sources.has('dora')) tasks.push(doraFacts(deps, subjects, out));
  await Promise.all(tasks);
  return out;
}

async function apiSpecFacts(deps: GatherDeps, ids: string[], out: Map<string, Facts>) {
  const latest = await apiSpecsFactsLookup.latestPerName(deps.db, ids);
  const byComponent = new Map<string, typeof latest>();
  for (const s of latest) byComponent.set(s.componentId, [...(byComponent.get(s.componentId) ?? []), s]);
  const breaking = new Map<string, number | null>();
  const withPrevious = latest.filter((s) => s.previousId);
  const caller = systemCaller();
  await mapLimit(withPrevious, 4, async (s) => {
    let n: number | null = null;
    try {
      // The diff verb answers JSON text; its cache makes a repeated evaluation cheap.
      n = (
        JSON.parse(await deps.apiSpecs.diff(caller, s.id, s.previousId!, { skip: 0, take: 1 })) as {
          breakingChanges: number;
        }
      ).breakingChanges;
    } catch {
      n = null; // not comparable (text formats) or over the diff budget: no data for this spec
    }
    const prior = breaking.get(s.componentId);
    breaking.set(s.componentId, n === null ? (prior ?? null) : (prior ?? 0) + n);
  });
  for (const id of ids) {
    const specs = byComponent.get(id) ?? [];
    const f = out.get(id)!;
    f['apiSpecs.count'] = specs.length;
    f['apiSpecs.lifecycles'] = [...new Set(specs.map((s) => s.status))].sort();
    // No spec with two versions: nothing changed, so no breaking change.
    f['apiSpecs.breakingChanges'] = specs.some((s) => s.previousId) ? (breaking.get(id) ?? null) : 0;
  }
}

async function doraFacts(deps: GatherDeps, subjects: ScorecardSubject[], out: Map<string, Facts>) {
  const dora = deps.dora;
  if (!dora) return; // unwired: every DORA fact stays without data, so its rules fail with "no data"
  const caller = systemCaller();
  await mapLimit(subjects, 4, async (s) => {
    const keys = await dora.keysForComponent(caller, s.ref, FACT_WINDOW_DAYS).catch(() => null);
    const f = out.get(s.id)!;
    f['dora.deploymentFrequency'] = keys?.deploymentFrequency ?? null;
    f['dora.changeLeadTimeHours'] = keys?.changeLeadTimeHours ?? null;
    f['dora.changeFailureRate'] = keys?.changeFailureRate ?? null;
    f['dora.recoveryTimeHours'] = keys?.recoveryTimeHours ?? null;
  });
}
