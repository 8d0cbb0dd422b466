import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { defineCiJobs, queueWebhook } from './ci.jobs.js';
import { ciRoutes } from './ci.routes.js';
import { createCiService, type CiService } from './ci.service.js';
import { ciWebhookRoutes } from './ci.webhooks.routes.js';

export { createGitOpsDeployPort } from './ci.deploy.js';
export type * from './ci.ports.js';
export type { CiBuildUpdated } from './ci.webhooks.js';

declare module '../../context.js' {
  interface ModuleServices {
    /** The CI/CD platforms; `gitopsFor(organizationId)` serves pipelines' deploy stage. */
    ci: CiService;
  }
}

/** GitOps CD, hosted CI platform, self-run CI server, hosted CI service, and their webhooks. */
export async function ciModule(app: App, ctx: AppContext) {
  const service = createCiService(ctx);
  ctx.services.ci = service;
  defineCiJobs(ctx);
  await app.register(ciRoutes, { service });
  await app.register(ciWebhookRoutes, {
    secrets: { cloudci: ctx.config.ci.cloudciWebhookSecret, serverci: ctx.config.ci.serverciWebhookToken, hostedci: ctx.config.ci.hostedciWebhookToken },
    accept: (platform, deliveryId, body) => queueWebhook(ctx, platform, deliveryId, body),
    bodyLimit: ctx.config.maxBodyBytes,
  });
}
