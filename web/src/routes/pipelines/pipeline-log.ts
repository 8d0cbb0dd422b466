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
  private lowerCache: (string | undefined)[] = [];
  private snapshotChars = -1;
  /** Length of the held lines as `logs` holds them (each with its newline). */
  private chars = 0;

  /** Lines that arrived ahead of a missing one. */
  get hasGap(): boolean {
    return this.pending.size > 0;
  }

  /**
   * The run's `logs` as the server answered. The server is the record: a read with at least as many
   * lines as are held wins; live lines beyond it stay. Only what is new is split (whether a read
   * agrees with the held lines is one comparison), so the final read of a 100,000-line run does not
   * block the page. True when `lines` changed.
   */
  setSnapshot(logs: string): boolean {
    if (logs.length === this.snapshotChars) return false;
    this.snapshotChars = logs.length;
    if (logs.length < this.chars) return false; // an older read: fewer lines than held
    const held = this.lines.length;
    const lastLine = held ? this.lines[held - 1]! : '';
    const lastStart = this.chars - 1 - lastLine.length;
    const agrees =
      held === 0 ||
      (logs.charCodeAt(this.chars - 1) === 10 &&
        (lastStart === 0 || logs.charCodeAt(lastStart - 1) === 10) &&
        logs.startsWith(lastLine, lastStart));
    if (agrees) {
      if (this.chars < logs.length) for (const line of splitLogs(logs.slice(this.chars))) this.push(line);
    } else {
      const lines = splitLogs(logs);
      if (lines.length < held) return false;
      this.lines = [];
      this.chars = 0;
      this.plainCache = [];
      this.lowerCache = [];
      for (const line of lines) this.push(line);
    }
    this.drain();
    return this.lines.length !== held || !agrees;
  }

  private push(line: string) {
    this.lines.push(line);
    this.chars += line.length + 1;
  }

  /** One live line with its index in `logs`. */
  addLive(index: number, line: string): LiveResult {
    if (!Number.isInteger(index) || index < 0 || index < this.lines.length) return 'duplicate';
    if (index > this.lines.length) {
      this.pending.set(index, line);
      return 'gap';
    }
    this.push(line);
    this.drain();
    return 'appended';
  }

  /** Appends the waiting lines that now follow on. */
  private drain() {
    for (const key of this.pending.keys()) if (key < this.lines.length) this.pending.delete(key);
    for (
      let next = this.pending.get(this.lines.length);
      next !== undefined;
      next = this.pending.get(this.lines.length)
    ) {
      this.pending.delete(this.lines.length);
      this.push(next);
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
    for (let i = from; i < to; i++) {
      let lower = this.lowerCache[i];
      if (lower === undefined) this.lowerCache[i] = lower = this.plain(i).toLowerCase();
      if (lower.includes(needle)) out.push(i);
    }
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
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length))
    out.push([i, i + needle.length]);
  return out;
}
