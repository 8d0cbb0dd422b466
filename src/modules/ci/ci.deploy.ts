import { BadGateway } from '../../kernel/errors.js';
import type { GitOpsApplicationState, GitOpsDeployPort } from '../pipelines/index.js';
import { GITOPS_SYSTEM } from './ci.ports.js';
import type { CiService } from './ci.service.js';

export type { GitOpsDeployPort };

/**
 * Pipelines' deploy stage's GitOps client (the port pipelines owns): the organization's `gitopscd`
 * credential and the same Argo CD adapter as the /gitopscd endpoints; null without a credential.
 */
export function createGitOpsDeployPort(ci: Pick<CiService, 'gitopsFor'>): GitOpsDeployPort {
  return {
    async forOrganization(organizationId) {
      const port = await ci.gitopsFor(organizationId);
      if (!port) return null;
      return {
        async sync(appName, signal) {
          await port.syncApplication(appName, {}, signal);
        },
        async state(appName, signal): Promise<GitOpsApplicationState> {
          const app = await port.getApplication(appName, signal);
          const phase = app.status.operationState.phase;
          // Until the sync operation ends, the previous Synced/Healthy must not read as this deploy's.
          if (phase === 'Running' || phase === 'Terminating') {
            return {
              sync: 'OutOfSync',
              health: app.status.health.status === 'Healthy' ? 'Progressing' : app.status.health.status,
            };
          }
          if (phase === 'Failed' || phase === 'Error')
            throw new BadGateway(`${GITOPS_SYSTEM}: the sync operation of "${appName}" ended ${phase}`);
          return { sync: app.status.sync.status, health: app.status.health.status };
        },
      };
    },
  };
}
