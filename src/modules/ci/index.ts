import type { Infrastructure } from '../../context.js';
import type { App, HangarModule } from '../../kernel/types.js';
import type { CredentialsService } from '../credentials/index.js';
import { defineCiJobs, queueWebhook } from './ci.jobs.js';
import type { CiAdapterFactories } from './ci.ports.js';
import { createReceivers, type ReceiverHandlers } from './ci.receivers.js';
import { ciReceiverRoutes } from './ci.receivers.routes.js';
import { ciRoutes } from './ci.routes.js';
import { createCiService, type CiService } from './ci.service.js';
import { ciWebhookRoutes } from './ci.webhooks.routes.js';

export { createGitOpsDeployPort } from './ci.deploy.js';
export type * from './ci.ports.js';
export type { CiBuildUpdated } from './ci.webhooks.js';
export type { ReceiverHandlers } from './ci.receivers.js';

export interface CiDeps extends Pick<Infrastructure, 'config' | 'db' | 'jobs' | 'events' | 'log'> {
  credentials: Pick<CredentialsService, 'readValue'>;
  /** Argo CD, CircleCI, Jenkins and Travis CI. */
  platforms: CiAdapterFactories;
  /** What the GitHub, GitLab and Argo CD receivers dispatch to, by system and event name (decision 864). */
  receivers?: ReceiverHandlers;
  /** The organizations module's check of a receiver's `?organization=`. */
  organizationExists?: (id: string) => Promise<boolean>;
}

/** GitOps CD, hosted CI platform, self-run CI server, hosted CI service, and their webhooks. */
export function createCiModule(deps: CiDeps): HangarModule<CiService> {
  const { config, jobs } = deps;
  const service = createCiService(deps);
  defineCiJobs(deps, service);
  const receivers = createReceivers({
    db: deps.db,
    log: deps.log,
    secrets: {
      github: config.ci.githubWebhookSecret,
      gitlab: config.ci.gitlabWebhookToken,
      argocd: config.ci.argocdWebhookToken,
    },
    handlers: deps.receivers ?? {},
    organizationExists: deps.organizationExists ?? (async () => false),
  });
  return {
    service,
    async routes(app: App) {
      await app.register(ciRoutes, { service });
      await app.register(ciWebhookRoutes, {
        secrets: {
          cloudci: config.ci.cloudciWebhookSecret,
          serverci: config.ci.serverciWebhookToken,
          hostedci: config.ci.hostedciWebhookToken,
        },
        accept: (platform, deliveryId, body) => queueWebhook(jobs, platform, deliveryId, body),
        bodyLimit: config.maxBodyBytes,
      });
      await app.register(ciReceiverRoutes, { receivers, bodyLimit: config.maxBodyBytes });
    },
  };
}
