import type { AppContext } from '../../context.js';
import { createGitOpsDeployPort } from '../ci/index.js';
import type { App } from '../../kernel/types.js';
import { definePipelineJobs } from './pipelines.jobs.js';
import type { GitOpsDeployPort } from './pipelines.ports.js';
import { pipelinesRoutes } from './pipelines.routes.js';
import { createRunsService, type RunsService } from './pipelines.runs.js';
import { createPipelinesService, type PipelinesService } from './pipelines.service.js';

export type { GitOpsApplicationState, GitOpsDeployPort } from './pipelines.ports.js';

export { pipelinesLookup } from './pipelines.lookup.js';

declare module '../../context.js' {
  interface ModuleServices {
    pipelines: PipelinesService & {
      runs: RunsService;
      /** Replaces the GitOps client of deploy stages (tests hand in a fake). */
      useGitOpsPort(port: GitOpsDeployPort | undefined): void;
    };
  }
}

/** Pipelines: definitions, runs and the run engine (a `pipeline.run` job per run part). */
export async function pipelinesModule(app: App, ctx: AppContext) {
  let gitops: GitOpsDeployPort | undefined;
  // The credentials/CI module's GitOps client, created on first use (none while that module is not registered).
  const gitopsPort = () => gitops ?? (ctx.services.ci ? (gitops = createGitOpsDeployPort(ctx)) : undefined);
  definePipelineJobs({ ctx, gitops: gitopsPort });
  const service = createPipelinesService(ctx);
  const runs = createRunsService(ctx);
  ctx.services.pipelines = Object.assign(service, { runs, useGitOpsPort: (port: GitOpsDeployPort | undefined) => void (gitops = port) });
  await app.register(pipelinesRoutes, { service, runs });
}
