import { defineJob, type Jobs } from '../../infra/jobs/catalog.js';
import type { Database } from '../../db/client.js';
import { compactFacetCounts } from './catalog.facet-counts.js';
import type { RegisterService } from './catalog.register.js';

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'catalog.refresh-locations': Record<string, never>;
    'catalog.compact-facet-counts': Record<string, never>;
  }
}

/** Re-reads every stored location each `CATALOG_REFRESH_INTERVAL_S` (0: off), once per cluster of processes. */
export function registerCatalogJobs(jobs: Jobs, register: RegisterService, intervalS: number, db: Database) {
  // Folds the facet-count deltas (decision 181): queued after catalog writes, and hourly for writes
  // that bypass the service (seeds, SQL); a fold with little to do only counts the table.
  jobs.define(
    defineJob({
      name: 'catalog.compact-facet-counts',
      key: () => 'catalog-compact-facet-counts',
      timeoutMs: 120_000,
      run: async () => {
        await compactFacetCounts(db);
      },
    }),
  );
  jobs.schedule({ id: 'catalog.compact-facet-counts', job: 'catalog.compact-facet-counts', payload: {}, everyMs: 3_600_000 });

  jobs.define(
    defineJob({
      name: 'catalog.refresh-locations',
      // One pass at a time: a pass still running makes the next tick a no-op.
      key: () => 'catalog-refresh-locations',
      timeoutMs: Math.max(60_000, intervalS * 1000),
      cancellable: true,
      run: async ({ caller, signal }) => {
        await register.refreshAll(caller, signal);
      },
    }),
  );
  if (intervalS > 0) jobs.schedule({ id: 'catalog.refresh-locations', job: 'catalog.refresh-locations', payload: {}, everyMs: intervalS * 1000 });
}
