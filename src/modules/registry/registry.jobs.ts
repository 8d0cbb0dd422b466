import type { Infrastructure } from '../../context.js';
import { defineJob } from '../../infra/jobs/catalog.js';
import type { RegistryService } from './registry.service.js';

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'registry.vulnerabilities.sync': { componentId: string };
  }
}

export const VULN_SYNC_JOB = 'registry.vulnerabilities.sync';

/** One sync per component at a time (keyed by component); retried twice on upstream trouble. */
export function defineRegistryJobs(ctx: Pick<Infrastructure, 'jobs'>, service: RegistryService) {
  ctx.jobs.define(
    defineJob({
      name: VULN_SYNC_JOB,
      attempts: 3,
      backoff: { type: 'exponential', delayMs: 5000 },
      timeoutMs: 120_000,
      key: (p) => `vuln-sync:${p.componentId}`,
      async run({ payload, caller, signal }) {
        if (signal.aborted) return;
        await service.syncNow(caller, payload.componentId, signal);
      },
    }),
  );
}
