import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { kubernetesAccess } from '../../integrations/kubernetes/access.js';
import { OrchestratorAdapter } from '../../integrations/kubernetes/orchestrator.adapter.js';
import { registerOrchestratorJobs } from './orchestrator.jobs.js';
import type { OrchestratorPort } from './orchestrator.ports.js';
import { orchestratorRoutes } from './orchestrator.routes.js';
import { createOrchestratorService, type WorkloadStatusWriter } from './orchestrator.service.js';
import { RolloutWatcher } from './orchestrator.watch.js';

export type { WatchedRollout } from './orchestrator.ports.js';
export { createOrchestratorService, ORCHESTRATOR_ANNOTATION, type WorkloadStatus } from './orchestrator.service.js';
export { operatorName } from './orchestrator.operators.js';

/** The cluster (orchestrator) views, the annotation sync job and the rollout watch. */
export async function orchestratorModule(app: App, ctx: AppContext) {
  const cfg = ctx.config.cluster;
  const port: OrchestratorPort = new OrchestratorAdapter(kubernetesAccess(cfg));
  const service = createOrchestratorService({
    port,
    db: ctx.db,
    events: ctx.events,
    log: ctx.log,
    // Lazily: the catalog sets its service on the context when it registers.
    catalog: () => (ctx.services as { catalog?: WorkloadStatusWriter }).catalog,
  });
  registerOrchestratorJobs(ctx.jobs, service, { intervalS: cfg.syncIntervalS, enabled: port.configured });
  await app.register(orchestratorRoutes, { service });

  if (cfg.watchRollouts && port.configured) {
    const watcher = new RolloutWatcher({ port, service, redis: ctx.redis, key: `${ctx.config.redisKeyPrefix}:orchestrator:rollout-watch`, log: ctx.log });
    app.addHook('onReady', async () => watcher.start());
    app.addHook('onClose', async () => watcher.close());
  }
}
