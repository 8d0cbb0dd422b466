import type { Jobs } from '../../infra/jobs/catalog.js';
import { defineJob } from '../../infra/jobs/catalog.js';
import type { OrchestratorService } from './orchestrator.service.js';

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'orchestrator.sync': Record<string, never>;
  }
}

/** The annotation sync (decision 614: every 60 s; `CLUSTER_SYNC_INTERVAL_S`), once per cluster of processes. */
export function registerOrchestratorJobs(jobs: Jobs, service: OrchestratorService, opts: { intervalS: number; enabled: boolean }) {
  jobs.define(
    defineJob({
      name: 'orchestrator.sync',
      key: () => 'orchestrator-sync',
      // A cycle must end before the next one is due; the next one retries anyway.
      timeoutMs: Math.max(5_000, opts.intervalS * 1000 - 1000),
      run: async ({ caller, signal }) => {
        await service.syncAnnotated(caller, signal);
      },
    }),
  );
  if (opts.enabled && opts.intervalS > 0) jobs.schedule({ id: 'orchestrator.sync', job: 'orchestrator.sync', payload: {}, everyMs: opts.intervalS * 1000 });
}
