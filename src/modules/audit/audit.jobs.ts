import { defineJob, type Jobs } from '../../infra/jobs/catalog.js';
import type { AuditService } from './audit.service.js';

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'audit.prune': Record<string, never>;
  }
}

/** Daily pruning past AUDIT_RETENTION_DAYS, once per cluster (decision 983). */
export function registerAuditJobs(jobs: Jobs, service: AuditService, retentionDays: number) {
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
}
