import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';

/**
 * The one process-group runner (decision 515): every binary the server spawns (git, the OCI build
 * tools, script stages) goes through `runProcess`. An argument array, never a shell string; its own
 * process group, so an abort or a timeout ends the binary and every helper it started; output
 * captured up to a bound.
 */
export interface RunProcessOptions {
  file: string;
  /** Arguments as given to the binary; callers put `--` before values a user chose. */
  args: readonly string[];
  cwd?: string;
  /** Exactly the environment the binary sees (nothing of the server's is inherited). */
  env: Record<string, string | undefined>;
  /** Aborting kills the group; the result's `stopped` is `{why: 'aborted', reason}`. */
  signal?: AbortSignal;
  /** Kills the group after this long; the result's `stopped` is `{why: 'timeout'}`. */
  timeoutMs?: number;
  /** SIGTERM first and SIGKILL this long after; 0 (the default) sends SIGKILL at once. */
  killGraceMs?: number;
  /** Run as this user and group. */
  uid?: number;
  gid?: number;
  /** Each line of stdout and stderr as it comes (long lines in pieces of 64 KiB). */
  onLine?: (line: string) => void;
  /** Bytes of stdout kept in the result (default 0); more output kills the group (`{why: 'output'}`). */
  maxStdoutBytes?: number;
  /** Bytes of stderr kept in the result (default 0); later stderr is dropped. */
  maxStderrBytes?: number;
}

export interface ProcessResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the runner killed the group, and why. */
  stopped?: { why: 'aborted'; reason: unknown } | { why: 'timeout' } | { why: 'output' };
  /** The binary could not be started (e.g. ENOENT). */
  error?: NodeJS.ErrnoException;
  stdout: string;
  stderr: string;
}

/** The grace pipeline commands (script stages, the build tools) get between SIGTERM and SIGKILL (decision 611). */
export const STAGE_KILL_GRACE_MS = 10_000;

/** A "line" longer than this without a newline is passed on in pieces. */
const MAX_LINE = 64 * 1024;

/** The executable file `bin` in one of `path`'s folders, if any. */
export async function findOnPath(bin: string, path: string): Promise<string | undefined> {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, bin);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/** Signals a detached child's whole process group. */
function killGroup(pid: number | undefined, sig: NodeJS.Signals) {
  if (!pid) return;
  try {
    process.kill(-pid, sig);
  } catch {
    // the group is already gone
  }
}

/** Splits a stream into lines for `onLine`. */
function lineSplitter(onLine: (line: string) => void) {
  const decoder = new StringDecoder('utf8');
  let partial = '';
  const push = (text: string) => {
    partial += text;
    let nl: number;
    while ((nl = partial.indexOf('\n')) >= 0) {
      onLine(partial.slice(0, nl).replace(/\r$/, ''));
      partial = partial.slice(nl + 1);
    }
    while (partial.length > MAX_LINE) {
      onLine(partial.slice(0, MAX_LINE));
      partial = partial.slice(MAX_LINE);
    }
  };
  return {
    write: (chunk: Buffer) => push(decoder.write(chunk)),
    end() {
      push(decoder.end());
      if (partial) onLine(partial.replace(/\r$/, ''));
      partial = '';
    },
  };
}

/** Keeps at most `max` bytes of a stream; `write` answers false once more was offered. */
function boundedBuffer(max: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    write(chunk: Buffer): boolean {
      const room = max - size;
      if (room > 0) {
        const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
        chunks.push(part);
        size += part.length;
      }
      return chunk.length <= room;
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

/**
 * Runs `file args` detached (its own process group) with exactly `env`. Resolves (never rejects)
 * when the binary has exited and its output is read. On abort, timeout or too much output the whole
 * group is killed; when the binary exits, whatever it left running in its group is killed too.
 */
export function runProcess(opts: RunProcessOptions): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const stdout = boundedBuffer(opts.maxStdoutBytes ?? 0);
    const stderr = boundedBuffer(opts.maxStderrBytes ?? 0);
    if (opts.signal?.aborted) {
      resolve({
        exitCode: null,
        signal: null,
        stopped: { why: 'aborted', reason: opts.signal.reason },
        stdout: '',
        stderr: '',
      });
      return;
    }
    const child = spawn(opts.file, [...opts.args], {
      cwd: opts.cwd,
      env: opts.env,
      detached: true,
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.gid } : {}),
    });
    let stopped: ProcessResult['stopped'];
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (why: NonNullable<ProcessResult['stopped']>) => {
      if (stopped) return;
      stopped = why;
      const grace = opts.killGraceMs ?? 0;
      if (grace <= 0) return killGroup(child.pid, 'SIGKILL');
      killGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), grace);
      killTimer.unref();
    };
    const onAbort = () => stop({ why: 'aborted', reason: opts.signal?.reason });
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = opts.timeoutMs !== undefined ? setTimeout(() => stop({ why: 'timeout' }), opts.timeoutMs) : undefined;

    const outLines = opts.onLine ? lineSplitter(opts.onLine) : undefined;
    const errLines = opts.onLine ? lineSplitter(opts.onLine) : undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      outLines?.write(chunk);
      if (!stdout.write(chunk) && opts.maxStdoutBytes !== undefined) stop({ why: 'output' });
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errLines?.write(chunk);
      stderr.write(chunk);
    });
    child.stdout.on('end', () => outLines?.end());
    child.stderr.on('end', () => errLines?.end());

    let settled = false;
    const finish = (result: Omit<ProcessResult, 'stdout' | 'stderr' | 'stopped'>) => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener('abort', onAbort);
      if (timer) clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      resolve({ ...result, ...(stopped ? { stopped } : {}), stdout: stdout.text(), stderr: stderr.text() });
    };
    child.once('error', (error: NodeJS.ErrnoException) => finish({ exitCode: null, signal: null, error }));
    // Background processes of the binary would keep the pipes (and so 'close') open: end them.
    child.once('exit', () => killGroup(child.pid, 'SIGKILL'));
    child.once('close', (exitCode, signal) => finish({ exitCode, signal }));
  });
}

/** "exited with code 1" or "was killed by SIGKILL", for a reason shown to users. */
export function howItEnded(r: Pick<ProcessResult, 'exitCode' | 'signal'>): string {
  return r.exitCode === null ? `was killed by ${r.signal}` : `exited with code ${r.exitCode}`;
}
