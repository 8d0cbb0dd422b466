import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Invalid } from '../../../src/kernel/errors.js';
import {
  GitError,
  GitUrlRefused,
  type Git,
  type GitCallOptions,
  type GitCommit,
  type GitOptions,
} from '../../../src/integrations/git/git.port.js';
import { assertGitUrl, checkGitUrl, type Resolver, type UrlPolicy } from '../../../src/integrations/git/url-policy.js';

type Files = Record<string, string | Buffer>;

interface FakeRepo {
  branches: Map<string, Files>;
  tags: Map<string, Files>;
  defaultBranch: string;
  commits: { branch: string; message: string; id: string; files: string[] }[];
  /** The commit graph `commitsBetween` walks: newest last, each naming its parents. */
  history: { sha: string; committedAt: Date; parents: string[] }[];
}

/**
 * An in-memory Git for module tests: repositories are maps of branch and tag to files, clones write
 * those files to the target folder (callers read checkouts from disk), pushes are recorded. The same
 * URL policy as the real adapter applies, with DNS answered from `hosts`. Faults can be injected.
 */
export class FakeGit implements Git {
  readonly options: GitOptions;
  readonly repos = new Map<string, FakeRepo>();
  /** Every call, in order: `{op, url, ref?}`. */
  readonly calls: { op: 'clone' | 'tags' | 'push' | 'log'; url: string; ref?: string }[] = [];
  /** Host name -> addresses, for the DNS part of the URL policy (unknown names do not resolve). */
  readonly hosts = new Map<string, string[]>();
  private readonly faults = new Map<string, string>();
  private readonly policy: UrlPolicy;
  private readonly resolver: Resolver = async (host) => {
    const found = this.hosts.get(host);
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found;
  };

  constructor(options: Partial<GitOptions> = {}) {
    this.options = {
      allowFileUrls: true,
      allowedHosts: [],
      timeoutMs: 60_000,
      maxBytes: 100 * 1024 * 1024,
      ...options,
    };
    this.policy = {
      allowFileUrls: this.options.allowFileUrls,
      localRoot: this.options.localRoot,
      allowedHosts: this.options.allowedHosts ?? [],
    };
  }

  /** Creates (or replaces) a repository: `files` on the default branch, `tags` each with their own tree. */
  addRepo(url: string, init: { files?: Files; tags?: Record<string, Files>; defaultBranch?: string } = {}): FakeRepo {
    const defaultBranch = init.defaultBranch ?? 'main';
    const repo: FakeRepo = {
      branches: new Map(init.files ? [[defaultBranch, { ...init.files }]] : []),
      tags: new Map(Object.entries(init.tags ?? {}).map(([t, f]) => [t, { ...f }])),
      defaultBranch,
      commits: [],
      history: [],
    };
    this.repos.set(url, repo);
    return repo;
  }

  /**
   * Appends commits to the repository's history (each the child of the previous one unless
   * `parents` says otherwise); creates the repository when missing. Answers the commits.
   */
  addCommits(url: string, commits: { sha: string; committedAt: Date | string; parents?: string[] }[]): GitCommit[] {
    const repo = this.repos.get(url) ?? this.addRepo(url, { files: {} });
    for (const c of commits) {
      const last = repo.history.at(-1);
      repo.history.push({
        sha: c.sha,
        committedAt: new Date(c.committedAt),
        parents: c.parents ?? (last ? [last.sha] : []),
      });
    }
    return commits.map((c) => ({ sha: c.sha, committedAt: new Date(c.committedAt) }));
  }

  /** The next call touching `url` fails with `reason` (as git's one-line reason). */
  failNext(url: string, reason: string) {
    this.faults.set(url, reason);
  }

  assertUrl(url: string, field?: string) {
    assertGitUrl(url, this.policy, field);
  }

  async checkUrl(url: string, field?: string) {
    await checkGitUrl(url, this.policy, field, this.resolver);
  }

