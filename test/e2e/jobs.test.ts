import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobRun } from '../../src/infra/jobs/catalog.js';
import { JobCancelled, JobsRuntime, JobTimedOut } from '../../src/infra/jobs/runtime.js';
import { BullmqQueue } from '../../src/infra/queue/bullmq.queue.js';
import { waitUntil } from '../helpers/free-port.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';
import { TEST_REDIS_URL } from '../helpers/test-env.js';

/**
 * The job catalog's runtime on real Redis with two processes' worth of runtimes sharing one key
 * prefix, as a scaled-out deployment runs them: once per cluster, schedules, cancel across
 * processes, timeouts, retries, and recovery of a dead process's job.
 */
const log = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {} } as unknown as FastifyBaseLogger;
const opened: { jobs: JobsRuntime; queue: BullmqQueue }[] = [];

function node(prefix: string) {
  const queue = new BullmqQueue(TEST_REDIS_URL, prefix, log, { lockDurationMs: 1000, stalledIntervalMs: 500 });
  const jobs = new JobsRuntime(queue, log);
  const entry = { jobs, queue };
  opened.push(entry);
  return {
    jobs,
    queue,
    async start() {
      await queue.start();
      await jobs.start();
      await jobs.ready;
    },
  };
}
const cluster = () => {
  const prefix = `hangar-jobs-${randomBytes(4).toString('hex')}`;
  return [node(prefix), node(prefix)] as const;
};

// Job names outside the typed catalog.
const def = (d: Record<string, unknown> & { name: string; run(job: JobRun<string>): Promise<void> }) => d as never;
const api = (j: JobsRuntime) =>
  j as unknown as { enqueue(n: string, p: unknown): Promise<string>; cancel(n: string, id: string): Promise<boolean> };

afterAll(async () => {
  for (const { jobs, queue } of opened) {
    await jobs.close();
    await queue.close();
  }
});

