import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import {
  backoffDelay,
  NoRetry,
  type JobHandler,
  type JobOptions,
  type JobQueue,
  type JobState,
  type LaneOptions,
  type ScheduleSpec,
} from './queue.js';

interface Entry {
  id: string;
  data: unknown;
  attempt: number;
}

interface Lane {
  handler: JobHandler<any>;
  opts: LaneOptions;
  waiting: Entry[];
  /** The ids in `waiting`: a backlog of thousands must not cost a scan per enqueue (decision 1098). */
  waitingIds: Set<string>;
  /** Jobs waiting for their delay or for their next attempt's backoff. */
  delayed: Map<string, NodeJS.Timeout>;
  activeIds: Set<string>;
  active: number;
}

/**
 * The queue of a single process (no Redis): FIFO per job name, bounded concurrency, attempts with
 * backoff, croner and interval schedules. Nothing survives the process: the job catalog's recovery
 * declarations re-queue what modules recorded as unfinished.
 */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  readonly durable = false;
  private readonly lanes = new Map<string, Lane>();
  private readonly schedules = new Map<string, { stop(): void }>();
  private readonly running = new Set<Promise<void>>();
  private cancelListener: (name: string, jobId: string) => void = () => {};
  private started = false;
  private closed = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  define<T>(name: string, handler: JobHandler<T>, opts: LaneOptions = {}) {
    this.lanes.set(name, {
      handler,
      opts,
      waiting: [],
      waitingIds: new Set(),
      delayed: new Map(),
      activeIds: new Set(),
      active: 0,
    });
  }

  async enqueue<T>(name: string, data: T, opts: JobOptions = {}) {
    const lane = this.lane(name);
    if (this.closed) return;
    const id = opts.jobId ?? randomUUID();
    if (this.holds(lane, id)) return;
    this.put(name, lane, { id, data, attempt: 1 }, opts.delayMs ?? 0);
  }

  async schedule(id: string, name: string, spec: ScheduleSpec, data: unknown = {}) {
    this.lane(name);
    this.schedules.get(id)?.stop();
    // A fire while the previous one still runs or waits is skipped (the job id is the schedule's).
    const fire = () => void this.enqueue(name, data, { jobId: `schedule-${id}` });
    if (spec.cron) {
      const cron = new Cron(spec.cron, { protect: true }, fire);
      this.schedules.set(id, { stop: () => cron.stop() });
    } else if (spec.everyMs) {
      const t = setInterval(fire, spec.everyMs);
      t.unref();
      this.schedules.set(id, { stop: () => clearInterval(t) });
    }
  }

  async pruneSchedules(keep: ReadonlySet<string>) {
    for (const [id, s] of this.schedules) {
      if (keep.has(id)) continue;
      s.stop();
      this.schedules.delete(id);
    }
  }

  async state(name: string, jobId: string): Promise<JobState> {
    const lane = this.lane(name);
    if (lane.activeIds.has(jobId)) return 'active';
    if (lane.delayed.has(jobId)) return 'delayed';
    if (lane.waitingIds.has(jobId)) return 'waiting';
    return 'missing';
  }

  async remove(name: string, jobId: string) {
    const lane = this.lane(name);
    const timer = lane.delayed.get(jobId);
    if (timer) {
      clearTimeout(timer);
      lane.delayed.delete(jobId);
      return true;
    }
    if (!lane.waitingIds.has(jobId)) return false;
    lane.waiting.splice(
      lane.waiting.findIndex((j) => j.id === jobId),
      1,
    );
    lane.waitingIds.delete(jobId);
    return true;
  }

  async broadcastCancel(name: string, jobId: string) {
    this.cancelListener(name, jobId);
  }

  onCancel(listener: (name: string, jobId: string) => void) {
    this.cancelListener = listener;
  }

  async depths() {
    const out: Record<string, number> = {};
    for (const [name, lane] of this.lanes) out[name] = lane.waiting.length + lane.delayed.size + lane.active;
    return out;
  }

  async start() {
    this.started = true;
    for (const [name, lane] of this.lanes) this.pump(name, lane);
  }

  async close() {
    this.closed = true;
    for (const s of this.schedules.values()) s.stop();
    for (const lane of this.lanes.values()) {
      for (const t of lane.delayed.values()) clearTimeout(t);
      lane.delayed.clear();
      lane.waiting.length = 0;
      lane.waitingIds.clear();
    }
    await Promise.allSettled([...this.running]);
  }

  private holds(lane: Lane, id: string) {
    return lane.activeIds.has(id) || lane.delayed.has(id) || lane.waitingIds.has(id);
  }

  private put(name: string, lane: Lane, entry: Entry, delayMs: number) {
    if (delayMs <= 0) {
      lane.waiting.push(entry);
      lane.waitingIds.add(entry.id);
      this.pump(name, lane);
      return;
    }
    const t = setTimeout(() => {
      lane.delayed.delete(entry.id);
      if (this.closed) return;
      lane.waiting.push(entry);
      lane.waitingIds.add(entry.id);
      this.pump(name, lane);
    }, delayMs);
    lane.delayed.set(entry.id, t);
  }

  private lane(name: string): Lane {
    const lane = this.lanes.get(name);
    if (!lane) throw new Error(`No job handler defined for "${name}"`);
    return lane;
  }

  private pump(name: string, lane: Lane) {
    while (this.started && !this.closed && lane.active < (lane.opts.concurrency ?? 1) && lane.waiting.length > 0) {
      const job = lane.waiting.shift()!;
      lane.waitingIds.delete(job.id);
      lane.active++;
      lane.activeIds.add(job.id);
      let retryIn: number | undefined;
      const run = lane
        .handler(job.data, { jobId: job.id, attempt: job.attempt })
        .catch((err: unknown) => {
          const attempts = Math.max(1, lane.opts.attempts ?? 1);
          const last = err instanceof NoRetry || job.attempt >= attempts || this.closed;
          this.log[last ? 'error' : 'warn'](
            { err, job: name, jobId: job.id, attempt: job.attempt },
            last ? 'background job failed' : 'background job failed; retrying',
          );
          if (!last) retryIn = backoffDelay(lane.opts.backoff, job.attempt);
        })
        .finally(() => {
          lane.active--;
          lane.activeIds.delete(job.id);
          this.running.delete(run);
          // The retry keeps the job's id held (delayed), so the same key cannot be queued twice meanwhile.
          if (retryIn !== undefined && !this.closed)
            this.put(name, lane, { ...job, attempt: job.attempt + 1 }, retryIn);
          this.pump(name, lane);
        });
      this.running.add(run);
    }
  }
}
