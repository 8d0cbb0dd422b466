import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DiffOutcome } from '../diff/serialise.js';
import type { AnalyseResult } from './analyse.js';
import type { SpecFormat } from './parse.js';

export type WorkerRequest =
  | { id: number; kind: 'analyse'; text: string; declared?: SpecFormat }
  | { id: number; kind: 'diff'; format: SpecFormat; older: string; newer: string; now: number; maxBytes: number };
export type WorkerResponse = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

type Task = { msg: WorkerRequest; timeoutMs: number; resolve(v: unknown): void; reject(e: Error): void };
interface Slot {
  worker: Worker;
  task?: Task;
  timer?: NodeJS.Timeout;
}

/**
 * The compiled worker (dist/…/spec.worker.js) runs as is; under tsx or vitest the source file is
 * TypeScript, so a small bootstrap registers tsx's loader inside the worker first.
 */
function spawn(heapMb: number): Worker {
  // Decision 310: the old generation is capped (V8 collects sooner as it nears the cap, so the
  // thread's memory follows what it holds, not its past peaks), and the young generation kept at
  // 8 MB semi-spaces: parsing megabytes of JSON allocates fast, and V8's default of up to 16 MB
  // semi-spaces per thread stays resident. A task that needs more than the cap ends its worker
  // (ERR_WORKER_OUT_OF_MEMORY): the caller gets a WorkerFailure, the pool a fresh worker.
  const resourceLimits = { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 24 };
  const js = new URL('./spec.worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return new Worker(js, { resourceLimits });
  const ts = new URL('./spec.worker.ts', import.meta.url).href;
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return new Worker(
    `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(ts)}); })`,
    { eval: true, resourceLimits },
  );
}

export class WorkerFailure extends Error {}
/** The task overran its time budget (its worker was terminated and replaced). */
export class WorkerTimeout extends WorkerFailure {}

/**
 * A small pool of worker threads, started on first use. A task that overruns `timeoutMs` (a
 * pathological document) terminates its worker, which is replaced; its caller gets a WorkerFailure.
 */
export class SpecWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly timeoutMs = 60_000,
    /** old-generation heap of each worker (decision 310) */
    private readonly heapMb = 384,
  ) {}

  /** Starts every worker now (production), so the first registration does not pay for thread start-up. */
  start() {
    while (!this.closed && this.slots.length < this.size) this.add();
  }

  analyse(text: string, declared?: SpecFormat): Promise<AnalyseResult> {
    return this.run({ id: this.nextId++, kind: 'analyse', text, declared }) as Promise<AnalyseResult>;
  }

  /** A diff within its budget: at most `maxBytes` of entries, at most `timeoutMs` of work (else a WorkerTimeout). */
  diff(
    format: SpecFormat,
    older: string,
    newer: string,
    budget: { maxBytes: number; timeoutMs: number },
    now = Date.now(),
  ): Promise<DiffOutcome> {
    const msg: WorkerRequest = {
      id: this.nextId++,
      kind: 'diff',
      format,
      older,
      newer,
      now,
      maxBytes: budget.maxBytes,
    };
    return this.run(msg, budget.timeoutMs) as Promise<DiffOutcome>;
  }

  private run(msg: WorkerRequest, timeoutMs = this.timeoutMs): Promise<unknown> {
    if (this.closed) return Promise.reject(new WorkerFailure('the specification workers are shut down'));
    return new Promise((resolve, reject) => {
      this.queue.push({ msg, timeoutMs, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot && this.slots.length < this.size) slot = this.add();
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.task = task;
      slot.timer = setTimeout(
        () => this.fail(slot!, new WorkerTimeout('the specification took too long to process')),
        task.timeoutMs,
      );
      slot.worker.postMessage(task.msg);
    }
  }

  private add(): Slot {
    const slot: Slot = { worker: spawn(this.heapMb) };
    slot.worker.unref();
    slot.worker.on('message', (res: WorkerResponse) => {
      const task = slot.task;
      if (!task || task.msg.id !== res.id) return;
      clearTimeout(slot.timer);
      slot.task = undefined;
      if (res.ok) task.resolve(res.value);
      else task.reject(new WorkerFailure(res.error));
      this.pump();
    });
    slot.worker.on('error', (err) =>
      this.fail(slot, new WorkerFailure(`specification worker failed: ${err.message.slice(0, 200)}`)),
    );
    slot.worker.on('exit', () => this.fail(slot, new WorkerFailure('specification worker exited')));
    this.slots.push(slot);
    return slot;
  }

  /** Rejects the slot's task, drops the worker (terminated if still running) and lets the queue go on. */
  private fail(slot: Slot, err: Error) {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = undefined;
    void slot.worker.terminate();
    task?.reject(err);
    if (!this.closed) this.pump();
  }

  async close() {
    this.closed = true;
    const down = () => new WorkerFailure('the specification workers are shut down');
    for (const task of this.queue.splice(0)) task.reject(down());
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      clearTimeout(slot.timer);
      slot.task?.reject(down());
      slot.task = undefined;
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
