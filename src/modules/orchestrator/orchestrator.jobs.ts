import type { Infrastructure } from '../../context.js';
import { defineJob } from '../../infra/jobs/catalog.js';
import type { OrchestratorService } from './orchestrator.service.js';

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'orchestrator.sync': Record<string, never>;
  }
}

/**
 * The annotation sync (decision 614: every 60 s; `CLUSTER_SYNC_INTERVAL_S`), once per cluster of processes,
 * scheduled only when a cluster is configured; it calls the service's verb as the job's system caller.
 */
export function defineOrchestratorJobs(
  ctx: Pick<Infrastructure, 'jobs' | 'config'> & { clusterConfigured: boolean },
  service: Pick<OrchestratorService, 'syncAnnotated'>,
) {
  const intervalS = ctx.config.cluster.syncIntervalS;
  ctx.jobs.define(
    defineJob({
      name: 'orchestrator.sync',
      key: () => 'orchestrator-sync',
      // A cycle must end before the next one is due; the next one retries anyway.
      timeoutMs: Math.max(5_000, intervalS * 1000 - 1000),
      run: async ({ caller, signal }) => {
        await service.syncAnnotated(caller, signal);
      },
    }),
  );
  if (ctx.clusterConfigured && intervalS > 0)
    ctx.jobs.schedule({ id: 'orchestrator.sync', job: 'orchestrator.sync', payload: {}, everyMs: intervalS * 1000 });
}
