import type { Infrastructure } from '../../context.js';
import { defineJob } from '../../infra/jobs/catalog.js';
import type { GatewayService } from './gateway.service.js';

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'gateway.routes.sync': Record<string, never>;
    'gateway.health.check': Record<string, never>;
  }
}

export const ROUTE_SYNC_EVERY_MS = 15 * 60_000;
export const HEALTH_CHECK_EVERY_MS = 5 * 60_000;

/** The document's schedules (sync every 15 min, probes every 5 min); none when no gateway adapter is enabled. */
export function defineGatewayJobs(ctx: Pick<Infrastructure, 'jobs' | 'log' | 'config'>, service: GatewayService) {
  if (!ctx.config.gateway.active) return;
  ctx.jobs.define(
    defineJob({
      name: 'gateway.routes.sync',
      timeoutMs: 10 * 60_000,
      key: () => 'gateway-routes-sync',
      async run({ caller, signal }) {
        const { synced, errors } = await service.sync(caller, signal);
        if (errors.length) ctx.log.warn({ synced, errors }, 'gateway sync finished with errors');
      },
    }),
  );
  ctx.jobs.define(
    defineJob({
      name: 'gateway.health.check',
      timeoutMs: 4 * 60_000,
      key: () => 'gateway-health-check',
      async run({ caller, signal }) {
        await service.check(caller, signal);
      },
    }),
  );
  ctx.jobs.schedule({
    id: 'gateway-routes-sync',
    job: 'gateway.routes.sync',
    payload: {},
    everyMs: ROUTE_SYNC_EVERY_MS,
  });
  ctx.jobs.schedule({
    id: 'gateway-health-check',
    job: 'gateway.health.check',
    payload: {},
    everyMs: HEALTH_CHECK_EVERY_MS,
  });
}
