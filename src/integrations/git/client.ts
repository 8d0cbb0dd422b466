import { mkdirSync, mkdtempSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from '../process.js';
import { GitError } from './git.port.js';

/**
 * The raw protocol: the `git` binary, spawned with argument arrays (never a shell), in its own
 * process group (a timeout or a cancel kills git and every helper it started, e.g.
 * `git-remote-http`), with an isolated configuration and a scrubbed environment.
 */
export interface RunOptions {
  timeoutMs: number;
  maxBytes: number;
  allowFileUrls: boolean;
  /** The empty HOME git runs with (see `gitHome`). */
  home: string;
  cwd?: string;
  /** A folder whose size is watched against `maxBytes` while git runs (a clone's target). */
  watchDir?: string;
  signal?: AbortSignal;
  /** Extra `-c` settings for this call (e.g. pinning a host to the addresses that were checked). */
  config?: string[];
}

/**
 * Settings given on every call: they win over any file git might still read. Only the named
 * transports run; hooks, fsmonitor, credential helpers and redirects are off.
 */
export function hardeningArgs(allowFileUrls: boolean): string[] {
  const settings = [
    'protocol.allow=never',
    'protocol.https.allow=always',
    'protocol.http.allow=always',
    'protocol.ssh.allow=always',
    'protocol.git.allow=always',
    `protocol.file.allow=${allowFileUrls ? 'always' : 'never'}`,
    'core.hooksPath=/dev/null',
    'core.fsmonitor=false',
    'core.untrackedCache=false',
    // An empty value resets the list of credential helpers.
    'credential.helper=',
    'http.followRedirects=false',
    'submodule.recurse=false',
    'core.askPass=true',
    'advice.detachedHead=false',
    'init.defaultBranch=main',
    'user.name=Hangar',
    'user.email=hangar@localhost',
    'commit.gpgSign=false',
    'tag.gpgSign=false',
  ];
  return settings.flatMap((s) => ['-c', s]);
}

let sharedHome: string | undefined;

/**
 * An empty folder the service owns, used as git's HOME and XDG_CONFIG_HOME: nothing planted on the
 * machine (a `.gitconfig` in the temp folder or the user's home) reaches git. One per process.
 */
export function gitHome(): string {
  if (!sharedHome) {
    sharedHome = mkdtempSync(join(tmpdir(), 'hangar-git-home-'));
    mkdirSync(join(sharedHome, '.config'), { recursive: true, mode: 0o700 });
  }
  return sharedHome;
}

export function gitEnv(home: string): NodeJS.ProcessEnv {
  // No server secrets or proxies in git's environment, no machine-wide configuration, no prompt.
  return {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    LANG: 'C',
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ATTR_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: 'true',
    SSH_ASKPASS: 'true',
    GIT_SSH_COMMAND: 'ssh -F /dev/null -o BatchMode=yes -o ConnectTimeout=10 -o StrictHostKeyChecking=accept-new',
  };
}

/** Connection diagnostics (refused, timed out, TLS, DNS, HTTP statuses): never quoted to users. */
const CONNECTION =
  /unable to access|failed to connect|could not resolve|couldn't connect|connection (refused|timed out|reset|closed)|timed out|network is unreachable|no route to host|empty reply|recv failure|ssl|tls|certificate|ssh: connect|could not read from remote repository|getaddrinfo|name or service not known|temporary failure in name resolution|host key verification|port \d+|the remote end hung up|early eof|rpc failed|unexpected disconnect|http\/\d|returned error/i;

/** git's last meaningful stderr line, without credentials that may sit in a URL, and without connection details. */
export function oneLineReason(stderr: string, fallback: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('hint:') && !/^Cloning into/.test(l));
  const line =
    lines.find((l) => l.startsWith('fatal:') || l.startsWith('error:')) ?? lines[lines.length - 1] ?? fallback;
  if (CONNECTION.test(line)) return 'the repository could not be reached';
  return line
    .replace(/^(fatal|error):\s*/, '')
    .replace(/\/\/[^/@\s]+@/g, '//***@')
    .slice(0, 500);
}

/** What git prints on stdout (tags, refs) is small; more than this is refused. */
const MAX_STDOUT = 16 * 1024 * 1024;

/** Runs git through the one process-group runner (decision 515); rejects with a `GitError` naming why. */
export async function runGit(args: string[], opts: RunOptions): Promise<string> {
  if (opts.signal?.aborted) throw new GitError('cancelled');
  // The size watch stops git through the same signal as a cancel, with its own reason.
  const tooLarge = new AbortController();
  const sizeWatch = opts.watchDir
    ? setInterval(() => {
        dirSize(opts.watchDir!, opts.maxBytes).then(
          (n) => {
            if (n > opts.maxBytes)
              tooLarge.abort(new GitError(`repository exceeds the size limit of ${opts.maxBytes} bytes`));
          },
          () => {},
        );
      }, 250)
    : undefined;
  try {
    const r = await runProcess({
      file: 'git',
      args: [...hardeningArgs(opts.allowFileUrls), ...(opts.config ?? []).flatMap((c) => ['-c', c]), ...args],
      cwd: opts.cwd,
      env: gitEnv(opts.home),
      signal: opts.signal ? AbortSignal.any([opts.signal, tooLarge.signal]) : tooLarge.signal,
      timeoutMs: opts.timeoutMs,
      maxStdoutBytes: MAX_STDOUT,
      maxStderrBytes: 64 * 1024,
    });
    if (r.error) throw new GitError(r.error.code === 'ENOENT' ? 'git is not installed on the server' : r.error.message);
    if (r.stopped?.why === 'timeout') throw new GitError(`timed out after ${Math.round(opts.timeoutMs / 1000)} s`);
    if (r.stopped?.why === 'output') throw new GitError('output too large');
    if (r.stopped?.why === 'aborted') {
      const reason = r.stopped.reason;
      if (reason instanceof GitError) throw reason;
      throw new GitError(reason instanceof Error && /timed out/.test(reason.message) ? 'timed out' : 'cancelled');
    }
    if (r.exitCode !== 0) throw new GitError(oneLineReason(r.stderr, `git exited with code ${r.exitCode}`));
    return r.stdout;
  } finally {
    if (sizeWatch) clearInterval(sizeWatch);
  }
}

/** Total bytes below `dir`, stopping early once past `cap`. */
export async function dirSize(dir: string, cap = Number.MAX_SAFE_INTEGER): Promise<number> {
  let total = 0;
  const stack = [dir];
  while (stack.length && total <= cap) {
    const current = stack.pop()!;
    const entries = await readdir(current, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const p = join(current, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile()) total += (await stat(p).catch(() => ({ size: 0 }))).size;
    }
  }
  return total;
}
