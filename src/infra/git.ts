import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Invalid } from '../kernel/errors.js';

/**
 * The `git` binary, spawned with argument arrays (never a shell), with a timeout, a size cap and
 * a scrubbed environment. Used by catalog locations, template repositories, scaffolds and IaC
 * module syncs: one place decides which URLs are allowed and how failures read.
 */
export interface GitOptions {
  allowFileUrls: boolean;
  timeoutMs: number;
  maxBytes: number;
}

/** git failed; `reason` is git's own message on one line (e.g. "repository '…' not found"). */
export class GitError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'GitError';
  }
}

const SCP_LIKE = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:[^\s]+$/;

/** Checks a repository URL: https, http, ssh, git (and file:// or a local path when allowed). */
export function assertGitUrl(url: string, allowFileUrls: boolean, field = 'url'): void {
  const fail = (why: string) => {
    throw new Invalid(`${field} ${why}`, [{ field, problem: why }]);
  };
  if (!url || url.length > 2048 || /[\s\0]/.test(url)) fail('must be a git repository URL without spaces');
  if (url.startsWith('-')) fail('must not start with "-"');
  if (SCP_LIKE.test(url) && !url.includes('::')) return;
  if (url.startsWith('/')) {
    if (!allowFileUrls) fail('may not be a local path (GIT_ALLOW_FILE_URLS is off)');
    return;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail('is not a valid URL');
  }
  const scheme = parsed.protocol.replace(/:$/, '');
  if (scheme === 'file') {
    if (!allowFileUrls) fail('may not be a file:// URL (GIT_ALLOW_FILE_URLS is off)');
    return;
  }
  if (!['https', 'http', 'ssh', 'git'].includes(scheme))
    fail(`has unsupported scheme "${scheme}" (use https, ssh or git${allowFileUrls ? ', or file://' : ''})`);
  if (!parsed.hostname) fail('has no host');
}

function protocolArgs(allowFileUrls: boolean): string[] {
  return [
    '-c',
    'protocol.allow=never',
    '-c',
    'protocol.https.allow=always',
    '-c',
    'protocol.http.allow=always',
    '-c',
    'protocol.ssh.allow=always',
    '-c',
    'protocol.git.allow=always',
    '-c',
    `protocol.file.allow=${allowFileUrls ? 'always' : 'never'}`,
    '-c',
    'core.hooksPath=/dev/null',
    '-c',
    'advice.detachedHead=false',
    '-c',
    'init.defaultBranch=main',
    '-c',
    'user.name=Hangar',
    '-c',
    'user.email=hangar@localhost',
  ];
}

function gitEnv(): NodeJS.ProcessEnv {
  // No server secrets in git's environment, and never an interactive prompt.
  return {
    PATH: process.env.PATH,
    HOME: tmpdir(),
    LANG: 'C',
    LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: 'true',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes -o ConnectTimeout=10',
  };
}

/** git's last meaningful stderr line, without credentials that may sit in a URL. */
function oneLineReason(stderr: string, fallback: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('hint:') && !/^Cloning into/.test(l));
  const line = lines.find((l) => l.startsWith('fatal:') || l.startsWith('error:')) ?? lines[lines.length - 1] ?? fallback;
  return line
    .replace(/^(fatal|error):\s*/, '')
    .replace(/\/\/[^/@\s]+@/g, '//***@')
    .slice(0, 500);
}

export function runGit(args: string[], opts: GitOptions & { cwd?: string; watchDir?: string }): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('git', [...protocolArgs(opts.allowFileUrls), ...args], { cwd: opts.cwd, env: gitEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killedFor: string | undefined;
    const kill = (why: string) => {
      killedFor ??= why;
      child.kill('SIGKILL');
    };
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.length > 16 * 1024 * 1024) kill('output too large');
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += d.toString();
    });
    const timer = setTimeout(() => kill(`timed out after ${Math.round(opts.timeoutMs / 1000)} s`), opts.timeoutMs);
    const sizeWatch = opts.watchDir
      ? setInterval(() => {
          dirSize(opts.watchDir!, opts.maxBytes).then(
            (n) => {
              if (n > opts.maxBytes) kill(`repository exceeds the size limit of ${opts.maxBytes} bytes`);
            },
            () => {},
          );
        }, 250)
      : undefined;
    child.on('error', (err) => {
      clearTimeout(timer);
      if (sizeWatch) clearInterval(sizeWatch);
      reject(new GitError((err as NodeJS.ErrnoException).code === 'ENOENT' ? 'git is not installed on the server' : err.message));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (sizeWatch) clearInterval(sizeWatch);
      if (killedFor) return reject(new GitError(killedFor));
      if (code !== 0) return reject(new GitError(oneLineReason(stderr, `git exited with code ${code}`)));
      resolvePromise(stdout);
    });
  });
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

