/**
 * Background work: one interface, two implementations (BullMQ on Redis, in-process). The job
 * catalog's runtime (src/infra/jobs/runtime.ts) is the only user: modules declare jobs there.
 * Handlers must be idempotent: a job can run again after a crash.
 */
export interface RunInfo {
  /** The job's id (its deduplication key, or a generated one). */
  jobId: string;
  /** 1-based attempt number. */
  attempt: number;
}

export type JobHandler<T = unknown> = (data: T, info: RunInfo) => Promise<void>;

export interface Backoff {
  type: 'fixed' | 'exponential';
  delayMs: number;
}

/** How jobs of one name run. */
export interface LaneOptions {
  /** Jobs of this name running at once in one process (default 1). */
  concurrency?: number;
  /** Attempts in all (default 1): a thrown error is retried after `backoff`, unless it is a `NoRetry`. */
  attempts?: number;
  backoff?: Backoff;
  /**
   * What happens to a job whose process died while running it (BullMQ's stalled jobs): `requeue`
   * runs it again, `fail` fails it. `onStalled` is called once per cluster with the job's data and
   * whether it was failed. In-process queues have no stalled jobs (the process that ran them is gone).
   */
  stalled?: 'requeue' | 'fail';
  onStalled?(data: unknown, failed: boolean): void;
}

export interface JobOptions {
  /** Deduplicates: a job with the same id that is still waiting, delayed or running is not added again. */
  jobId?: string;
  delayMs?: number;
}

export type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed' | 'missing';

/** Thrown by a handler to fail the job at once, without its remaining attempts (cancelled work). */
export class NoRetry extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoRetry';
  }
}

export interface ScheduleSpec {
  /** croner / BullMQ cron syntax. */
  cron?: string;
  everyMs?: number;
}

export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  /**
   * Whether a queued job outlives this process and is run by any process of the deployment (Redis):
   * what a module asks instead of reading `kind` (decision 923).
   */
  readonly durable: boolean;
  define<T>(name: string, handler: JobHandler<T>, opts?: LaneOptions): void;
  enqueue<T>(name: string, data: T, opts?: JobOptions): Promise<void>;
  /** Installs (or replaces) schedule `id` of job `name`: runs once per cluster. */
  schedule(id: string, name: string, spec: ScheduleSpec, data?: unknown): Promise<void>;
  /** Removes every schedule of the defined job names whose id is not in `keep` (leftovers of old deployments). */
  pruneSchedules(keep: ReadonlySet<string>): Promise<void>;
  /** Where job `jobId` of `name` is (a finished job may be `missing`: finished jobs are not kept). */
  state(name: string, jobId: string): Promise<JobState>;
  /** Removes a waiting or delayed job; true when one was removed. */
  remove(name: string, jobId: string): Promise<boolean>;
  /** Asks every process of the cluster (this one included) to abort job `jobId` of `name` if it runs it. */
  broadcastCancel(name: string, jobId: string): Promise<void>;
  /** Registers the listener of cancel broadcasts. */
  onCancel(listener: (name: string, jobId: string) => void): void;
  /** Waiting + delayed + active jobs per job name (for /metrics). */
  depths(): Promise<Record<string, number>>;
  start(): Promise<void>;
  /** Stops taking work and waits for running jobs to finish. */
  close(): Promise<void>;
}

/** The delay before attempt `attempt + 1` after attempt `attempt` failed. */
export function backoffDelay(backoff: Backoff | undefined, attempt: number): number {
  const base = backoff?.delayMs ?? 1000;
  return backoff?.type === 'exponential' ? base * 2 ** (attempt - 1) : base;
}
