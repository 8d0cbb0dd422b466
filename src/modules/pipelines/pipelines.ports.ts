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

/** The interface's neutral names of the three OCI build tools (decision 613). */
export type BuildEngine = 'oci_a' | 'oci_b' | 'oci_c';
/** One image build, and with `push` its push; paths are absolute and already checked by the stage. */
export interface ContainerBuildRequest {
  engine: BuildEngine;
  dockerfile: string;
  context: string;
  /** The rendered image tag (never starting with "-"). */
  tag: string;
  /** `registry` is `host[:port][/path]`; `insecure` pushes over plain HTTP. */
  push?: { registry: string; insecure: boolean };
  /** The folder the tool runs in (the run's working folder). */
  cwd: string;
  /** The stage's command environment (decision 611); the adapter adds the tools' own settings. */
  env: Record<string, string>;
}
export type ContainerBuildResult =
  | { status: 'succeeded' }
  /** `reason` is one line for the stage result: a missing tool, a failed step (`buildah bud exited with code 1`). */
  | { status: 'failed'; reason: string }
  /** `signal` was aborted (cancel, stage timeout, shutdown); the tool's process group is gone. */
  | { status: 'stopped' };
/** The OCI build tools, docker, buildah and podman (decision 514). */
export interface ContainerBuildPort {
  /**
   * Builds `tag` and pushes it when asked, writing each command (`$ buildah bud …`) and the tool's
   * output to `log`. Never throws; an aborted `signal` answers `stopped`.
   */
  build(
    request: ContainerBuildRequest,
    log: (line: string) => void,
    signal?: AbortSignal,
  ): Promise<ContainerBuildResult>;
}

/** How a script stage's shell ended: not started, stopped (cancel, timeout, shutdown), or its exit. */
export interface ScriptResult {
  /** Why `sh` could not be started, if it was not. */
  error?: string;
  stopped: boolean;
  exitCode: number | null;
  /** "exited with code 1" or "was killed by SIGKILL", for the stage's reason. */
  ended: string;
}

/**
 * The script stage's shell (decision 1053): `sh -c <command>` in the run's folder with exactly the given
 * environment, as the stage user when one is given, its lines streamed, killed on abort. The adapter
 * is the one process-group runner (src/adapters/script-runner.ts, decision 515).
 */
export interface ScriptRunnerPort {
  run(script: {
    command: string;
    cwd: string;
    env: Record<string, string>;
    signal: AbortSignal;
    onLine(line: string): void;
    user?: { uid: number; gid: number };
  }): Promise<ScriptResult>;
}
