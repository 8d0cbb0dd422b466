import type { AppContext } from '../../context.js';
import type { GitOpsApplicationState, GitOpsDeployPort } from '../pipelines/index.js';

export type { GitOpsApplicationState, GitOpsDeployPort };

/**
 * Pipelines' deploy stage's GitOps client (the port pipelines owns): the organization's `gitopscd`
 * credential and the same Argo CD adapter as the /gitopscd endpoints; null without a credential.
 * `ctx.services.ci` is read at call time, so registration order does not matter.
 */
export function createGitOpsDeployPort(ctx: AppContext): GitOpsDeployPort {
  return {
    async forOrganization(organizationId) {
      const port = await ctx.services.ci.gitopsFor(organizationId);
      if (!port) return null;
      return {
        async sync(appName, signal) {
          await port.syncApplication(appName, {}, signal);
        },
        async state(appName, signal): Promise<GitOpsApplicationState> {
          const app = await port.getApplication(appName, signal);
          return { sync: app.status.sync.status, health: app.status.health.status };
        },
      };
    },
  };
}
