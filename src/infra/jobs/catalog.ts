import type { Caller } from '../../kernel/caller.js';

/**
 * The typed job catalog: job name -> payload type. Each module adds its jobs by declaration merging
 * (`declare module '../../infra/jobs/catalog.js' { interface JobMap { 'pipeline.run': {runId: string} } }`),
 * as events do, and declares each job's behaviour with `defineJob` in its `<module>.jobs.ts`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobMap {}

export type JobName = keyof JobMap & string;

/** The payload type of job `N` (unknown for names outside the catalog, as the runtime sees them). */
export type PayloadOf<N extends string> = N extends keyof JobMap ? JobMap[N] : unknown;

/** What a job's handler receives for one attempt. */
export interface JobRun<N extends string> {
  readonly name: N;
  readonly payload: PayloadOf<N>;
  readonly jobId: string;
  /** 1-based. */
  readonly attempt: number;
  /** Aborted on timeout, on cancel (from any process of the cluster) and on shutdown. */
  readonly signal: AbortSignal;
  /** Background work acts as the system caller (ARCHITECTURE.md rule 7). */
  readonly caller: Caller;
}

export interface JobRecovery<N extends string> {
  /**
   * Work the owning module recorded as unfinished (e.g. runs still `queued` or `running` in its
   * table). Called once at start; with Redis only work that is in no live process's hands is reported
   * by the runtime (a stalled job), so another process's running job is never touched.
   */
  unfinished(): Promise<{ payload: PayloadOf<N>; state: 'queued' | 'running' }[]>;
  /** `queued` work is always queued again; `running` work is queued again, failed, or left as it is. */
  running: 'requeue' | 'fail' | 'keep';
  /** Called for `running` work when `running` is `fail` (and for a job that stalled in a dead process). */
  fail?(payload: PayloadOf<N>, reason: string): Promise<void>;
}

export interface JobDefinition<N extends string> {
  readonly name: N;
  run(job: JobRun<N>): Promise<void>;
  /** Attempts in all (default 1): a thrown error is retried after `backoff`. */
  readonly attempts?: number;
  readonly backoff?: { type: 'fixed' | 'exponential'; delayMs: number };
  /** Wall-clock limit of one attempt (its signal is aborted, the attempt fails, is retried if attempts remain, and frees its slot). */
  readonly timeoutMs?: number;
  /**
   * The job id: while a job with this id waits or runs, enqueueing the same id again is a no-op (a
   * finished one may run again). Required with `recovery`: it is how a starting process tells work
   * in a live process's hands from work a dead process left behind.
   */
  key?(payload: PayloadOf<N>): string;
  /** Whether `cancel()` may abort it while it runs (a waiting job can always be removed). */
  readonly cancellable?: boolean;
  /** Jobs of this name running at once in one process (default 1). */
  readonly concurrency?: number;
  readonly recovery?: JobRecovery<N>;
}

/** A recurring job: a cron pattern (croner syntax) or a fixed interval; runs once per cluster. */
export interface ScheduleDefinition<N extends string> {
  readonly id: string;
  readonly job: N;
  readonly payload: PayloadOf<N>;
  readonly cron?: string;
  readonly everyMs?: number;
}

/** Identity helper that keeps `name` and `payload` tied together for the type checker. */
export const defineJob = <N extends JobName>(def: JobDefinition<N>) => def;

/** The jobs runtime handed to the modules that list `jobs` in their deps. */
export interface Jobs {
  define<N extends JobName>(def: JobDefinition<N>): void;
  /** Declares a schedule; a schedule whose cron and interval are both unset is not installed. */
  schedule<N extends JobName>(def: ScheduleDefinition<N>): void;
  /** Queues a job; answers its id. 503 (`Unavailable`) when the queue's store is down. */
  enqueue<N extends JobName>(name: N, payload: PayloadOf<N>, opts?: { delayMs?: number }): Promise<string>;
  /** Cancels job `jobId` of `name`, waiting or running, in whichever process holds it; true when found. */
  cancel<N extends JobName>(name: N, jobId: string): Promise<boolean>;
}
