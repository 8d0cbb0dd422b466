import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import { catalogLookup } from '../catalog/index.js';
import { sourceUrlVariants, versionsBehind } from './iac.drift.js';
import { completeNode } from './iac.topology.js';
import { iacRepository as repo, type NewStack } from './iac.repository.js';
import type { DriftIngestBody, RunIngestBody, StackImportBody, TopologyIngestBody } from './iac.schemas.js';
import { requireStack, toRun } from './iac.view.js';

// What the IaC tools report: stacks, runs, drift and topologies (decision 1170: cut out of createIacService).

export interface IacServiceDeps {
  db: Database;
  factsChanged?: (componentIds: string[]) => void;
}

type StackRow = Awaited<ReturnType<typeof repo.findStacksByKeys>>[number];

const key = (s: { name: string; environment: string }) => `${s.name}\u0000${s.environment}`;

function refuseDuplicateStacks(body: StackImportBody) {
  const seen = new Set<string>();
  for (const [i, s] of body.stacks.entries()) {
    if (seen.has(key(s)))
      throw new Invalid(`stacks.${i}: duplicate stack ${s.name} in environment ${s.environment}`, [
        { field: `stacks.${i}`, problem: 'duplicates an earlier stack' },
      ]);
    seen.add(key(s));
  }
}

/** The rows to upsert: a field not sent keeps the existing stack's value. */
function mergedStackRows(body: StackImportBody, existing: Map<string, StackRow>): NewStack[] {
  return body.stacks.map((s) => {
    const old = existing.get(key(s));
    const pick = <K extends 'provider' | 'repositoryUrl' | 'basePath' | 'externalToolUrl' | 'componentId'>(k: K) =>
      s[k] !== undefined ? s[k] : (old?.[k] ?? null);
    return {
      name: s.name,
      environment: s.environment,
      provider: pick('provider'),
      repositoryUrl: pick('repositoryUrl'),
      basePath: pick('basePath'),
      externalToolUrl: pick('externalToolUrl'),
      componentId: pick('componentId'),
    };
  });
}

async function refuseUnknownComponents(tx: Executor, componentIds: string[]) {
  const known = await catalogLookup.existingComponentIds(tx, componentIds);
  const missing = componentIds.find((c) => !known.has(c));
  if (missing)
    throw new Invalid(`componentId ${missing} does not exist`, [
      { field: 'componentId', problem: `component ${missing} does not exist` },
    ]);
}

/** The graph's edges, once every resource address is unique and every dependency names one of them. */
function topologyEdges(body: TopologyIngestBody) {
  const dependencies = body.dependencies ?? [];
  const addresses = new Set<string>();
  for (const [i, n] of body.resources.entries()) {
    if (addresses.has(n.address))
      throw new Invalid(`resources.${i}.address: duplicate address ${n.address}`, [
        { field: `resources.${i}.address`, problem: 'duplicates an earlier resource' },
      ]);
    addresses.add(n.address);
  }
  const edges = new Map<string, { sourceAddress: string; targetAddress: string }>();
  for (const [i, d] of dependencies.entries()) {
    for (const field of ['sourceAddress', 'targetAddress'] as const) {
      if (!addresses.has(d[field])) {
        throw new Invalid(`dependencies.${i}.${field}: ${d[field]} is not among the resources`, [
          { field: `dependencies.${i}.${field}`, problem: 'names an unknown resource' },
        ]);
      }
    }
    // A repeated dependency is the same edge: the graph keeps it once.
    edges.set(`${d.sourceAddress}\u0000${d.targetAddress}`, {
      sourceAddress: d.sourceAddress,
      targetAddress: d.targetAddress,
    });
  }
  return [...edges.values()];
}

function runTimes(body: RunIngestBody) {
  const startedAt = body.startedAt ? new Date(body.startedAt) : new Date();
  const finishedAt = body.finishedAt ? new Date(body.finishedAt) : null;
  if (finishedAt && finishedAt.getTime() < startedAt.getTime()) {
    throw new Invalid('finishedAt must not be before startedAt', [
      { field: 'finishedAt', problem: 'is before startedAt' },
    ]);
  }
  const durationMs = body.durationMs ?? (finishedAt ? finishedAt.getTime() - startedAt.getTime() : null);
  return { startedAt, finishedAt, durationMs };
}

