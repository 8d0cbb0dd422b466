import type { Infrastructure } from '../../context.js';
import type { Git } from '../../integrations/git/git.port.js';
import type { Caller } from '../../kernel/caller.js';
import type { App, HangarModule } from '../../kernel/types.js';
import type { DeploymentsService } from '../deployments/index.js';
import { defineDoraJobs } from './dora.jobs.js';
import { doraRoutes } from './dora.routes.js';
import { createDoraService, type DoraService } from './dora.service.js';

export type { DoraService } from './dora.service.js';

export interface DoraDeps extends Pick<Infrastructure, 'db' | 'jobs' | 'log' | 'config'> {
  git: Git;
  /** The components whose deployment facts the ingest job wrote (decision 550). */
  factsChanged?: (componentIds: string[]) => void;
}

/**
 * DORA's four keys from Hangar's own records (decision 566): deployments, the commits they shipped
 * (read with git when a deployment is recorded), incidents linked to the deployment that caused them.
 * `keysForComponent(caller, entityRef, windowDays)` is the verb the scorecards module reads.
 */
export function createDoraModule(deps: DoraDeps): HangarModule<DoraService> {
  const service = createDoraService({
    db: deps.db,
    git: deps.git,
    jobs: deps.jobs,
    log: deps.log,
    suggestWindowMs: deps.config.dora.suggestWindowMs,
    factsChanged: deps.factsChanged,
  });
  defineDoraJobs(deps, service);
  return {
    service,
    async routes(app: App) {
      await app.register(doraRoutes, { service });
    },
  };
}

type DeploymentWrites = Pick<DeploymentsService, 'record' | 'setStatus'>;

/**
 * The deployments module's write verbs, each followed by DORA's ingest job when a deployment
 * reaches `succeeded` or `rolled_back` (decision 568). The wiring hands this to the pipelines'
 * deploy stage, the one writer of deployments; the sweep catches any other path.
 */
export function observeDeployments(deployments: DeploymentWrites, dora: Pick<DoraService, 'deploymentSettled'>): DeploymentWrites {
  const settled = async <R extends { id: string; status: string }>(caller: Caller, row: R) => {
    if (row.status === 'succeeded' || row.status === 'rolled_back') await dora.deploymentSettled(caller, row.id);
    return row;
  };
  return {
    record: async (caller, input, ex) => settled(caller, await deployments.record(caller, input, ex)),
    setStatus: async (caller, id, status, ex) => settled(caller, await deployments.setStatus(caller, id, status, ex)),
  };
}