/** Runs `fn` with a fresh temporary folder that is removed afterwards, whatever happens. */
export async function withTempDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `hangar-${prefix}-`));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function createGit(opts: GitOptions) {
  const run = (args: string[], extra: { cwd?: string; watchDir?: string } = {}) => runGit(args, { ...opts, ...extra });

  const hasHead = (gitDir: string) =>
    run(['-C', gitDir, 'rev-parse', '--verify', '--quiet', 'HEAD']).then(
      () => true,
      () => false,
    );

  return {
    options: opts,
    assertUrl: (url: string, field?: string) => assertGitUrl(url, opts.allowFileUrls, field),

    /** Shallow clone of `ref` (a branch or tag; the default branch when omitted) into `dir`. */
    async shallowClone(url: string, dir: string, ref?: string) {
      assertGitUrl(url, opts.allowFileUrls);
      const refArgs = ref ? ['--branch', ref] : [];
      await run(['clone', '--depth', '1', '--single-branch', '--no-tags', ...refArgs, '--', url, dir], { watchDir: dir });
      if (!ref && !(await hasHead(dir))) {
        // The remote's HEAD names a branch that does not exist (a bare repository created on
        // `master` that only ever received `main`): git checks out nothing. Take its real branch.
        const heads = (await run(['ls-remote', '--heads', '--', url]))
          .split('\n')
          .map((l) => l.split('\trefs/heads/')[1])
          .filter(Boolean) as string[];
        const branch = ['main', 'master'].find((b) => heads.includes(b)) ?? heads[0];
        if (branch) {
          await rm(dir, { recursive: true, force: true });
          await run(['clone', '--depth', '1', '--single-branch', '--no-tags', '--branch', branch, '--', url, dir], { watchDir: dir });
        }
      }
      const size = await dirSize(dir, opts.maxBytes);
      if (size > opts.maxBytes) throw new GitError(`repository exceeds the size limit of ${opts.maxBytes} bytes`);
    },

    /** Tag names of a remote repository (`git ls-remote --tags`), without peeled `^{}` entries. */
    async listTags(url: string): Promise<string[]> {
      assertGitUrl(url, opts.allowFileUrls);
      const out = await run(['ls-remote', '--tags', '--refs', '--', url]);
      return out
        .split('\n')
        .map((line) => line.split('\t')[1])
        .filter((ref): ref is string => !!ref && ref.startsWith('refs/tags/'))
        .map((ref) => ref.slice('refs/tags/'.length));
    },

    /**
     * Commits `files` on branch `branch` of the repository at `url` and pushes: an empty repository
     * gets its first commit, a non-empty one a new commit on top. Returns the new commit id.
     */
    async commitFiles(url: string, files: { path: string; content: string | Buffer }[], message: string, branch = 'main'): Promise<string> {
      assertGitUrl(url, opts.allowFileUrls);
      return withTempDir('push', async (dir) => {
        const heads = await run(['ls-remote', '--heads', '--', url, branch]);
        await run(['init', '--quiet', dir]);
        await run(['remote', 'add', 'origin', '--', url], { cwd: dir });
        if (heads.trim()) {
          await run(['fetch', '--depth', '1', 'origin', branch], { cwd: dir, watchDir: dir });
          await run(['checkout', '--quiet', '-B', branch, 'FETCH_HEAD'], { cwd: dir });
        } else {
          await run(['checkout', '--quiet', '--orphan', branch], { cwd: dir });
        }
        const root = resolve(dir) + sep;
        for (const f of files) {
          const target = resolve(dir, f.path);
          if (!target.startsWith(root) || target.startsWith(join(root, '.git') + sep)) throw new Invalid(`file path "${f.path}" leaves the repository`);
          await mkdir(dirname(target), { recursive: true });
          await writeFile(target, f.content);
        }
        await run(['add', '--all'], { cwd: dir });
        await run(['commit', '--quiet', '--allow-empty', '-m', message], { cwd: dir });
        await run(['push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`], { cwd: dir });
        // A fresh local repository (`git init --bare`) keeps HEAD on its own default branch (often
        // master), so a plain `git clone` of it would check nothing out: point HEAD at our branch.
        const local = url.startsWith('/') ? url : url.startsWith('file:') ? fileURLToPath(url) : undefined;
        if (local && !heads.trim() && !(await hasHead(local))) {
          await run(['--git-dir', local, 'symbolic-ref', 'HEAD', `refs/heads/${branch}`]).catch(() => undefined);
        }
        return (await run(['rev-parse', 'HEAD'], { cwd: dir })).trim();
      });
    },
  };
}

export type Git = ReturnType<typeof createGit>;
