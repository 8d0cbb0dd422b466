import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * HCL parsing off the main thread: hcl2json is a Go program compiled to WASM that takes seconds on
 * a large module and would stall every request of the process meanwhile. A small pool of worker
 * threads is started on first use (not at start: the WASM costs memory) and stopped when idle.
 */

// Plain CommonJS evaluated in the worker, so it runs the same under tsx, vitest and the built dist/.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { parse } = require(workerData.hcl2json);
parentPort.on('message', (m) => {
  parse(m.name, m.content).then(
    (json) => parentPort.postMessage({ id: m.id, json }),
    (err) => parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) }),
  );
});
`;

interface Task {
  id: number;
  name: string;
  content: string;
  resolve(json: Record<string, unknown>): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | undefined;
  timer: NodeJS.Timeout | undefined;
}

export class HclParseFailure extends Error {}

export class HclPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly modulePath = createRequire(import.meta.url).resolve('@cdktf/hcl2json');

  constructor(
    private readonly size: number,
    /** One file's parse limit: a hostile file must not hold a worker forever. */
    private readonly taskTimeoutMs = 60_000,
    /** Workers (and their WASM memory) are released after this long without work. */
    private readonly idleMs = 30_000,
  ) {}

  /** hcl2json's JSON of one HCL file; rejects with `HclParseFailure` (git-free, user-readable). */
  parse(name: string, content: string): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, name, content, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    for (const t of this.queue.splice(0)) t.reject(new Error('HCL parser stopped'));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private pump() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.task = task;
      slot.timer = setTimeout(
        () =>
          this.fail(
            slot!,
            new HclParseFailure(`${task.name}: parsing took longer than ${this.taskTimeoutMs / 1000} s`),
          ),
        this.taskTimeoutMs,
      );
      slot.worker.postMessage({ id: task.id, name: task.name, content: task.content });
    }
    if (this.slots.every((s) => !s.task) && this.slots.length > 0) {
      this.idleTimer = setTimeout(() => void this.close(), this.idleMs);
      this.idleTimer.unref();
    }
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { hcl2json: this.modulePath } });
    // Idle workers must not keep the process alive.
    worker.unref();
    const slot: Slot = { worker, task: undefined, timer: undefined };
    worker.on('message', (m: { id: number; json?: Record<string, unknown>; error?: string }) => {
      const task = slot.task;
      if (!task || task.id !== m.id) return;
      this.finish(slot);
      if (m.error !== undefined)
        task.reject(new HclParseFailure(`${task.name}: ${m.error.replace(/\s+/g, ' ').trim().slice(0, 400)}`));
      else task.resolve(m.json ?? {});
      this.pump();
    });
    worker.on('error', (err) =>
      this.fail(slot, new HclParseFailure(`${slot.task?.name ?? 'HCL'}: parser crashed (${err.message})`)),
    );
    worker.on('exit', () => {
      if (this.slots.includes(slot))
        this.fail(slot, new HclParseFailure(`${slot.task?.name ?? 'HCL'}: parser stopped`));
    });
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.task = undefined;
  }

  /** A worker that crashed or hung is replaced; its task fails, the others go on. */
  private fail(slot: Slot, err: Error) {
    const task = slot.task;
    this.finish(slot);
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    void slot.worker.terminate();
    task?.reject(err);
    this.pump();
  }
}
