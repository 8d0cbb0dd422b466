import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Unavailable } from '../../kernel/errors.js';
import { closeRedis, createRedis, loadRedisDriver } from '../redis.js';
import {
  NoRetry,
  type JobHandler,
  type JobOptions,
  type JobQueue,
  type JobState,
  type LaneOptions,
  type ScheduleSpec,
} from './queue.js';

// This module is itself loaded only with Redis (queue/index.ts), so the driver comes with it.
await loadRedisDriver();

/** BullMQ's knobs for noticing a dead process's jobs (its lock lapses, a stalled check finds it). */
export interface BullmqTimings {
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** How long an enqueue may wait for Redis before the caller gets 503 (REDIS_COMMAND_TIMEOUT_MS). */
  enqueueTimeoutMs?: number;
}

/** What is stored in Redis: the caller's data and the caller's job id (BullMQ ids have rules of their own). */
interface Stored {
  d: unknown;
  id?: string;
}

const STALLED_FAILURE = 'job stalled more than allowable limit';

/**
 * BullMQ refuses ids that are integers or hold ":" (its scheduler ids become `repeat:<id>:<ms>`):
 * such ids are stored base64url-encoded, deterministically, so deduplication still holds.
 */
export function bullmqId(id: string): string {
  if (!id.includes(':') && `${parseInt(id, 10)}` !== id) return id;
  return `b64-${Buffer.from(id).toString('base64url')}`;
}

