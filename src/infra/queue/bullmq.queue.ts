import { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Unavailable } from '../../kernel/errors.js';
import { closeRedis, createRedis } from '../redis.js';
import type { JobHandler, JobOptions, JobQueue } from './queue.js';

/** Jobs in Redis through BullMQ: shared by every process of a deployment, surviving restarts. */
export class BullmqQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly handlers = new Map<string, { handler: JobHandler<any>; concurrency: number }>();
  private readonly workers: Worker[] = [];
  private readonly workerConnections: Redis[] = [];

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    // Adds fail after a few retries when Redis is away (a 503 for the caller, not a hung request);
    // workers' blocking connections below retry forever, as BullMQ requires.
    this.connection = createRedis(redisUrl);
  }

  define<T>(name: string, handler: JobHandler<T>, opts: { concurrency?: number } = {}) {
    this.handlers.set(name, { handler, concurrency: opts.concurrency ?? 1 });
  }

  private queue(name: string): Queue {
    if (!this.handlers.has(name)) throw new Error(`No job handler defined for "${name}"`);
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.connection, prefix: `${this.prefix}:bull` });
      this.queues.set(name, q);
    }
    return q;
  }

  async enqueue<T>(name: string, data: T, opts: JobOptions = {}) {
    try {
      await this.add(name, data, opts);
    } catch (err) {
      this.log.error({ err, job: name }, 'could not enqueue job');
      throw new Unavailable('The job queue (Redis) is unavailable; try again later');
    }
  }

  private async add<T>(name: string, data: T, opts: JobOptions) {
    const queue = this.queue(name);
    if (opts.jobId) {
      // BullMQ ignores an add whose id it still holds, even a finished or failed job: the dedup
      // promised by JobQueue is only against waiting and running jobs, so clear finished ones.
      const existing = await queue.getJob(opts.jobId);
      if (existing && ((await existing.isFailed()) || (await existing.isCompleted()))) await existing.remove().catch(() => {});
    }
    await queue.add(name, data, {
      jobId: opts.jobId,
      delay: opts.delayMs,
      removeOnComplete: true,
      removeOnFail: 1000,
    });
  }

  async schedule(name: string, cron: string, data: unknown = {}) {
    await this.queue(name).upsertJobScheduler(`schedule:${name}`, { pattern: cron }, { name, data, opts: { removeOnComplete: true, removeOnFail: 100 } });
  }

  async depths() {
    const out: Record<string, number> = {};
    for (const name of this.handlers.keys()) {
      const counts = await this.queue(name).getJobCounts('waiting', 'delayed', 'active', 'prioritized');
      out[name] = Object.values(counts).reduce((a, b) => a + b, 0);
    }
    return out;
  }

  async start() {
    for (const [name, { handler, concurrency }] of this.handlers) {
      const connection = createRedis(this.redisUrl, { maxRetriesPerRequest: null });
      this.workerConnections.push(connection);
      const worker = new Worker(name, async (job) => handler(job.data), {
        connection,
        prefix: `${this.prefix}:bull`,
        concurrency,
      });
      worker.on('failed', (job, err) => this.log.error({ err, job: name, jobId: job?.id }, 'background job failed'));
      worker.on('error', (err) => this.log.error({ err, job: name }, 'queue worker error'));
      this.workers.push(worker);
    }
  }

  async close() {
    // Graceful when Redis is there (running jobs finish); bounded when it is not, since BullMQ's
    // close waits for a connection that may never come back.
    const bounded = (p: Promise<unknown>, ms: number) => Promise.race([p.catch(() => {}), new Promise((r) => setTimeout(r, ms).unref())]);
    await Promise.all(this.workers.map((w, i) => (this.workerConnections[i]!.status === 'ready' ? bounded(w.close(), 30_000) : bounded(w.close(true), 1_000))));
    await Promise.all([...this.queues.values()].map((q) => bounded(q.close(), 5_000)));
    await Promise.all([this.connection, ...this.workerConnections].map(closeRedis));
  }
}