describe('jobs on Redis, two processes', () => {
  it('runs each job exactly once per cluster and deduplicates by key', async () => {
    const [a, b] = cluster();
    const runs: string[] = [];
    for (const n of [a, b])
      n.jobs.define(
        def({
          name: 'e.once',
          concurrency: 3,
          key: (p: any) => p.id,
          run: async ({ payload }) => void runs.push((payload as any).id),
        }),
      );
    for (let i = 0; i < 20; i++) {
      await api(a.jobs).enqueue('e.once', { id: `j${i}` });
      await api(b.jobs).enqueue('e.once', { id: `j${i}` }); // same key while waiting: no second job
    }
    await Promise.all([a.start(), b.start()]);
    await waitUntil(async () => runs.length >= 20, 15_000, 'twenty runs');
    await new Promise((r) => setTimeout(r, 300));
    expect(runs.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `j${i}`).sort());
    // A finished job may run again.
    await api(b.jobs).enqueue('e.once', { id: 'j0' });
    await waitUntil(async () => runs.length === 21, 10_000, 'a second run of j0');
  });

  it('fires a schedule once per cluster, not once per process', async () => {
    const [a, b] = cluster();
    const fired: number[] = [];
    for (const n of [a, b]) {
      n.jobs.define(def({ name: 'e.tick', run: async () => void fired.push(Date.now()) }));
      n.jobs.schedule({ id: 'e-tick', job: 'e.tick', payload: {}, everyMs: 400 } as never);
    }
    await Promise.all([a.start(), b.start()]);
    await new Promise((r) => setTimeout(r, 2300));
    expect(fired.length).toBeGreaterThanOrEqual(3);
    expect(fired.length).toBeLessThanOrEqual(7);
    const sorted = [...fired].sort((x, y) => x - y);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThan(200);
  });

  it('removes schedules no process declares any more', async () => {
    const [a] = cluster();
    a.jobs.define(def({ name: 'e.old', run: async () => {} }));
    await a.queue.schedule('gone', 'e.old', { everyMs: 60_000 }, {});
    await a.queue.schedule('kept', 'e.old', { cron: '0 3 * * *' }, {});
    a.jobs.schedule({ id: 'kept', job: 'e.old', payload: {}, cron: '0 3 * * *' } as never);
    await a.start();
    const q = (
      a.queue as unknown as {
        queue(n: string): { getJobSchedulers(s: number, e: number): Promise<{ key: string; id?: string | null }[]> };
      }
    ).queue('e.old');
    expect((await q.getJobSchedulers(0, -1)).map((s) => s.id ?? s.key)).toEqual(['kept']);
  });

  it('cancel from process A aborts the job process B runs; a waiting job is removed', async () => {
    const [a, b] = cluster();
    const reasons: unknown[] = [];
    let runs = 0;
    const job = def({
      name: 'e.cancel',
      key: (p: any) => p.id,
      attempts: 3,
      cancellable: true,
      run: async ({ signal }) => {
        runs++;
        await new Promise((_, reject) =>
          signal.addEventListener('abort', () => (reasons.push(signal.reason), reject(signal.reason))),
        );
      },
    });
    a.jobs.define(job);
    b.jobs.define(job);
    await b.start(); // only B works; A (its workers not started) only asks
    await api(a.jobs).enqueue('e.cancel', { id: 'long' });
    await api(a.jobs).enqueue('e.cancel', { id: 'queued' });
    await waitUntil(async () => runs === 1, 10_000, 'B to start the job');
    expect(await api(a.jobs).cancel('e.cancel', 'queued')).toBe(true);
    expect(await api(a.jobs).cancel('e.cancel', 'long')).toBe(true);
    await waitUntil(async () => reasons.length === 1, 10_000, 'the abort to reach B');
    expect(reasons[0]).toBeInstanceOf(JobCancelled);
    await new Promise((r) => setTimeout(r, 500));
    expect(runs).toBe(1); // not retried, and the queued one never started
    expect(await api(a.jobs).cancel('e.cancel', 'unknown')).toBe(false);
  });

  it('a timed-out attempt frees its slot even when the handler ignores the signal', async () => {
    const [a] = cluster();
    const done: string[] = [];
    const reasons: unknown[] = [];
    a.jobs.define(
      def({
        name: 'e.slow',
        key: (p: any) => p.id,
        timeoutMs: 300,
        concurrency: 1,
        run: async ({ payload, signal }) => {
          signal.addEventListener('abort', () => reasons.push(signal.reason));
          if ((payload as any).id === 'stuck') await new Promise(() => {});
          done.push((payload as any).id);
        },
      }),
    );
    await a.start();
    await api(a.jobs).enqueue('e.slow', { id: 'stuck' });
    await api(a.jobs).enqueue('e.slow', { id: 'next' });
    await waitUntil(async () => done.includes('next'), 10_000, 'the next job');
    expect(reasons[0]).toBeInstanceOf(JobTimedOut);
  });

  it('retries with backoff (BullMQ attempts)', async () => {
    const [a, b] = cluster();
    const at: number[] = [];
    const job = def({
      name: 'e.retry',
      attempts: 3,
      backoff: { type: 'exponential', delayMs: 200 },
      run: async ({ attempt }) => {
        at.push(Date.now());
        if (attempt < 3) throw new Error('flaky');
      },
    });
    a.jobs.define(job);
    b.jobs.define(job);
    await Promise.all([a.start(), b.start()]);
    await api(a.jobs).enqueue('e.retry', {});
    await waitUntil(async () => at.length === 3, 15_000, 'three attempts');
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(190);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(390);
  });

  it('fails a dead process’s job as declared, and never touches a live process’s job at start', async () => {
    const prefix = `hangar-jobs-${randomBytes(4).toString('hex')}`;
    const failed: string[] = [];
    let started = 0;
    const make = (unfinished: { payload: { id: string }; state: 'running' }[]) =>
      def({
        name: 'e.recover',
        key: (p: any) => p.id,
        concurrency: 2,
        run: async () => {
          started++;
          await new Promise(() => {}); // runs until its process dies
        },
        recovery: {
          unfinished: async () => unfinished,
          running: 'fail',
          fail: async (p: any) => void failed.push(p.id),
        },
      });
    const b = node(prefix);
    b.jobs.define(make([]));
    await b.start();
    await api(b.jobs).enqueue('e.recover', { id: 'alive' });
    await waitUntil(async () => started === 1, 10_000, 'B to run the job');
    // A starts while B is alive and its module reports the job as running: A must leave it alone.
    const a = node(prefix);
    a.jobs.define(make([{ payload: { id: 'alive' }, state: 'running' }]));
    await a.start();
    await new Promise((r) => setTimeout(r, 1500));
    expect(failed).toEqual([]);
    // B dies (no graceful close: its lock lapses); A's stalled check fails the job through the declaration.
    const workers = (b.queue as unknown as { workers: { close(force: boolean): Promise<void> }[] }).workers;
    await Promise.all(workers.map((w) => w.close(true)));
    await waitUntil(async () => failed.length === 1, 15_000, 'the stalled job to be failed');
    expect(failed).toEqual(['alive']);
  }, 30_000);
});

describe('jobs when Redis stalls', () => {
  it('an enqueue Redis never answers gets 503 within its deadline (REDIS_COMMAND_TIMEOUT_MS), not a hung request (decision 525)', async () => {
    const target = new URL(TEST_REDIS_URL);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const queue = new BullmqQueue(proxy.urlFor(TEST_REDIS_URL), `hangar-jobs-${randomBytes(4).toString('hex')}`, log, {
      enqueueTimeoutMs: 500,
    });
    const jobs = new JobsRuntime(queue, log);
    opened.push({ jobs, queue });
    jobs.define(def({ name: 'e.later', concurrency: 1, run: async () => {} }));
    await api(jobs).enqueue('e.later', { n: 1 });
    try {
      proxy.blackhole(); // connections stay open, nothing comes back
      const started = Date.now();
      await expect(api(jobs).enqueue('e.later', { n: 2 })).rejects.toMatchObject({ statusCode: 503 });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      proxy.resume();
      await proxy.close();
    }
  });
});
