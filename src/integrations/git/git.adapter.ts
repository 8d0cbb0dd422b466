import { mkdir, rm, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withTempDir } from '../../infra/temp-dir.js';
import { Invalid } from '../../kernel/errors.js';
import { dirSize, gitHome, runGit } from './client.js';
import { GitError, GitUrlRefused, type Git, type GitCallOptions, type GitCommit, type GitOptions } from './git.port.js';
import {
  assertGitUrl,
  checkGitUrl,
  dnsResolver,
  normalisedGitUrl,
  urlHost,
  type Resolver,
  type UrlPolicy,
} from './url-policy.js';

/**
 * A branch or tag a user chose, refused when git could read it as an option (decision 515; git's own
 * ref-name rules refuse a leading "-" too, but only after parsing it).
 */
function refName(ref: string): string {
  if (ref.startsWith('-')) throw new GitError(`the branch or tag "${ref}" must not start with "-"`);
  return ref;
}

type RunExtra = { cwd?: string; watchDir?: string; signal?: AbortSignal; config?: string[] };
type AdapterOptions = GitOptions & { resolver?: Resolver; home?: string };

/**
 * The real adapter: the `git` binary (client.ts) behind the URL policy (url-policy.ts). The verbs
 * come in groups over one shared toolkit (decision 1200).
 */
export function createGit(opts: AdapterOptions): Git {
  const kit = gitToolkit(opts);
  return {
    options: opts,
    assertUrl: (url, field) => assertGitUrl(url, kit.policy, field),
    checkUrl: async (url, field) => {
      await checkGitUrl(url, kit.policy, field, kit.resolver);
    },
    ...readVerbs(kit, opts.maxBytes),
    ...historyVerbs(kit),
  };
}

type Toolkit = ReturnType<typeof gitToolkit>;

/** What every verb uses: git run with the adapter's limits, the URL guard, a HEAD check and a shallow clone. */
function gitToolkit(opts: AdapterOptions) {
  const policy: UrlPolicy = {
    allowFileUrls: opts.allowFileUrls,
    localRoot: opts.localRoot,
    allowedHosts: opts.allowedHosts ?? [],
  };
  const resolver = opts.resolver ?? dnsResolver;
  const home = opts.home ?? gitHome();
  const run = (args: string[], extra: RunExtra = {}) =>
    runGit(args, {
      timeoutMs: opts.timeoutMs,
      maxBytes: opts.maxBytes,
      allowFileUrls: opts.allowFileUrls,
      home,
      ...extra,
    });

  /**
   * The policy, again at the moment of the network call (a stored URL may predate a setting, a DNS
   * name may have changed). For http(s), git is pinned to the addresses just checked, so a second
   * DNS answer (rebinding) cannot send it elsewhere. Git is handed the normalised URL that was
   * checked, never the raw string (decision 200).
   */
  async function guard(raw: string): Promise<{ url: string; config: string[] }> {
    const config = await pinning(raw, policy, resolver);
    return { url: normalisedGitUrl(raw), config };
  }

  const hasHead = (gitDir: string) =>
    run(['-C', gitDir, 'rev-parse', '--verify', '--quiet', 'HEAD']).then(
      () => true,
      () => false,
    );

  async function clone(url: string, dir: string, ref: string | undefined, config: string[], signal?: AbortSignal) {
    const refArgs = ref ? [`--branch=${refName(ref)}`] : [];
    await run(['clone', '--depth', '1', '--single-branch', '--no-tags', ...refArgs, '--', url, dir], {
      watchDir: dir,
      signal,
      config,
    });
  }

  return { policy, resolver, run, guard, hasHead, clone };
}

/** The addresses `url` was checked against, as git's `curloptResolve` pin (http and https only). */
async function pinning(url: string, policy: UrlPolicy, resolver: Resolver): Promise<string[]> {
  let addresses: string[];
  try {
    addresses = await checkGitUrl(url, policy, 'url', resolver);
  } catch (err) {
    if (err instanceof Invalid) throw new GitUrlRefused(err.details?.[0]?.problem ?? err.message);
    throw err;
  }
  const target = urlHost(url);
  if (!target || addresses.length === 0 || (target.scheme !== 'http' && target.scheme !== 'https')) return [];
  const port = target.port ?? (target.scheme === 'https' ? 443 : 80);
  const list = addresses.map((a) => (isIP(a) === 6 ? `[${a}]` : a)).join(',');
  return [`http.curloptResolve=${target.host}:${port}:${list}`];
}

/** Reading a remote: a checkout of a branch or tag, its tags. */
function readVerbs({ run, guard, hasHead, clone }: Toolkit, maxBytes: number): Pick<Git, 'shallowClone' | 'listTags'> {
  return {
    async shallowClone(raw: string, dir: string, ref?: string, call: GitCallOptions = {}) {
      const { url, config } = await guard(raw);
      await clone(url, dir, ref, config, call.signal);
      if (!ref && !(await hasHead(dir))) {
        // The remote's HEAD names a branch that does not exist (a bare repository created on
        // `master` that only ever received `main`): git checks out nothing. Take its real branch.
        const heads = (await run(['ls-remote', '--heads', '--', url], { signal: call.signal, config }))
          .split('\n')
          .map((l) => l.split('\trefs/heads/')[1])
          .filter(Boolean) as string[];
        const branch = ['main', 'master'].find((b) => heads.includes(b)) ?? heads[0];
        if (branch) {
          await rm(dir, { recursive: true, force: true });
          await clone(url, dir, branch, config, call.signal);
        }
      }
      const size = await dirSize(dir, maxBytes);
      if (size > maxBytes) throw new GitError(`repository exceeds the size limit of ${maxBytes} bytes`);
    },

    async listTags(raw: string, call: GitCallOptions = {}): Promise<string[]> {
      const { url, config } = await guard(raw);
      const out = await run(['ls-remote', '--tags', '--refs', '--', url], { signal: call.signal, config });
      return out
        .split('\n')
        .map((line) => line.split('\t')[1])
        .filter((ref): ref is string => !!ref && ref.startsWith('refs/tags/'))
        .map((ref) => ref.slice('refs/tags/'.length));
    },
  };
}

