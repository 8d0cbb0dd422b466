// A run's log in the browser: the lines read with the run (`logs`) and the live `pipeline.log` lines,
// merged without gaps or duplicates by each live line's index in `logs` (decision 720). Pure: the
// hook in ./pipelines.ts feeds it, the log view reads `lines`.

/** What a live line did to the log. `gap`: lines before it are missing (read the run again). */
export type LiveResult = 'appended' | 'duplicate' | 'gap';

// CSI sequences (colours, cursor moves) and OSC sequences (titles, links): what search and download skip.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

/** A line without its ANSI escape sequences. */
export const stripAnsi = (line: string) => (line.includes('\u001b') ? line.replace(ANSI, '') : line);

/** `logs` as lines (each line of `logs` ends with a newline). */
export function splitLogs(logs: string): string[] {
  if (logs === '') return [];
  const lines = logs.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export class LogBuffer {
  /** The lines in order: `lines[i]` is line `i` of the run's `logs`. */
  lines: string[] = [];
  private pending = new Map<number, string>();
  private plainCache: (string | undefined)[] = [];
  private snapshotChars = -1;

  /** Lines that arrived ahead of a missing one. */
  get hasGap(): boolean {
    return this.pending.size > 0;
  }

  /**
   * The run's `logs` as the server answered. It replaces what is held when it holds at least as
   * many lines (the server is the record); live lines beyond it stay. True when `lines` changed.
   */
  setSnapshot(logs: string): boolean {
    if (logs.length === this.snapshotChars) return false;
    this.snapshotChars = logs.length;
    const lines = splitLogs(logs);
    if (lines.length < this.lines.length) return false;
    const tail = this.lines.length > lines.length ? this.lines.slice(lines.length) : [];
    this.lines = lines.concat(tail);
    this.plainCache = [];
    this.drain();
    return true;
  }

  /** One live line with its index in `logs`. */
  addLive(index: number, line: string): LiveResult {
    if (!Number.isInteger(index) || index < 0 || index < this.lines.length) return 'duplicate';
    if (index > this.lines.length) {
      this.pending.set(index, line);
      return 'gap';
    }
    this.lines.push(line);
    this.drain();
    return 'appended';
  }

  private drain() {
    for (const key of this.pending.keys()) if (key < this.lines.length) this.pending.delete(key);
    for (let next = this.pending.get(this.lines.length); next !== undefined; next = this.pending.get(this.lines.length)) {
      this.pending.delete(this.lines.length);
      this.lines.push(next);
    }
  }

  /** Line `i` without ANSI sequences (cached: search reads it again for every query). */
  plain(i: number): string {
    let p = this.plainCache[i];
    if (p === undefined) {
      p = stripAnsi(this.lines[i] ?? '');
      this.plainCache[i] = p;
    }
    return p;
  }

  /** Indices of lines in [from, to) whose text contains `needle` (lower case), in order. */
  find(needle: string, from = 0, to = this.lines.length): number[] {
    const out: number[] = [];
    if (!needle) return out;
    for (let i = from; i < to; i++) if (this.plain(i).toLowerCase().includes(needle)) out.push(i);
    return out;
  }

  /** The whole log as a file: plain text, one line per line. */
  text(): string {
    let out = '';
    for (let i = 0; i < this.lines.length; i++) out += this.plain(i) + '\n';
    return out;
  }
}

/** Where `needle` (lower case) occurs in `text`: [start, end) ranges. */
export function matchRanges(text: string, needle: string): [number, number][] {
  const out: [number, number][] = [];
  if (!needle) return out;
  const hay = text.toLowerCase();
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length)) out.push([i, i + needle.length]);
  return out;
}
