/**
 * The port discovery scans through (decision 1010): one implementation per provider (GitHub,
 * GitLab), each over that provider's REST API, all held to one contract suite with their fakes.
 */

/** A repository as listed by the provider, in the fields a scan needs. */
export interface DiscoveredRepository {
  /** The provider's stable id (survives renames and transfers). */
  externalId: string;
  /** `owner/name` (GitHub) or `group/subgroup/project` (GitLab). */
  fullName: string;
  /** The repository's page, which becomes the catalog location's URL. */
  webUrl: string;
  /** Null for an empty repository (nothing pushed yet). */
  defaultBranch: string | null;
  archived: boolean;
  empty: boolean;
  /** GitHub `pushed_at`, GitLab `last_activity_at`: what makes a repository worth reading again. */
  changedAt: string | null;
}

/** One page of the listing; `notModified` when the provider answered 304 to the page's ETag. */
export type ListedPage =
  | { notModified: false; repositories: DiscoveredRepository[]; etag: string | null; next: string | null }
  | { notModified: true };

/** The file as read at a branch. */
export type FileRead =
  { status: 'found'; text: string; etag: string | null } | { status: 'not-modified' } | { status: 'missing' };

export type DiscoveryAuth =
  { kind: 'token'; token: string } | { kind: 'github-app'; appId: string; privateKey: string; installationId: string };

/** What a scan reads of the provider's answers: for the status and for pausing (decision 1012). */
export interface RequestLedger {
  made: number;
  notModified: number;
  rateLimitRemaining: number | null;
  rateLimitResetAt: string | null;
  /** Called when the scan waits for the provider's limit to reset (not a failure). */
  paused(until: Date, why: string): void;
}

export interface DiscoveryTarget {
  baseUrl: string;
  /** Organization or user (GitHub), group path or id (GitLab; subgroups included). */
  owner: string;
  auth: DiscoveryAuth;
  /** Requests in flight at once, at most. */
  maxInFlight: number;
  /** How long one request may take before it is asked once more, then fails (default 15 s). */
  timeoutMs?: number;
  ledger: RequestLedger;
  signal?: AbortSignal;
}

export interface DiscoveryProvider {
  /** The first page's locator is null; a page's `next` is passed back for the following one. */
  listPage(target: DiscoveryTarget, page: string | null, etag: string | null): Promise<ListedPage>;
  /** One repository by id, or null once it is gone (webhooks: renames, transfers, deletions). */
  repository(target: DiscoveryTarget, externalId: string): Promise<DiscoveredRepository | null>;
  readFile(
    target: DiscoveryTarget,
    repo: DiscoveredRepository,
    path: string,
    ref: string,
    etag: string | null,
  ): Promise<FileRead>;
}

export type DiscoveryProviderName = 'github' | 'gitlab';
export type DiscoveryProviders = Record<DiscoveryProviderName, DiscoveryProvider>;