/** The report's modules matched to the registry's (by any spelling of their source URL), with how far behind they are. */
async function driftRows(tx: Executor, body: DriftIngestBody, urls: string[]) {
  const modules = await repo.modulesBySourceUrls(tx, urls);
  const byUrl = new Map<string, (typeof modules)[number]>();
  for (const m of modules) if (!byUrl.has(m.sourceRepoUrl)) byUrl.set(m.sourceRepoUrl, m);
  const match = (url: string) => {
    // The exact spelling first, then the other spellings of the same repository.
    for (const v of [url, ...sourceUrlVariants(url)]) if (byUrl.has(v)) return byUrl.get(v)!;
    return undefined;
  };
  const matched = [...new Set(body.modules.map((m) => match(m.sourceUrl)?.id).filter((id): id is string => !!id))];
  const versions = new Map<string, string[]>();
  for (const v of await repo.versionsOfModules(tx, matched))
    versions.set(v.moduleId, [...(versions.get(v.moduleId) ?? []), v.version]);
  return body.modules.map((m) => {
    const mod = match(m.sourceUrl);
    return {
      ...m,
      versionsBehind: versionsBehind(m.currentRef, m.latestRef, mod ? (versions.get(mod.id) ?? []) : null),
      moduleId: mod?.id ?? null,
      latestKnownVersion: mod?.latestVersion ?? null,
    };
  });
}

export function iacIngestVerbs({ db, factsChanged }: IacServiceDeps) {
  return {
    /** Upsert by name + environment; componentId and externalToolUrl (and any field not sent) are kept. */
    async importStacks(_caller: Caller, body: StackImportBody) {
      refuseDuplicateStacks(body);
      const componentIds = [...new Set(body.stacks.map((s) => s.componentId).filter((c): c is string => !!c))];
      const result = await db.transaction(async (tx) => {
        await refuseUnknownComponents(tx, componentIds);
        const existing = new Map((await repo.findStacksByKeys(tx, body.stacks)).map((r) => [key(r), r]));
        const rows = mergedStackRows(body, existing);
        const results = await repo.upsertStacks(tx, rows);
        const created = results.filter((r) => r.inserted).length;
        // The stacks' components, and those they left: a stack that moves takes its drift with it.
        const touched = rows
          .flatMap((r) => [r.componentId, existing.get(key(r))?.componentId])
          .filter((c): c is string => !!c);
        return { created, updated: results.length - created, touched };
      });
      factsChanged?.([...new Set(result.touched)]);
      return { created: result.created, updated: result.updated };
    },

    async ingestRun(_caller: Caller, body: RunIngestBody) {
      const { startedAt, finishedAt, durationMs } = runTimes(body);
      const rc = body.resourceChanges ?? {};
      const run = await db.transaction(async (tx) => {
        const stack = await repo.ensureStack(tx, body.stackName, body.environment, body.provider ?? null);
        const row = await repo.insertRun(tx, {
          stackId: stack.id,
          stackName: stack.name,
          environment: stack.environment,
          provider: body.provider ?? null,
          type: body.type,
          status: body.status,
          changesAdd: rc.add ?? 0,
          changesChange: rc.change ?? 0,
          changesDestroy: rc.destroy ?? 0,
          triggeredBy: body.triggeredBy ?? null,
          pipelineUrl: body.pipelineUrl ?? null,
          startedAt,
          finishedAt,
          durationMs,
        });
        await repo.recordRun(tx, stack.id, row.id, startedAt);
        return { row, componentId: stack.componentId };
      });
      if (run.componentId) factsChanged?.([run.componentId]);
      return toRun(run.row);
    },

    async ingestDrift(_caller: Caller, body: DriftIngestBody) {
      const urls = [...new Set(body.modules.flatMap((m) => sourceUrlVariants(m.sourceUrl)))];
      await db.transaction(async (tx) => {
        // detectedAt is left to the column default now(): the transaction's start in microseconds, one
        // value for the whole report and distinct from any other report's (the list's sort key).
        await repo.insertDrift(tx, await driftRows(tx, body, urls));
      });
    },

    /** Full replacement of a stack's graph; a bad graph is refused before anything is deleted. */
    async ingestTopology(_caller: Caller, stackId: string, body: TopologyIngestBody) {
      // An unknown stack is a 404 whatever the graph holds (the schema's 400 comes before both).
      await requireStack(db, stackId);
      const edges = topologyEdges(body);
      await db.transaction(async (tx) => {
        if (!(await repo.lockStack(tx, stackId))) throw new NotFound('IaC stack not found');
        await repo.replaceTopology(tx, stackId, body.resources.map(completeNode), edges);
      });
    },
  };
}
