import type { Infrastructure } from '../../context.js';
import type { Git } from '../../integrations/git/git.port.js';
import { factsChangedOn } from '../../infra/events.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { defineDoraJobs } from './dora.jobs.js';
import { doraRoutes } from './dora.routes.js';
import { createDoraService, type DoraService } from './dora.service.js';
import { subscribeDeployments } from './dora.triggers.js';

export type { DoraService } from './dora.service.js';

export interface DoraDeps extends Pick<Infrastructure, 'db' | 'jobs' | 'log' | 'config' | 'events'> {
  git: Git;
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
    // The components whose deployment facts the ingest job wrote (decision 550).
    factsChanged: factsChangedOn(deps.events),
  });
  defineDoraJobs(deps, service);
  subscribeDeployments(deps.events, service);
  return {
    service,
    async routes(app: App) {
      await app.register(doraRoutes, { service });
    },
  };
}
