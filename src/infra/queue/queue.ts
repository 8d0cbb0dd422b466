/**
 * Background work: one interface, two implementations (BullMQ on Redis, in-process). Modules define
 * named jobs with a handler; routes and schedules enqueue them. Handlers must be idempotent: a job
 * can run again after a crash.
 */
export type JobHandler<T = unknown> = (data: T) => Promise<void>;

export interface JobOptions {
  /** Deduplicates: a job with the same id that is still waiting or running is not added again. */
  jobId?: string;
  delayMs?: number;
}

export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  define<T>(name: string, handler: JobHandler<T>, opts?: { concurrency?: number }): void;
  enqueue<T>(name: string, data: T, opts?: JobOptions): Promise<void>;
  /** Runs job `name` on a cron pattern (croner/BullMQ syntax), once per cluster. */
  schedule(name: string, cron: string, data?: unknown): Promise<void>;
  /** Waiting + delayed + active jobs per job name (for /metrics). */
  depths(): Promise<Record<string, number>>;
  start(): Promise<void>;
  /** Stops taking work and waits for running jobs to finish. */
  close(): Promise<void>;
}
