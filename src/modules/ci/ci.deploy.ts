import type { AppContext } from '../../context.js';

/** Structurally the `GitOpsDeployPort` of src/modules/pipelines/pipelines.ports.ts (the deploy stage's view of Argo CD). */
export interface GitOpsApplicationState {
  sync: string;
  health: string;
}
export interface GitOpsDeployClient {
  sync(appName: string, signal: AbortSignal): Promise<void>;
  state(appName: string, signal: AbortSignal): Promise<GitOpsApplicationState>;
}
export interface GitOpsDeployPort {
  forOrganization(organizationId: string | null): Promise<GitOpsDeployClient | null>;
}

/**
 * The deploy stage's GitOps client: the organization's `gitopscd` credential and the same adapter as
 * the /gitopscd endpoints (null without a credential). Services are read lazily, at call time.
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
        async state(appName, signal) {
          const app = await port.getApplication(appName, signal);
          return { sync: app.status.sync.status, health: app.status.health.status };
        },
      };
    },
  };
}
