import type { Database } from '../../../db/client.js';
import type { PipelineStageRow } from '../../../db/schema/pipelines.js';
import type { PipelinesConfig } from '../../../config/pipelines.js';
import type { DeploymentsService } from '../../deployments/index.js';
import type { PipelineNotifyEvent } from '../pipelines.events.js';
import type { ContainerBuildPort, GitOpsDeployPort, NotifyWebhookPort, ScriptRunnerPort } from '../pipelines.ports.js';
import type { RunRow } from '../pipelines.repository.js';

/** What one stage gets to do its work. */
export interface StageContext {
  db: Database;
  run: RunRow;
  pipeline: { id: string; name: string; organizationId: string | null };
  stage: PipelineStageRow;
  /** The run's working folder, shared by its stages. */
  workDir: string;
  /** Aborted on cancel, on the stage timeout and on shutdown; every step honours it. */
  signal: AbortSignal;
  /** `PIPELINE_STAGE_TIMEOUT_S` in milliseconds (deploy waits for GitOps health within it). */
  timeoutMs: number;
  config: PipelinesConfig;
  /** Appends one line to the run's logs (and `pipeline.log`). */
  log(line: string): void;
  /** The variables commands see (decision 611): PATH, HOME, LANG and the HANGAR_* ones. */
  commandEnv: Record<string, string>;
  /** The deployments module's write verbs: the one write path into `deployments` from outside it. */
  deployments: Pick<DeploymentsService, 'record' | 'setStatus'>;
  gitops(): GitOpsDeployPort | undefined;
  /** The notification webhook; undefined when NOTIFY_WEBHOOK_URL is not set. */
  notifyWebhook: NotifyWebhookPort | undefined;
  /** The OCI build tools (decision 514). */
  containerBuild: ContainerBuildPort;
  /** The script stage's shell (decision 1053). */
  scripts: ScriptRunnerPort;
  notify(event: PipelineNotifyEvent): void;
}

export type StageOutcome =
  | { status: 'succeeded'; extra?: Record<string, unknown> }
  | { status: 'failed'; reason: string; extra?: Record<string, unknown> }
  | { status: 'waiting'; extra?: Record<string, unknown> };

export type StageExecutor = (ctx: StageContext) => Promise<StageOutcome>;

/** A short description of why a command stopped, for the log and the stage result. */
export function describeAbort(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  return String(reason ?? 'aborted');
}
