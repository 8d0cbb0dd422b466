import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import { withJobDeadline } from '../../db/deadline.js';
import { systemCaller } from '../../kernel/caller.js';
import { NoRetry, type JobQueue, type RunInfo } from '../queue/index.js';
import type { JobDefinition, JobName, Jobs, PayloadOf, ScheduleDefinition } from './catalog.js';

/** The reason a job's signal carries when it is cancelled (as opposed to timed out or shut down). */
export class JobCancelled extends Error {
  constructor() {
    super('job cancelled');
    this.name = 'JobCancelled';
  }
}

/** The reason a job's signal carries when an attempt ran out of time. */
export class JobTimedOut extends Error {
  constructor(readonly timeoutMs: number) {
    super(`job attempt timed out after ${timeoutMs} ms`);
    this.name = 'JobTimedOut';
  }
}

/** The reason a job's signal carries when the process shuts down. */
export class JobShutdown extends Error {
  constructor() {
    super('the server shut down while this job was running');
    this.name = 'JobShutdown';
  }
}

const RESTARTED = 'the server stopped while this job was running';

/**
 * The job catalog's runtime over a `JobQueue` (BullMQ or in-process): ids from each job's key,
 * attempts with backoff (the queue's own), a timeout per attempt that aborts the signal and frees the
 * slot, cancellation through an AbortSignal in whichever process runs the job, schedules installed
 * once per cluster, and recovery of unfinished work as each job declares it.
 */
export class JobsRuntime implements Jobs {
  private readonly defs = new Map<string, JobDefinition<string>>();
  private readonly schedules = new Map<string, ScheduleDefinition<string>>();
  private readonly running = new Map<string, { cancel: AbortController; cancellable: boolean }>();
  private readonly shutdown = new AbortController();
  private started = false;
  /** Settles once schedules are installed and recovery ran (start() does not wait: Redis may be slow). */
  ready: Promise<void> = Promise.resolve();

