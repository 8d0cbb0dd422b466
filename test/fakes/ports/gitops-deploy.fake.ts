import type { GitOpsApplicationState, GitOpsDeployPort } from '../../../src/modules/pipelines/index.js';

/**
 * An in-memory GitOps CD platform behind the pipelines module's port: organizations with a
 * credential, applications whose state walks through a scripted sequence after each sync.
 */
export class FakeGitOps implements GitOpsDeployPort {
  readonly organizations = new Set<string | null>();
  readonly syncs: string[] = [];
  /** States answered after a sync, one per poll (the last one repeats). */
  readonly script = new Map<string, GitOpsApplicationState[]>();
  private readonly polls = new Map<string, number>();

  async forOrganization(organizationId: string | null) {
    if (!this.organizations.has(organizationId)) return null;
    return {
      sync: async (app: string, signal: AbortSignal) => {
        signal.throwIfAborted();
        if (!this.script.has(app)) throw new Error(`application ${app} not found`);
        this.syncs.push(app);
        this.polls.set(app, 0);
      },
      state: async (app: string, signal: AbortSignal) => {
        signal.throwIfAborted();
        const states = this.script.get(app)!;
        const n = this.polls.get(app) ?? 0;
        this.polls.set(app, n + 1);
        return states[Math.min(n, states.length - 1)]!;
      },
    };
  }
}
