/**
 * The Git port: what modules (catalog locations, templates and scaffolds, IaC module syncs) need
 * from git repositories. `git.adapter.ts` implements it with the real binary, test/fakes/ports/git.fake.ts in
 * memory for module tests. Modules get it as `ctx.git` and never spawn git themselves.
 *
 * Git is shared by several modules, so the port lives with its integration rather than in one module.
 */
export interface GitOptions {
  /** file:// URLs and local paths allowed (GIT_ALLOW_FILE_URLS; off in production). */
  allowFileUrls: boolean;
  /** When set, local repositories must lie inside this folder (GIT_LOCAL_ROOT). */
  localRoot?: string;
  /** Hosts exempt from the private-address rule (GIT_ALLOWED_HOSTS). */
  allowedHosts?: readonly string[];
  /** Wall-clock limit of one git call (GIT_TIMEOUT_S). */
  timeoutMs: number;
  /** Size limit of one checkout (GIT_MAX_BYTES). */
  maxBytes: number;
}

/** Per call: a signal that kills git (and its helpers) when aborted, e.g. a job's timeout or cancel. */
export interface GitCallOptions {
  signal?: AbortSignal;
}

/** git failed; `reason` is one line users may read (git's message, never its connection diagnostics). */
export class GitError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'GitError';
  }
}

/** The URL was refused by the policy before any network call (a private address, a local path…). */
export class GitUrlRefused extends GitError {
  constructor(reason: string) {
    super(reason);
    this.name = 'GitUrlRefused';
  }
}

/** One commit of a history walk: its id and its committer time (the clock of whoever committed it). */
export interface GitCommit {
  sha: string;
  committedAt: Date;
}

export interface Git {
  readonly options: GitOptions;
  /** Syntax, scheme, local-repository rule, literal private addresses: throws `Invalid` (400) naming `field`. */
  assertUrl(url: string, field?: string): void;
  /** `assertUrl` plus DNS: every address the host resolves to must be public unless allowed. `Invalid` (400). */
  checkUrl(url: string, field?: string): Promise<void>;
  /** Shallow clone of `ref` (a branch or tag; the default branch when omitted) into `dir`. */
  shallowClone(url: string, dir: string, ref?: string, opts?: GitCallOptions): Promise<void>;
  /** Tag names of a remote repository, without peeled `^{}` entries. */
  listTags(url: string, opts?: GitCallOptions): Promise<string[]>;
  /**
   * Commits `files` on `branch` of the repository at `url` and pushes: an empty repository gets its
   * first commit, a non-empty one a new commit on top. Answers the new commit id.
   */
  commitFiles(
    url: string,
    files: { path: string; content: string | Buffer }[],
    message: string,
    branch?: string,
    opts?: GitCallOptions,
  ): Promise<string>;
  /**
   * The commits reachable from `to` and not from `from` (`git log from..to`), newest first, at most
   * `max`; without `from`, only `to` itself. A revision the repository lacks is a `GitError`.
   */
  commitsBetween(
    url: string,
    range: { from?: string | null; to: string },
    opts?: GitCallOptions & { max?: number },
  ): Promise<GitCommit[]>;
}
