import { defineJob, type Jobs } from '../../infra/jobs/catalog.js';
import type { Sealer } from './audit.sealer.js';
import type { AuditService } from './audit.service.js';

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'audit.prune': Record<string, never>;
    'audit.seal': Record<string, never>;
  }
}

/** Daily pruning past AUDIT_RETENTION_DAYS, once per cluster (decision 983), and the sealing sweep. */
export function registerAuditJobs(jobs: Jobs, service: AuditService, sealer: Sealer, retentionDays: number) {
  jobs.define(
    defineJob({
      name: 'audit.prune',
      key: () => 'audit-prune',
      timeoutMs: 30 * 60_000,
      run: async () => {
        await service.prune(retentionDays);
      },
    }),
  );
  jobs.schedule({ id: 'audit.prune', job: 'audit.prune', payload: {}, cron: '17 3 * * *' });
  // Writers nudge their process's sealer; this sweep seals what a process left when it stopped
  // between a commit and its sealer's next pass (decision 1092).
  jobs.define(
    defineJob({
      name: 'audit.seal',
      key: () => 'audit-seal',
      timeoutMs: 5 * 60_000,
      run: async () => {
        await sealer.sealAll();
      },
    }),
  );
  jobs.schedule({ id: 'audit.seal', job: 'audit.seal', payload: {}, everyMs: 60_000 });
}
