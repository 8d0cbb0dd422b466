/**
 * Ports the pipelines module owns; other modules implement them (the GitOps CD client comes from the
 * credentials/CI module: `createGitOpsDeployPort` in src/modules/ci/index.ts).
 */
export interface GitOpsApplicationState {
  sync: string;
  health: string;
}
export interface GitOpsDeployPort {
  /** The organization's GitOps CD client, or null when it has no `gitopscd` credential. */
  forOrganization(organizationId: string | null): Promise<{
    sync(appName: string, signal: AbortSignal): Promise<void>;
    state(appName: string, signal: AbortSignal): Promise<GitOpsApplicationState>;
  } | null>;
}
