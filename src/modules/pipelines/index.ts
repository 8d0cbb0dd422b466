import type { App, HangarModule } from '../../kernel/types.js';
import type { PipelinesDeps } from './pipelines.run-claim.js';
import { definePipelineJobs } from './pipelines.jobs.js';
import { pipelinesRoutes } from './pipelines.routes.js';
import { createRunsService, type RunsService } from './pipelines.runs.js';
import { createPipelinesService, type PipelinesService } from './pipelines.service.js';

export type {
  ContainerBuildPort,
  GitOpsApplicationState,
  GitOpsDeployPort,
  NotifyWebhookPort,
  ScriptRunnerPort,
} from './pipelines.ports.js';
export type { PipelinesDeps } from './pipelines.run-claim.js';
export { pipelinesLookup } from './pipelines.lookup.js';

/** Pipelines: definitions, runs and the run engine (a `pipeline.run` job per run part). */
export function createPipelinesModule(deps: PipelinesDeps): HangarModule<PipelinesService & { runs: RunsService }> {
  const service = createPipelinesService(deps);
  const runs = createRunsService(deps);
  definePipelineJobs(deps, runs);
  return {
    service: { ...service, runs },
    async routes(app: App) {
      await app.register(pipelinesRoutes, { service, runs });
    },
  };
}