  constructor(
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {
    queue.onCancel((name, jobId) => this.abortLocal(name, jobId));
  }

  define<N extends JobName>(def: JobDefinition<N>): void {
    const d = def as unknown as JobDefinition<string>;
    if (d.recovery && !d.key) throw new Error(`Job "${d.name}" declares recovery but no key`);
    this.defs.set(d.name, d);
    const recovery = d.recovery;
    this.queue.define<unknown>(d.name, (payload, info) => this.execute(d, payload, info), {
      concurrency: d.concurrency ?? 1,
      attempts: d.attempts ?? 1,
      backoff: d.backoff,
      stalled: recovery ? (recovery.running === 'requeue' ? 'requeue' : 'fail') : undefined,
      onStalled: (payload, failed) => {
        if (!failed || recovery?.running !== 'fail' || !recovery.fail) return;
        recovery
          .fail(payload as never, RESTARTED)
          .catch((err) => this.log.error({ err, job: d.name }, 'could not fail a stalled job'));
      },
    });
  }

  schedule<N extends JobName>(def: ScheduleDefinition<N>): void {
    const s = def as unknown as ScheduleDefinition<string>;
    // Not installed, and removed from Redis at start if an earlier deployment installed it.
    if (!s.cron && !s.everyMs) {
      this.schedules.delete(s.id);
      return;
    }
    if (s.cron) new Cron(s.cron, { paused: true }).stop(); // throws on a bad pattern, at declaration
    if (s.everyMs !== undefined && (!Number.isFinite(s.everyMs) || s.everyMs < 1))
      throw new Error(`Schedule "${s.id}": everyMs must be positive`);
    this.definition(s.job);
    this.schedules.set(s.id, s);
    if (this.started) void this.install(s);
  }

  async enqueue<N extends JobName>(name: N, payload: PayloadOf<N>, opts: { delayMs?: number } = {}): Promise<string> {
    const def = this.definition(name);
    const jobId = def.key?.(payload) ?? randomUUID();
    await this.queue.enqueue(name, payload, { jobId, delayMs: opts.delayMs });
    return jobId;
  }

  async cancel<N extends JobName>(name: N, jobId: string): Promise<boolean> {
    const def = this.definition(name);
    const local = this.running.get(slot(name, jobId));
    if (local) return this.abortLocal(name, jobId);
    if (await this.queue.remove(name, jobId)) return true;
    if (!def.cancellable || (await this.queue.state(name, jobId)) !== 'active') return false;
    // Running in another process of the cluster: it aborts it when the broadcast reaches it.
    await this.queue.broadcastCancel(name, jobId);
    return true;
  }

  /** Installs schedules and recovers unfinished work, in the background; `ready` settles when done. */
  start(): Promise<void> {
    this.started = true;
    this.ready = (async () => {
      for (const s of this.schedules.values()) await this.install(s);
      await this.queue
        .pruneSchedules(new Set(this.schedules.keys()))
        .catch((err) => this.log.error({ err }, 'could not remove stale schedules'));
      for (const def of this.defs.values()) if (def.recovery) await this.recover(def);
    })();
    return Promise.resolve();
  }

  /** Aborts every running job (their slots are freed at once); the queue's close then waits for them. */
  async close(): Promise<void> {
    this.shutdown.abort(new JobShutdown());
    // Start-up work still waiting for Redis must not hold the shutdown for long.
    await Promise.race([this.ready.catch(() => {}), new Promise((r) => setTimeout(r, 2000).unref())]);
  }

  private abortLocal(name: string, jobId: string): boolean {
    const local = this.running.get(slot(name, jobId));
    if (!local || !local.cancellable) return false;
    local.cancel.abort(new JobCancelled());
    return true;
  }

  private async install(s: ScheduleDefinition<string>) {
    try {
      await this.queue.schedule(s.id, s.job, { cron: s.cron, everyMs: s.everyMs }, s.payload);
    } catch (err) {
      this.log.error({ err, schedule: s.id }, 'could not install a schedule');
    }
  }

  /**
   * Unfinished work a module recorded. Work whose job still waits or runs somewhere (a live process,
   * or a dead one whose job BullMQ will report as stalled) is left alone; the rest was orphaned.
   */
  private async recover(def: JobDefinition<string>) {
    const recovery = def.recovery!;
    let requeued = 0;
    let failed = 0;
    try {
      for (const item of await recovery.unfinished()) {
        const jobId = def.key!(item.payload);
        const state = await this.queue.state(def.name, jobId);
        if (state === 'waiting' || state === 'delayed' || state === 'active') continue;
        if (item.state === 'queued' || recovery.running === 'requeue') {
          await this.queue.enqueue(def.name, item.payload, { jobId });
          requeued++;
        } else if (recovery.running === 'fail' && recovery.fail) {
          await recovery.fail(item.payload, RESTARTED);
          failed++;
        }
      }
      if (requeued || failed) this.log.info({ job: def.name, requeued, failed }, 'recovered unfinished jobs');
    } catch (err) {
      this.log.error({ err, job: def.name }, 'could not recover unfinished jobs');
    }
  }

  private definition(name: string): JobDefinition<string> {
    const def = this.defs.get(name);
    if (!def) throw new Error(`No job defined for "${name}"`);
    return def;
  }

  /** One attempt. Throws to fail it: the queue retries unless it is a NoRetry (cancelled, shut down). */
  private async execute(def: JobDefinition<string>, payload: unknown, info: RunInfo): Promise<void> {
    if (this.shutdown.signal.aborted) throw new NoRetry(new JobShutdown().message);
    const key = slot(def.name, info.jobId);
    const cancel = new AbortController();
    const timeout = new AbortController();
    const timer = def.timeoutMs
      ? setTimeout(() => timeout.abort(new JobTimedOut(def.timeoutMs!)), def.timeoutMs)
      : undefined;
    const signal = AbortSignal.any([cancel.signal, timeout.signal, this.shutdown.signal]);
    this.running.set(key, { cancel, cancellable: def.cancellable ?? false });
    try {
      const caller = systemCaller({ requestId: `job:${def.name}:${info.jobId}` });
      // Jobs are not interactive: their database round trips may take longer than a request's (decision 408).
      const run = withJobDeadline(() =>
        Promise.resolve().then(() =>
          def.run({
            name: def.name,
            payload: payload as never,
            jobId: info.jobId,
            attempt: info.attempt,
            signal,
            caller,
          }),
        ),
      );
      // A handler that ignores its signal still gives its slot back when the signal fires; its late
      // rejection must not become an unhandled one.
      run.catch(() => {});
      await Promise.race([run, abortion(signal)]);
    } catch (err) {
      if (cancel.signal.aborted) throw new NoRetry('job cancelled');
      if (this.shutdown.signal.aborted) throw new NoRetry(new JobShutdown().message);
      if (timeout.signal.aborted) throw timeout.signal.reason as JobTimedOut;
      throw err;
    } finally {
      if (timer) clearTimeout(timer);
      if (this.running.get(key)?.cancel === cancel) this.running.delete(key);
    }
  }
}

const slot = (name: string, jobId: string) => `${name}\u0000${jobId}`;

function abortion(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
