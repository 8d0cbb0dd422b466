import type { StageResultRow } from '../../db/schema/pipelines.js';

/** A stage result keeps this much of the end of its stage's output. */
export const STAGE_OUTPUT_BYTES = 64 * 1024;
/** Persist at least this often while a stage runs (decision 611: at least once a second). */
export const FLUSH_EVERY_MS = 500;

export interface RunLogSink {
  /** Persists `chunk` and the stage results; false when the run is no longer `running`. */
  persist(chunk: string, bytes: number, results: StageResultRow[]): Promise<boolean>;
  /** `index`: the line's 0-based position in the run's `logs` (decision 720). */
  emit(stageId: string, stageName: string, line: string, index: number): void;
}

/** How many lines a run's `logs` already holds (each line ends with a newline). */
export function countLines(logs: string): number {
  let n = 0;
  for (let i = logs.indexOf('\n'); i >= 0; i = logs.indexOf('\n', i + 1)) n++;
  return n;
}

/** The end of a string, at most `max` UTF-8 bytes (decision 611: a stage's last 64 KiB), cut on a character boundary. */
export function tail(text: string, max: number) {
  if (text.length * 3 <= max) return text;
  const buf = Buffer.from(text);
  if (buf.length <= max) return text;
  let start = buf.length - max;
  // Skip UTF-8 continuation bytes so the tail starts on a whole character.
  while (start < buf.length && (buf[start]! & 0xc0) === 0x80) start++;
  return buf.subarray(start).toString();
}

/**
 * A run's output while it executes: lines go to the stage's tail (its result `output`), to `logs`
 * (up to the run's byte budget, then one line saying output was dropped) and to `pipeline.log`
 * events. Writes are batched and flushed at least once a second; a flush that finds the run no
 * longer `running` calls `onStopped` (the run was cancelled, possibly by another process).
 */
export class RunLog {
  private pending = '';
  private pendingBytes = 0;
  private dropped = false;
  private stageTail = '';
  private stage: { id: string; name: string } | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly sink: RunLogSink,
    private readonly results: StageResultRow[],
    private usedBytes: number,
    private readonly maxBytes: number,
    private readonly onStopped: () => void,
    /** Lines `logs` held when this log started (the next line's index). */
    private lines = 0,
  ) {}

  /** Starts a stage: its lines are attributed to it and its output tail starts empty. */
  beginStage(id: string, name: string) {
    this.stage = { id, name };
    this.stageTail = '';
    this.timer ??= setInterval(() => void this.flush(), FLUSH_EVERY_MS);
  }

  /** The stage's output so far (last 64 KiB). */
  output() {
    return tail(this.stageTail, STAGE_OUTPUT_BYTES);
  }

  line(text: string) {
    const stage = this.stage ?? { id: '', name: '' };
    this.stageTail += text + '\n';
    if (this.stageTail.length > 2 * STAGE_OUTPUT_BYTES) this.stageTail = tail(this.stageTail, STAGE_OUTPUT_BYTES);
    if (this.dropped) return;
    const bytes = Buffer.byteLength(text) + 1;
    if (this.usedBytes + bytes > this.maxBytes) {
      this.dropped = true;
      const notice = `[hangar] output dropped: this run's log reached PIPELINE_LOG_MAX_BYTES (${this.maxBytes} bytes); the stage keeps running`;
      this.append(notice, Buffer.byteLength(notice) + 1);
      this.sink.emit(stage.id, stage.name, notice, this.lines++);
      return;
    }
    this.append(text, bytes);
    this.sink.emit(stage.id, stage.name, text, this.lines++);
  }

  private append(text: string, bytes: number) {
    this.pending += text + '\n';
    this.pendingBytes += bytes;
    this.usedBytes += bytes;
  }

  /** Writes what is pending (one write at a time, in order). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.stopped) return;
      const chunk = this.pending;
      const bytes = this.pendingBytes;
      this.pending = '';
      this.pendingBytes = 0;
      try {
        const running = await this.sink.persist(chunk, bytes, this.results);
        if (!running) {
          this.stopped = true;
          // Keep the lines for the caller's final write of a stopped run.
          this.pending = chunk + this.pending;
          this.pendingBytes += bytes;
          this.onStopped();
        }
      } catch {
        // A failed write is retried with the next flush.
        this.pending = chunk + this.pending;
        this.pendingBytes += bytes;
      }
    });
    return this.flushing;
  }

  /** What a stopped run still has to write: the caller writes it with its final update. */
  takePending(): { chunk: string; bytes: number } {
    const out = { chunk: this.pending, bytes: this.pendingBytes };
    this.pending = '';
    this.pendingBytes = 0;
    return out;
  }

  async close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flushing;
  }
}
