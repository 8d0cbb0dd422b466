import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { systemCaller } from '../../kernel/caller.js';
import type { JobQueue } from '../queue/index.js';
import type { JobDefinition, JobName, Jobs, PayloadOf, ScheduleDefinition } from './catalog.js';

interface Envelope {
  jobId: string;
  payload: unknown;
}

/** Thrown into a job's signal when it is cancelled (as opposed to timed out or shut down). */
export class JobCancelled extends Error {
  constructor() {
    super('job cancelled');
  }
}

/**
 * The job catalog's runtime over a `JobQueue` (BullMQ or in-process): ids from each job's key,
 * attempts with backoff, a timeout per attempt that frees the slot, cancellation through an
 * AbortSignal, schedules, and recovery of unfinished work at start.
 */
export class JobsRuntime implements Jobs {
  private readonly defs = new Map<string, JobDefinition<string>>();
  private readonly schedules: ScheduleDefinition<string>[] = [];
  private readonly running = new Map<string, AbortController>();
  private readonly shutdown = new AbortController();
  private readonly intervals: NodeJS.Timeout[] = [];

  constructor(
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  define<N extends JobName>(def: JobDefinition<N>): void {
    this.defs.set(def.name, def);
    this.queue.define<Envelope>(def.name, (env) => this.execute(def, env), { concurrency: def.concurrency ?? 1 });
  }

  schedule<N extends JobName>(def: ScheduleDefinition<N>): void {
    if (!def.cron && !def.everyMs) return;
    this.schedules.push(def);
  }

  async enqueue<N extends JobName>(name: N, payload: PayloadOf<N>, opts: { delayMs?: number } = {}): Promise<string> {
    const def = this.definition(name);
    const jobId = def.key?.(payload) ?? randomUUID();
    await this.queue.enqueue<Envelope>(name, { jobId, payload }, { jobId, delayMs: opts.delayMs });
    return jobId;
  }

  async cancel<N extends JobName>(name: N, jobId: string): Promise<boolean> {
    const local = this.running.get(`${name}:${jobId}`);
    if (local) {
      local.abort(new JobCancelled());
      return true;
    }
    return false;
  }

  /** Installs schedules and re-queues or fails work left unfinished; call once the queue has started. */
  async start(): Promise<void> {
    for (const s of this.schedules) {
      if (s.cron) await this.queue.schedule(s.job, s.cron, { jobId: `schedule:${s.id}`, payload: s.payload });
      else {
        const t = setInterval(() => void this.enqueueScheduled(s), s.everyMs);
        t.unref();
        this.intervals.push(t);
      }
    }
    for (const def of this.defs.values()) if (def.recovery) await this.recover(def);
  }

  async close(): Promise<void> {
    for (const t of this.intervals) clearInterval(t);
    this.shutdown.abort(new Error('shutting down'));
  }

  private async enqueueScheduled(s: ScheduleDefinition<string>) {
    try {
      await this.queue.enqueue<Envelope>(s.job, { jobId: `schedule:${s.id}`, payload: s.payload }, { jobId: `schedule:${s.id}` });
    } catch (err) {
      this.log.warn({ err, schedule: s.id }, 'could not queue a scheduled job');
    }
  }

  private async recover(def: JobDefinition<string>) {
    const recovery = def.recovery!;
    try {
      for (const item of await recovery.unfinished()) {
        if (item.state === 'queued' || recovery.running === 'requeue') await this.enqueue(def.name as JobName, item.payload as never);
        else if (recovery.running === 'fail') await recovery.fail?.(item.payload, 'the server restarted while this job was running');
      }
    } catch (err) {
      this.log.error({ err, job: def.name }, 'could not recover unfinished jobs');
    }
  }

  private definition(name: string): JobDefinition<string> {
    const def = this.defs.get(name);
    if (!def) throw new Error(`No job defined for "${name}"`);
    return def;
  }

  private async execute(def: JobDefinition<string>, env: Envelope): Promise<void> {
    const attempts = Math.max(1, def.attempts ?? 1);
    const slot = `${def.name}:${env.jobId}`;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const cancel = new AbortController();
      const signals = [cancel.signal, this.shutdown.signal];
      if (def.timeoutMs) signals.push(AbortSignal.timeout(def.timeoutMs));
      const signal = AbortSignal.any(signals);
      this.running.set(slot, cancel);
      try {
        const caller = systemCaller({ requestId: `job:${def.name}:${env.jobId}` });
        const run = def.run({ name: def.name, payload: env.payload, jobId: env.jobId, attempt, signal, caller });
        // A handler that ignores its signal still gives its slot back when the signal fires.
        await Promise.race([run, abortion(signal)]);
        return;
      } catch (err) {
        if (cancel.signal.aborted || this.shutdown.signal.aborted) return;
        const last = attempt === attempts;
        this.log[last ? 'error' : 'warn'](
          { err, job: def.name, jobId: env.jobId, attempt },
          last ? 'background job failed' : 'background job failed; retrying',
        );
        if (last) return;
        const base = def.backoff?.delayMs ?? 1000;
        const wait = def.backoff?.type === 'exponential' ? base * 2 ** (attempt - 1) : base;
        await sleep(wait, undefined, { signal: AbortSignal.any([cancel.signal, this.shutdown.signal]) }).catch(() => {});
        if (this.shutdown.signal.aborted) return;
      } finally {
        this.running.delete(slot);
      }
    }
  }
}

function abortion(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
