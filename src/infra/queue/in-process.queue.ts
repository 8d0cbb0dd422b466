import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler, JobOptions, JobQueue } from './queue.js';

interface Lane {
  handler: JobHandler<any>;
  concurrency: number;
  waiting: { id?: string; data: unknown }[];
  activeIds: Set<string>;
  active: number;
}

/** The queue of a single process (no Redis): FIFO per job name, bounded concurrency, croner schedules. */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly lanes = new Map<string, Lane>();
  private readonly crons: Cron[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private started = false;
  private closed = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  define<T>(name: string, handler: JobHandler<T>, opts: { concurrency?: number } = {}) {
    this.lanes.set(name, { handler, concurrency: opts.concurrency ?? 1, waiting: [], activeIds: new Set(), active: 0 });
  }

  async enqueue<T>(name: string, data: T, opts: JobOptions = {}) {
    const lane = this.lane(name);
    if (this.closed) return;
    if (opts.jobId && (lane.activeIds.has(opts.jobId) || lane.waiting.some((j) => j.id === opts.jobId))) return;
    const add = () => {
      lane.waiting.push({ id: opts.jobId, data });
      this.pump(name, lane);
    };
    if (opts.delayMs && opts.delayMs > 0) {
      const t = setTimeout(() => {
        this.timers.delete(t);
        add();
      }, opts.delayMs);
      this.timers.add(t);
    } else add();
  }

  async schedule(name: string, cron: string, data: unknown = {}) {
    this.lane(name);
    this.crons.push(new Cron(cron, { protect: true }, () => void this.enqueue(name, data, { jobId: `cron:${name}` })));
  }

  async depths() {
    const out: Record<string, number> = {};
    for (const [name, lane] of this.lanes) out[name] = lane.waiting.length + lane.active;
    return out;
  }

  async start() {
    this.started = true;
    for (const [name, lane] of this.lanes) this.pump(name, lane);
  }

  async close() {
    this.closed = true;
    for (const c of this.crons) c.stop();
    for (const t of this.timers) clearTimeout(t);
    for (const lane of this.lanes.values()) lane.waiting.length = 0;
    await Promise.allSettled([...this.running]);
  }

  private lane(name: string): Lane {
    const lane = this.lanes.get(name);
    if (!lane) throw new Error(`No job handler defined for "${name}"`);
    return lane;
  }

  private pump(name: string, lane: Lane) {
    while (this.started && !this.closed && lane.active < lane.concurrency && lane.waiting.length > 0) {
      const job = lane.waiting.shift()!;
      lane.active++;
      if (job.id) lane.activeIds.add(job.id);
      const run = lane
        .handler(job.data)
        .catch((err) => this.log.error({ err, job: name }, 'background job failed'))
        .finally(() => {
          lane.active--;
          if (job.id) lane.activeIds.delete(job.id);
          this.running.delete(run);
          this.pump(name, lane);
        });
      this.running.add(run);
    }
  }
}