/** Writing and walking a remote's history: a commit pushed on a branch, the commits of a range. */
function historyVerbs(kit: Toolkit): Pick<Git, 'commitFiles' | 'commitsBetween'> {
  const { run, guard } = kit;
  return {
    async commitFiles(raw, files, message, branch = 'main', call: GitCallOptions = {}): Promise<string> {
      refName(branch);
      const { url, config } = await guard(raw);
      const signal = call.signal;
      return withTempDir('push', async (dir) => {
        const heads = await run(['ls-remote', '--heads', '--', url, branch], { signal, config });
        await run(['init', '--quiet', dir]);
        await run(['remote', 'add', 'origin', '--', url], { cwd: dir });
        if (heads.trim()) {
          await run(['fetch', '--depth', '1', '--', 'origin', branch], { cwd: dir, watchDir: dir, signal, config });
          await run(['checkout', '--quiet', '-B', branch, 'FETCH_HEAD'], { cwd: dir });
        } else {
          await run(['checkout', '--quiet', '--orphan', branch], { cwd: dir });
        }
        await writeInside(dir, files);
        await run(['add', '--all'], { cwd: dir, signal });
        await run(['commit', '--quiet', '--allow-empty', '-m', message], { cwd: dir, signal });
        await run(['push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`], { cwd: dir, signal, config });
        if (!heads.trim()) await pointLocalHeadAt(kit, url, branch);
        return (await run(['rev-parse', 'HEAD'], { cwd: dir })).trim();
      });
    },

    async commitsBetween(raw, range, call: GitCallOptions & { max?: number } = {}): Promise<GitCommit[]> {
      const { url, config } = await guard(raw);
      const signal = call.signal;
      const max = Math.max(1, Math.min(call.max ?? 1000, 10_000));
      for (const rev of [range.from, range.to]) {
        if (rev && !/^[0-9A-Za-z._/-]{1,200}$/.test(rev))
          throw new GitError(`revision "${rev}" is not a commit id, branch or tag`);
        if (rev?.startsWith('-')) throw new GitError(`revision "${rev}" is not a commit id, branch or tag`);
      }
      // A blobless bare clone: the whole commit graph, no file contents (decision 568).
      return withTempDir('log', async (dir) => {
        await run(['clone', '--bare', '--quiet', '--filter=blob:none', '--no-tags', '--', url, dir], {
          watchDir: dir,
          signal,
          config,
        });
        await run(['-C', dir, 'fetch', '--quiet', '--tags', 'origin'], { watchDir: dir, signal, config }).catch(
          () => undefined,
        );
        return logOf(run, dir, range, max, signal);
      });
    },
  };
}

/** Writes the files into the work tree `dir`; a path that leaves it (or enters `.git`) is refused. */
async function writeInside(dir: string, files: { path: string; content: string | Buffer }[]) {
  const root = resolve(dir) + sep;
  for (const f of files) {
    const target = resolve(dir, f.path);
    if (!target.startsWith(root) || target.startsWith(join(root, '.git') + sep))
      throw new Invalid(`file path "${f.path}" leaves the repository`);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, f.content);
  }
}

/**
 * A fresh local repository (`git init --bare`) keeps HEAD on its own default branch (often master),
 * so a plain `git clone` of it would check nothing out: point HEAD at the branch just pushed.
 */
async function pointLocalHeadAt({ run, hasHead }: Toolkit, url: string, branch: string) {
  const local = url.startsWith('/') ? url : url.startsWith('file:') ? fileURLToPath(url) : undefined;
  if (local && !(await hasHead(local))) {
    await run(['--git-dir', local, 'symbolic-ref', 'HEAD', `refs/heads/${branch}`]).catch(() => undefined);
  }
}

/** `git log` of the range in the bare clone `dir`, both ends verified as commits first. */
async function logOf(
  run: Toolkit['run'],
  dir: string,
  range: { from?: string | null; to: string },
  max: number,
  signal: AbortSignal | undefined,
): Promise<GitCommit[]> {
  const verify = async (rev: string) => {
    try {
      return (await run(['-C', dir, 'rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`])).trim();
    } catch {
      throw new GitError(`revision ${rev} is not in the repository`);
    }
  };
  const to = await verify(range.to);
  const from = range.from ? await verify(range.from) : null;
  const spec = from ? [`${from}..${to}`] : ['-1', to];
  const out = await run(['-C', dir, 'log', `--max-count=${max}`, '--format=%H %cI', ...spec, '--'], { signal });
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [sha, when] = l.split(' ');
      return { sha: sha!, committedAt: new Date(when!) };
    });
}