  async shallowClone(url: string, dir: string, ref?: string, call: GitCallOptions = {}) {
    await this.enter('clone', url, call, ref);
    const repo = this.repo(url);
    const files = ref
      ? (repo.branches.get(ref) ?? repo.tags.get(ref))
      : (repo.branches.get(repo.defaultBranch) ?? [...repo.branches.values()][0]);
    if (!files)
      throw new GitError(
        ref ? `Remote branch ${ref} not found in upstream origin` : 'You appear to have cloned an empty repository.',
      );
    const root = resolve(dir) + sep;
    await mkdir(dir, { recursive: true });
    for (const [path, content] of Object.entries(files)) {
      const target = resolve(dir, path);
      if (!target.startsWith(root)) continue;
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, content);
    }
    await mkdir(join(dir, '.git'), { recursive: true });
  }

  async listTags(url: string, call: GitCallOptions = {}) {
    await this.enter('tags', url, call);
    return [...this.repo(url).tags.keys()];
  }

  async commitFiles(
    url: string,
    files: { path: string; content: string | Buffer }[],
    message: string,
    branch = 'main',
    call: GitCallOptions = {},
  ) {
    await this.enter('push', url, call, branch);
    const repo = this.repo(url);
    const tree = { ...(repo.branches.get(branch) ?? {}) };
    for (const f of files) {
      if (f.path.split('/').some((s) => s === '..' || s === '.git'))
        throw new Invalid(`file path "${f.path}" leaves the repository`);
      tree[f.path] = f.content;
    }
    repo.branches.set(branch, tree);
    const id = randomBytes(20).toString('hex');
    repo.commits.push({ branch, message, id, files: files.map((f) => f.path) });
    return id;
  }

  async commitsBetween(
    url: string,
    range: { from?: string | null; to: string },
    call: GitCallOptions & { max?: number } = {},
  ): Promise<GitCommit[]> {
    await this.enter('log', url, call, range.to);
    const repo = this.repo(url);
    const bySha = new Map(repo.history.map((c) => [c.sha, c]));
    const find = (rev: string) => {
      const c = bySha.get(rev) ?? repo.history.find((h) => h.sha.startsWith(rev) && rev.length >= 7);
      if (!c) throw new GitError(`revision ${rev} is not in the repository`);
      return c;
    };
    const to = find(range.to);
    if (!range.from) return [{ sha: to.sha, committedAt: to.committedAt }];
    const from = find(range.from);
    const reach = (start: string) => {
      const seen = new Set<string>();
      const stack = [start];
      while (stack.length) {
        const sha = stack.pop()!;
        if (seen.has(sha)) continue;
        seen.add(sha);
        stack.push(...(bySha.get(sha)?.parents ?? []));
      }
      return seen;
    };
    const excluded = reach(from.sha);
    const included = reach(to.sha);
    // Newest first, as `git log` lists them (history order stands for commit order here).
    return repo.history
      .filter((c) => included.has(c.sha) && !excluded.has(c.sha))
      .reverse()
      .slice(0, call.max ?? 1000)
      .map((c) => ({ sha: c.sha, committedAt: c.committedAt }));
  }

  private async enter(op: 'clone' | 'tags' | 'push' | 'log', url: string, call: GitCallOptions, ref?: string) {
    try {
      await checkGitUrl(url, this.policy, 'url', this.resolver);
    } catch (err) {
      if (err instanceof Invalid) throw new GitUrlRefused(err.details?.[0]?.problem ?? err.message);
      throw err;
    }
    if (call.signal?.aborted) throw new GitError('cancelled');
    if (ref?.startsWith('-')) throw new GitError(`the branch or tag "${ref}" must not start with "-"`);
    this.calls.push({ op, url, ...(ref ? { ref } : {}) });
    const fault = this.faults.get(url);
    if (fault !== undefined) {
      this.faults.delete(url);
      throw new GitError(fault);
    }
  }

  private repo(url: string): FakeRepo {
    const repo = this.repos.get(url);
    if (!repo) throw new GitError(`repository '${url}' not found`);
    return repo;
  }
}
