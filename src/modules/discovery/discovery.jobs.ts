import { defineJob, type Jobs } from '../../infra/jobs/catalog.js';
import type { DiscoveryScanRecord } from '../../db/schema/index.js';
import type { DiscoveryService } from './discovery.service.js';

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'discovery.scan': { sourceId: string; trigger: DiscoveryScanRecord['trigger'] };
    'discovery.refresh-repository': { sourceId: string; externalId: string };
    'discovery.schedule': Record<string, never>;
  }
}

/** Scans (one per source at a time), webhook refreshes (one per repository), and the schedule's tick. */
export function registerDiscoveryJobs(jobs: Jobs, service: () => DiscoveryService, tickMs: number) {
  jobs.define(
    defineJob({
      name: 'discovery.scan',
      key: (p) => `discovery-scan-${p.sourceId}`,
      // A scan paused by a rate limit waits inside its attempt: hours at worst for a large organization.
      timeoutMs: 6 * 3_600_000,
      cancellable: true,
      concurrency: 2,
      run: async ({ payload, signal }) => service().scan(payload.sourceId, payload.trigger, signal),
    }),
  );
  jobs.define(
    defineJob({
      name: 'discovery.refresh-repository',
      key: (p) => `discovery-refresh-${p.sourceId}-${p.externalId}`,
      timeoutMs: 600_000,
      attempts: 3,
      backoff: { type: 'exponential', delayMs: 2000 },
      concurrency: 4,
      run: async ({ payload, signal }) => service().refreshRepository(payload.sourceId, payload.externalId, signal),
    }),
  );
  jobs.define(
    defineJob({
      name: 'discovery.schedule',
      key: () => 'discovery-schedule',
      timeoutMs: 60_000,
      run: async () => {
        for (const s of await service().dueSources())
          await jobs.enqueue('discovery.scan', { sourceId: s.id, trigger: 'schedule' });
      },
    }),
  );
  if (tickMs > 0) jobs.schedule({ id: 'discovery.schedule', job: 'discovery.schedule', payload: {}, everyMs: tickMs });
}
