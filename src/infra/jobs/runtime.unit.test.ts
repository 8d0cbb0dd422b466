import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessQueue } from '../queue/in-process.queue.js';
import type { JobDefinition, JobRun } from './catalog.js';
import { JobCancelled, JobsRuntime, JobTimedOut } from './runtime.js';

/** The job catalog's runtime over the in-process queue: retries, timeouts, dedup, cancel, schedules, recovery. */
const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

let open: { jobs: JobsRuntime; queue: InProcessQueue }[] = [];

function runtime() {
  const queue = new InProcessQueue(log);
  const jobs = new JobsRuntime(queue, log);
  open.push({ jobs, queue });
  return { jobs, queue, start: async () => (await queue.start(), await jobs.start(), await jobs.ready) };
}

// Names outside the typed catalog: the runtime sees them as plain strings.
const def = (d: Omit<JobDefinition<string>, 'run'> & { run(job: JobRun<string>): Promise<void> }) => d as never;
const anyJobs = (j: JobsRuntime) =>
  j as unknown as {
    enqueue(n: string, p: unknown, o?: { delayMs?: number }): Promise<string>;
    cancel(n: string, id: string): Promise<boolean>;
  };

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};

afterEach(async () => {
  for (const { jobs, queue } of open) {
    await jobs.close();
    await queue.close();
  }
  open = [];
});

