import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';

/** SIGTERM first; what is still alive this long after gets SIGKILL (decision 611). */
export const KILL_GRACE_MS = 10_000;
/** A "line" longer than this without a newline is passed on in pieces. */
const MAX_LINE = 64 * 1024;

export interface CommandResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Set when `signal` aborted the command (cancel, timeout, shutdown): its reason. */
  aborted: unknown;
  /** A spawn failure (e.g. ENOENT). */
  error?: Error;
}

/** Whether `bin` is an executable file in one of `path`'s folders. */
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

function killGroup(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(-pid, sig);
  } catch {
    // the group is already gone
  }
}

/**
 * Runs `file args` (an argument array, never a shell string built from input) in its own process
 * group with exactly `env`, streaming stdout and stderr line by line into `onLine`. When `signal`
 * aborts, the whole group gets SIGTERM, then SIGKILL after KILL_GRACE_MS. When the command itself
 * exits, anything it left running in its group is killed too, so no stage outlives its step.
 */
export function runCommand(opts: {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  signal: AbortSignal;
  onLine: (line: string) => void;
  killGraceMs?: number;
  /** Run as this user and group (script stages, decision 208). */
  uid?: number;
  gid?: number;
}): Promise<CommandResult> {
  return new Promise((resolve) => {
    let aborted: unknown;
    let settled = false;
    const child = spawn(opts.file, opts.args, {
      cwd: opts.cwd,
      env: opts.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.gid } : {}),
    });
    let killTimer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      aborted = opts.signal.reason ?? new Error('aborted');
      if (child.pid === undefined) return;
      killGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => child.pid !== undefined && killGroup(child.pid, 'SIGKILL'), opts.killGraceMs ?? KILL_GRACE_MS);
      killTimer.unref();
    };
    if (opts.signal.aborted) onAbort();
    else opts.signal.addEventListener('abort', onAbort, { once: true });

    const pipeLines = (stream: NodeJS.ReadableStream) => {
      const decoder = new StringDecoder('utf8');
      let partial = '';
      const emit = (text: string) => {
        partial += text;
        let nl: number;
        while ((nl = partial.indexOf('\n')) >= 0) {
          opts.onLine(partial.slice(0, nl).replace(/\r$/, ''));
          partial = partial.slice(nl + 1);
        }
        while (partial.length > MAX_LINE) {
          opts.onLine(partial.slice(0, MAX_LINE));
          partial = partial.slice(MAX_LINE);
        }
      };
      stream.on('data', (chunk: Buffer) => emit(decoder.write(chunk)));
      stream.on('end', () => {
        emit(decoder.end());
        if (partial) opts.onLine(partial.replace(/\r$/, ''));
        partial = '';
      });
    };
    pipeLines(child.stdout!);
    pipeLines(child.stderr!);

    const finish = (result: CommandResult) => {
      if (settled) return;
      settled = true;
      opts.signal.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      resolve(result);
    };
    child.once('error', (error) => finish({ exitCode: null, signal: null, aborted, error }));
    // Background processes of the step would keep the pipes (and so 'close') open: end them.
    child.once('exit', () => child.pid !== undefined && killGroup(child.pid, 'SIGKILL'));
    child.once('close', (exitCode, signal) => finish({ exitCode, signal, aborted }));
  });
}
