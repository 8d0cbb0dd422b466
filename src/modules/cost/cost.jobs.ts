import type { Infrastructure } from '../../context.js';
import { defineJob } from '../../infra/jobs/catalog.js';
import type { CostService } from './cost.service.js';

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'cost.sync': Record<string, never>;
  }
}

/** The background cost sync on `COST_SYNC_CRON`, once per cluster (the schedule's job id dedupes it). */
export function defineCostJobs(ctx: Pick<Infrastructure, 'jobs' | 'log' | 'config'>, service: CostService) {
  ctx.jobs.define(
    defineJob({
      name: 'cost.sync',
      attempts: 3,
      backoff: { type: 'exponential', delayMs: 60_000 },
      timeoutMs: 10 * 60_000,
      key: () => 'cost-sync',
      async run({ caller, signal }) {
        const synced = await service.sync(caller, signal);
        ctx.log.info({ synced }, 'cost sync finished');
      },
    }),
  );
  ctx.jobs.schedule({ id: 'cost-sync', job: 'cost.sync', payload: {}, cron: ctx.config.cost.syncCron });
}
