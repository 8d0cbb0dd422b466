import type { Infrastructure } from '../../context.js';
import { defineJob } from '../../infra/jobs/catalog.js';
import type { ComponentsService } from './catalog.service.js';
import type { RegisterService } from './catalog.register.js';

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'catalog.refresh-locations': Record<string, never>;
    'catalog.compact-facet-counts': Record<string, never>;
  }
}

/**
 * The catalog's background work, calling the service's verbs as the job's system caller (decision 1054):
 * the facet-count fold and the re-read of every stored location each `CATALOG_REFRESH_INTERVAL_S`
 * (0: off), once per cluster of processes.
 */
export function defineCatalogJobs(
  ctx: Pick<Infrastructure, 'jobs' | 'config'>,
  service: Pick<ComponentsService, 'compactFacetCounts'> & Pick<RegisterService, 'refreshAll'>,
) {
  const intervalS = ctx.config.catalog.refreshIntervalS;
  // Folds the facet-count deltas (decision 181): queued after catalog writes, and hourly for writes
  // that bypass the service (seeds, SQL); a fold with little to do only counts the table.
  ctx.jobs.define(
    defineJob({
      name: 'catalog.compact-facet-counts',
      key: () => 'catalog-compact-facet-counts',
      timeoutMs: 120_000,
      run: async ({ caller }) => {
        await service.compactFacetCounts(caller);
      },
    }),
  );
  ctx.jobs.schedule({
    id: 'catalog.compact-facet-counts',
    job: 'catalog.compact-facet-counts',
    payload: {},
    everyMs: 3_600_000,
  });

  ctx.jobs.define(
    defineJob({
      name: 'catalog.refresh-locations',
      // One pass at a time: a pass still running makes the next tick a no-op.
      key: () => 'catalog-refresh-locations',
      timeoutMs: Math.max(60_000, intervalS * 1000),
      cancellable: true,
      run: async ({ caller, signal }) => {
        await service.refreshAll(caller, signal);
      },
    }),
  );
  if (intervalS > 0)
    ctx.jobs.schedule({
      id: 'catalog.refresh-locations',
      job: 'catalog.refresh-locations',
      payload: {},
      everyMs: intervalS * 1000,
    });
}
