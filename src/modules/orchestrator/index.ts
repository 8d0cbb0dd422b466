import type { Infrastructure } from '../../context.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { defineOrchestratorJobs } from './orchestrator.jobs.js';
import type { OrchestratorPort } from './orchestrator.ports.js';
import { orchestratorRoutes } from './orchestrator.routes.js';
import {
  createOrchestratorService,
  type OrchestratorService,
  type WorkloadStatusWriter,
} from './orchestrator.service.js';
import { RolloutWatcher } from './orchestrator.watch.js';

export type { WatchedRollout } from './orchestrator.ports.js';
export type { OrchestratorPort } from './orchestrator.ports.js';
export { createOrchestratorService, ORCHESTRATOR_ANNOTATION, type WorkloadStatus } from './orchestrator.service.js';
export { operatorName } from './orchestrator.operators.js';

export interface OrchestratorModuleDeps extends Pick<
  Infrastructure,
  'db' | 'events' | 'jobs' | 'log' | 'redis' | 'config'
> {
  /** Kubernetes. */
  port: OrchestratorPort;
  /** The catalog's verb for a component's workload status. */
  catalog: WorkloadStatusWriter;
}

/** The cluster (orchestrator) views, the annotation sync job and the rollout watch. */
export function createOrchestratorModule(deps: OrchestratorModuleDeps): HangarModule<OrchestratorService> {
  const { port, config } = deps;
  const cfg = config.cluster;
  const service = createOrchestratorService({
    port,
    db: deps.db,
    events: deps.events,
    log: deps.log,
    catalog: deps.catalog,
  });
  defineOrchestratorJobs({ jobs: deps.jobs, config, clusterConfigured: port.configured }, service);
  return {
    service,
    async routes(app: App) {
      await app.register(orchestratorRoutes, { service });
      if (cfg.watchRollouts && port.configured) {
        const watcher = new RolloutWatcher({
          port,
          service,
          redis: deps.redis,
          key: `${config.redisKeyPrefix}:orchestrator:rollout-watch`,
          log: deps.log,
        });
        app.addHook('onReady', async () => watcher.start());
        app.addHook('onClose', async () => watcher.close());
      }
    },
  };
}
