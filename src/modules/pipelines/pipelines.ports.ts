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

/** The body the notify stage posts: Slack-compatible. */
export interface NotifyWebhookPayload {
  channel: string;
  text: string;
}
/** The notification webhook (`NOTIFY_WEBHOOK_URL`); decision 512. */
export interface NotifyWebhookPort {
  /**
   * Posts one message and answers the HTTP status, whatever it is (the stage judges it). Rejects
   * with an Error whose message is the stage's reason when there is no answer in time or at all,
   * and when `signal` is aborted.
   */
  send(payload: NotifyWebhookPayload, signal?: AbortSignal): Promise<{ statusCode: number }>;
}
