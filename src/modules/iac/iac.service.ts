import type { Caller } from '../../kernel/caller.js';
import { NotFound } from '../../kernel/errors.js';
import { iacIngestVerbs, type IacServiceDeps } from './iac.ingest.js';
import { iacRepository as repo } from './iac.repository.js';
import type { DashboardEntry, RunPageQuery, StackQuery } from './iac.schemas.js';
import { requireStack, toRun, toStack } from './iac.view.js';

/** The stacks by environment, failed last runs first. */
function dashboardOf(stacks: ReturnType<typeof toStack>[]) {
  const failed = (s: ReturnType<typeof toStack>) => s.latestRun?.status === 'failed';
  const environments = [...new Set(stacks.map((s) => s.environment))].sort();
  // Keyed by user data: an environment may be named `__proto__`, which plain assignment would
  // swallow. A Map, turned into own data properties by Object.fromEntries, keeps every name.
  const byEnvironment = new Map<string, DashboardEntry[]>();
  for (const env of environments) {
    const inEnv = stacks.filter((s) => s.environment === env);
    // Failed last runs first; otherwise the list order (name).
    inEnv.sort((a, b) => Number(failed(b)) - Number(failed(a)));
    byEnvironment.set(
      env,
      inEnv.map((s) => ({
        stackId: s.id,
        name: s.name,
        provider: s.provider,
        lastRunStatus: s.latestRun?.status ?? null,
        lastRunType: s.latestRun?.type ?? null,
        lastRunAt: s.latestRun?.startedAt ?? null,
        resourceChanges: s.latestRun?.resourceChanges ?? null,
        externalToolUrl: s.externalToolUrl,
      })),
    );
  }
  const stacksByEnvironment = Object.fromEntries(byEnvironment);
  return {
    totalStacks: stacks.length,
    failedLastRun: stacks.filter(failed).length,
    environments,
    stacksByEnvironment,
  };
}

function iacReads({ db }: IacServiceDeps) {
  return {
    async listDrift(_caller: Caller) {
      return repo.listDrift(db);
    },

    async listStacks(_caller: Caller, q: StackQuery) {
      return (await repo.listStacks(db, q)).map(toStack);
    },

    async getStack(_caller: Caller, id: string) {
      return toStack(await requireStack(db, id));
    },

    async listRuns(_caller: Caller, stackId: string, q: RunPageQuery) {
      const stack = await repo.stackRunCount(db, stackId);
      if (!stack) throw new NotFound('IaC stack not found');
      const data = stack.runCount === 0 ? [] : await repo.listRuns(db, stackId, (q.page - 1) * q.limit, q.limit);
      return { data: data.map(toRun), total: stack.runCount };
    },

    async topology(_caller: Caller, stackId: string) {
      await requireStack(db, stackId);
      return repo.topology(db, stackId);
    },

    async dashboard(_caller: Caller) {
      return dashboardOf((await repo.listStacks(db, {})).map(toStack));
    },
  };
}

/**
 * The IaC service: the tools' reports and the reads (decision 1170). `factsChanged`: told the components
 * whose stacks' latest runs may have moved (scorecards' IaC drift, decision 550).
 */
export function createIacService(deps: IacServiceDeps) {
  return { ...iacIngestVerbs(deps), ...iacReads(deps) };
}

export type IacService = ReturnType<typeof createIacService>;