describe('jobs runtime (in-process)', () => {
  it('runs a job as the system caller with its payload, id and attempt', async () => {
    const { jobs, start } = runtime();
    const seen: JobRun<string>[] = [];
    jobs.define(def({ name: 't.basic', key: (p: any) => `k-${p.n}`, run: async (job) => void seen.push(job) }));
    await start();
    const id = await anyJobs(jobs).enqueue('t.basic', { n: 1 });
    expect(id).toBe('k-1');
    await until(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ name: 't.basic', payload: { n: 1 }, jobId: 'k-1', attempt: 1 });
    expect(seen[0]!.caller.actor.kind).toBe('system');
  });

  it('retries a failing job with exponential backoff, then succeeds', async () => {
    const { jobs, start } = runtime();
    const at: number[] = [];
    jobs.define(
      def({
        name: 't.retry',
        attempts: 3,
        backoff: { type: 'exponential', delayMs: 50 },
        run: async ({ attempt }) => {
          at.push(Date.now());
          if (attempt < 3) throw new Error(`attempt ${attempt} fails`);
        },
      }),
    );
    await start();
    await anyJobs(jobs).enqueue('t.retry', {});
    await until(() => at.length === 3);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(45);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(95);
  });

  it('stops after its attempts', async () => {
    const { jobs, start } = runtime();
    let runs = 0;
    jobs.define(
      def({
        name: 't.fail',
        attempts: 2,
        backoff: { type: 'fixed', delayMs: 10 },
        run: async () => {
          runs++;
          throw new Error('no');
        },
      }),
    );
    await start();
    await anyJobs(jobs).enqueue('t.fail', {});
    await new Promise((r) => setTimeout(r, 150));
    expect(runs).toBe(2);
  });

  it('aborts an attempt on timeout and frees its slot even when the handler ignores its signal', async () => {
    const { jobs, start } = runtime();
    const reasons: unknown[] = [];
    const done: string[] = [];
    jobs.define(
      def({
        name: 't.slow',
        timeoutMs: 100,
        concurrency: 1,
        key: (p: any) => p.id,
        run: async ({ payload, signal }) => {
          signal.addEventListener('abort', () => reasons.push(signal.reason));
          if ((payload as any).id === 'stuck') await new Promise(() => {}); // never settles, ignores the signal
          done.push((payload as any).id);
        },
      }),
    );
    await start();
    await anyJobs(jobs).enqueue('t.slow', { id: 'stuck' });
    await anyJobs(jobs).enqueue('t.slow', { id: 'next' });
    await until(() => done.includes('next'), 2000);
    expect(reasons[0]).toBeInstanceOf(JobTimedOut);
  });

  it('deduplicates by key while waiting or running; a finished job may run again', async () => {
    const { jobs, start } = runtime();
    let runs = 0;
    let release!: () => void;
    jobs.define(
      def({
        name: 't.dedup',
        key: () => 'same',
        run: async () => {
          runs++;
          await new Promise<void>((r) => (release = r));
        },
      }),
    );
    await start();
    await anyJobs(jobs).enqueue('t.dedup', {});
    await until(() => runs === 1);
    await anyJobs(jobs).enqueue('t.dedup', {});
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(1);
    await anyJobs(jobs).enqueue('t.dedup', {});
    await until(() => runs === 2);
    release();
  });

  it('cancels a waiting job and aborts a running cancellable one without retrying it', async () => {
    const { jobs, start } = runtime();
    const ran: string[] = [];
    const reasons: unknown[] = [];
    jobs.define(
      def({
        name: 't.cancel',
        key: (p: any) => p.id,
        attempts: 3,
        cancellable: true,
        run: async ({ payload, signal }) => {
          ran.push((payload as any).id);
          await new Promise<void>((_, reject) =>
            signal.addEventListener('abort', () => (reasons.push(signal.reason), reject(signal.reason))),
          );
        },
      }),
    );
    jobs.define(def({ name: 't.stubborn', key: () => 'x', run: () => new Promise(() => {}) }));
    await start();
    await anyJobs(jobs).enqueue('t.cancel', { id: 'a' });
    await anyJobs(jobs).enqueue('t.cancel', { id: 'b' });
    await until(() => ran.length === 1);
    expect(await anyJobs(jobs).cancel('t.cancel', 'b')).toBe(true); // waiting: removed
    expect(await anyJobs(jobs).cancel('t.cancel', 'a')).toBe(true); // running: aborted
    expect(reasons[0]).toBeInstanceOf(JobCancelled);
    await new Promise((r) => setTimeout(r, 100));
    expect(ran).toEqual(['a']); // neither retried nor started
    expect(await anyJobs(jobs).cancel('t.cancel', 'nope')).toBe(false);
    await anyJobs(jobs).enqueue('t.stubborn', {});
    await new Promise((r) => setTimeout(r, 20));
    expect(await anyJobs(jobs).cancel('t.stubborn', 'x')).toBe(false); // not cancellable while it runs
  });

  it('runs interval schedules; a schedule without cron or interval is not installed; bad cron throws', async () => {
    const { jobs, start } = runtime();
    let runs = 0;
    jobs.define(def({ name: 't.tick', run: async () => void runs++ }));
    jobs.schedule({ id: 'tick', job: 't.tick', payload: {}, everyMs: 30 } as never);
    jobs.schedule({ id: 'off', job: 't.tick', payload: {} } as never);
    expect(() => jobs.schedule({ id: 'bad', job: 't.tick', payload: {}, cron: 'not a cron' } as never)).toThrow();
    await start();
    await until(() => runs >= 3, 2000);
  });

  it('recovers unfinished work as declared: queued re-queued, running failed / re-queued / kept', async () => {
    const { jobs, start } = runtime();
    const ran: string[] = [];
    const failed: string[] = [];
    const unfinished = async () => [
      { payload: { id: 'q' }, state: 'queued' as const },
      { payload: { id: 'r' }, state: 'running' as const },
    ];
    for (const running of ['fail', 'requeue', 'keep'] as const) {
      jobs.define(
        def({
          name: `t.rec-${running}`,
          key: (p: any) => p.id,
          run: async ({ payload }) => void ran.push(`${running}:${(payload as any).id}`),
          recovery: {
            unfinished,
            running,
            fail: async (p: any, reason: string) => void failed.push(`${running}:${p.id}:${reason}`),
          },
        }),
      );
    }
    await start();
    await until(() => ran.length === 4);
    expect(ran.sort()).toEqual(['fail:q', 'keep:q', 'requeue:q', 'requeue:r']);
    expect(failed).toEqual(['fail:r:the server stopped while this job was running']);
    expect(() =>
      jobs.define(def({ name: 't.nokey', run: async () => {}, recovery: { unfinished, running: 'fail' } })),
    ).toThrow(/key/);
  });

  it('aborts running jobs at shutdown', async () => {
    const { jobs, queue, start } = runtime();
    let aborted = false;
    jobs.define(
      def({
        name: 't.long',
        run: ({ signal }) =>
          new Promise((_, reject) => signal.addEventListener('abort', () => ((aborted = true), reject(signal.reason)))),
      }),
    );
    await start();
    await anyJobs(jobs).enqueue('t.long', {});
    await new Promise((r) => setTimeout(r, 30));
    expect((await queue.depths())['t.long']).toBe(1);
    await jobs.close();
    await queue.close();
    expect(aborted).toBe(true);
    open = [];
  });
});