/** Jobs in Redis through BullMQ: shared by every process of a deployment, surviving restarts. */
export class BullmqQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  readonly durable = true;
  private readonly connection: Redis;
  private subscriber: Redis | undefined;
  private readonly queues = new Map<string, Queue>();
  private readonly lanes = new Map<string, { handler: JobHandler<any>; opts: LaneOptions }>();
  private readonly workers: Worker[] = [];
  private readonly workerConnections: Redis[] = [];
  private cancelListener: (name: string, jobId: string) => void = () => {};
  private readonly channel: string;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
    private readonly timings: BullmqTimings = {},
  ) {
    // Adds fail after a few retries when Redis is away (a 503 for the caller, not a hung request);
    // workers' blocking connections below retry forever, as BullMQ requires.
    this.connection = createRedis(redisUrl);
    this.channel = `${prefix}:jobs:cancel`;
  }

  define<T>(name: string, handler: JobHandler<T>, opts: LaneOptions = {}) {
    this.lanes.set(name, { handler, opts });
  }

  private queue(name: string): Queue {
    if (!this.lanes.has(name)) throw new Error(`No job handler defined for "${name}"`);
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.connection, prefix: `${this.prefix}:bull` });
      q.on('error', (err) => this.log.error({ err, job: name }, 'job queue error'));
      this.queues.set(name, q);
    }
    return q;
  }

  /** Retries are BullMQ's own: attempts and backoff travel with each job. */
  private retryOptions(name: string) {
    const { attempts, backoff } = this.lanes.get(name)!.opts;
    return {
      attempts: Math.max(1, attempts ?? 1),
      ...(backoff ? { backoff: { type: backoff.type, delay: backoff.delayMs } } : {}),
      removeOnComplete: true,
      removeOnFail: 1000,
    };
  }

  async enqueue<T>(name: string, data: T, opts: JobOptions = {}) {
    // BullMQ waits for its connection to be ready before an add, without limit: an add that starts
    // while the connection is reconnecting (Redis just went away) would hang until Redis is back. So
    // the add has a deadline; past it the caller gets 503 (decision 525). An add still waiting may
    // land once Redis returns; job handlers already treat a job whose record is gone as done.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Redis did not take the job within ${this.enqueueTimeoutMs} ms`)),
        this.enqueueTimeoutMs,
      );
    });
    try {
      await Promise.race([this.add(name, data, opts), deadline]);
    } catch (err) {
      this.log.error({ err, job: name }, 'could not enqueue job');
      throw new Unavailable('The job queue (Redis) is unavailable; try again later');
    } finally {
      clearTimeout(timer);
    }
  }

  private get enqueueTimeoutMs() {
    return this.timings.enqueueTimeoutMs ?? 5_000;
  }

  private async add<T>(name: string, data: T, opts: JobOptions) {
    const queue = this.queue(name);
    const jobId = opts.jobId ? bullmqId(opts.jobId) : undefined;
    if (jobId) {
      // BullMQ ignores an add whose id it still holds, even a finished or failed job: the dedup
      // promised by JobQueue is only against waiting and running jobs, so clear finished ones.
      const existing = await queue.getJob(jobId);
      if (existing && ((await existing.isFailed()) || (await existing.isCompleted())))
        await existing.remove().catch(() => {});
    }
    const stored: Stored = { d: data, ...(opts.jobId ? { id: opts.jobId } : {}) };
    await queue.add(name, stored, { ...this.retryOptions(name), jobId, delay: opts.delayMs });
  }

  async schedule(id: string, name: string, spec: ScheduleSpec, data: unknown = {}) {
    const repeat = spec.cron ? { pattern: spec.cron } : { every: spec.everyMs! };
    const { attempts, backoff } = this.retryOptions(name);
    await this.queue(name).upsertJobScheduler(bullmqId(id), repeat, {
      name,
      data: { d: data } satisfies Stored,
      opts: { attempts, ...(backoff ? { backoff } : {}), removeOnComplete: true, removeOnFail: 100 },
    });
  }

  async pruneSchedules(keep: ReadonlySet<string>) {
    const wanted = new Set([...keep].map(bullmqId));
    for (const name of this.lanes.keys()) {
      const queue = this.queue(name);
      for (const s of await queue.getJobSchedulers(0, -1)) {
        const id = s.id ?? s.key;
        if (!wanted.has(id)) await queue.removeJobScheduler(id);
      }
    }
  }

  async state(name: string, jobId: string): Promise<JobState> {
    const job = await this.queue(name).getJob(bullmqId(jobId));
    if (!job) return 'missing';
    const state = await job.getState();
    if (state === 'waiting' || state === 'prioritized' || state === 'waiting-children') return 'waiting';
    if (state === 'delayed' || state === 'active' || state === 'completed' || state === 'failed') return state;
    return 'missing';
  }

  async remove(name: string, jobId: string) {
    const job = await this.queue(name).getJob(bullmqId(jobId));
    if (!job) return false;
    const state = await job.getState();
    if (!['waiting', 'prioritized', 'delayed', 'waiting-children'].includes(state)) return false;
    try {
      await job.remove();
      return true;
    } catch {
      // It became active meanwhile (a locked job cannot be removed).
      return false;
    }
  }

  async broadcastCancel(name: string, jobId: string) {
    await this.connection.publish(this.channel, JSON.stringify({ name, jobId }));
  }

  onCancel(listener: (name: string, jobId: string) => void) {
    this.cancelListener = listener;
  }

  async depths() {
    const out: Record<string, number> = {};
    for (const name of this.lanes.keys()) {
      const counts = await this.queue(name).getJobCounts('waiting', 'delayed', 'active', 'prioritized');
      out[name] = Object.values(counts).reduce((a, b) => a + b, 0);
    }
    return out;
  }

  async start() {
    this.subscriber = createRedis(this.redisUrl, { maxRetriesPerRequest: null });
    this.subscriber.on('message', (channel, message) => {
      if (channel !== this.channel) return;
      try {
        const { name, jobId } = JSON.parse(message) as { name: string; jobId: string };
        if (typeof name === 'string' && typeof jobId === 'string') this.cancelListener(name, jobId);
      } catch {
        // Not ours: ignored.
      }
    });
    // Not awaited: with Redis away the subscription waits for it (and ioredis re-subscribes after a
    // reconnect); the server's start must not.
    this.subscriber
      .subscribe(this.channel)
      .catch((err) => this.log.error({ err }, 'could not subscribe to job cancellations'));
    for (const [name, { handler, opts }] of this.lanes) {
      const connection = createRedis(this.redisUrl, { maxRetriesPerRequest: null });
      this.workerConnections.push(connection);
      const worker = new Worker(name, (job: Job<Stored>) => this.process(handler, job), {
        connection,
        prefix: `${this.prefix}:bull`,
        concurrency: opts.concurrency ?? 1,
        // A job whose process died: run again (a few times at most), or fail at once.
        maxStalledCount: opts.stalled === 'fail' ? 0 : opts.stalled === 'requeue' ? 5 : 1,
        ...(this.timings.lockDurationMs ? { lockDuration: this.timings.lockDurationMs } : {}),
        ...(this.timings.stalledIntervalMs ? { stalledInterval: this.timings.stalledIntervalMs } : {}),
      });
      worker.on('failed', (job, err) => {
        this.log.error({ err, job: name, jobId: job?.id }, 'background job failed');
        // Exactly one worker of the cluster picks a job failed for stalling: it reports it.
        if (job && err?.message === STALLED_FAILURE) opts.onStalled?.((job.data as Stored).d, true);
      });
      worker.on('stalled', (jobId) => {
        this.log.warn({ job: name, jobId }, 'a job stalled (its process stopped) and was put back in the queue');
      });
      worker.on('error', (err) => this.log.error({ err, job: name }, 'queue worker error'));
      this.workers.push(worker);
    }
  }

  private async process(handler: JobHandler<any>, job: Job<Stored>) {
    try {
      await handler(job.data.d, { jobId: job.data.id ?? job.id!, attempt: job.attemptsMade + 1 });
    } catch (err) {
      if (err instanceof NoRetry) throw new UnrecoverableError(err.message);
      throw err;
    }
  }

  async close() {
    // Graceful when Redis is there (running jobs finish); bounded when it is not, since BullMQ's
    // close waits for a connection that may never come back.
    const bounded = (p: Promise<unknown>, ms: number) =>
      Promise.race([p.catch(() => {}), new Promise((r) => setTimeout(r, ms).unref())]);
    await Promise.all(
      this.workers.map((w, i) =>
        this.workerConnections[i]!.status === 'ready' ? bounded(w.close(), 30_000) : bounded(w.close(true), 1_000),
      ),
    );
    await Promise.all([...this.queues.values()].map((q) => bounded(q.close(), 5_000)));
    await Promise.all(
      [this.connection, ...this.workerConnections, ...(this.subscriber ? [this.subscriber] : [])].map(closeRedis),
    );
  }
}
