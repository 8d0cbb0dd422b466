import type { Infrastructure } from '../../context.js';
import { defineJob } from '../../infra/jobs/catalog.js';
import { systemCaller } from '../../kernel/caller.js';
import type { DoraService } from './dora.service.js';

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'dora.deployment.ingest': { deploymentId: string };
    'dora.sweep': Record<string, never>;
  }
}

/**
 * A deployment's facts are written by a typed job when it is recorded (decision 568); the sweep,
 * every `DORA_SWEEP_MS`, queues any successful deployment the job never saw (Redis away, a crash).
 */
export function defineDoraJobs(ctx: Pick<Infrastructure, 'jobs' | 'log' | 'config'>, service: DoraService) {
  ctx.jobs.define(
    defineJob({
      name: 'dora.deployment.ingest',
      key: (p) => `dora-ingest-${p.deploymentId}`,
      concurrency: 2,
      attempts: 3,
      backoff: { type: 'exponential', delayMs: 5_000 },
      // One blobless clone and a log; git's own GIT_TIMEOUT_S bounds each call.
      timeoutMs: 5 * 60_000,
      cancellable: true,
      run: async ({ payload, signal }) => {
        await service.ingest(systemCaller(), payload.deploymentId, signal);
      },
      recovery: {
        unfinished: async () =>
          (await service.pendingIngests(systemCaller())).map((deploymentId) => ({
            payload: { deploymentId },
            state: 'queued' as const,
          })),
        running: 'requeue',
      },
    }),
  );
  ctx.jobs.define(
    defineJob({
      name: 'dora.sweep',
      key: () => 'dora-sweep',
      timeoutMs: 5 * 60_000,
      run: async () => {
        const queued = await service.sweep(systemCaller());
        if (queued.length) ctx.log.info({ queued: queued.length }, 'DORA sweep queued deployments');
      },
    }),
  );
  if (ctx.config.dora.sweepMs > 0)
    ctx.jobs.schedule({ id: 'dora-sweep', job: 'dora.sweep', payload: {}, everyMs: ctx.config.dora.sweepMs });
}
