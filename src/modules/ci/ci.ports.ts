/**
 * The ports the ci module owns: one per CI/CD platform. Adapters in src/integrations/<system>/
 * implement them over the platform's own API; test/fakes/ports/*.fake.ts implement them in memory for route tests (decision 510).
 * Every method takes an optional AbortSignal; failures are the typed errors of
 * src/integrations/http.ts (refused credential 502, missing object 404, unreachable/timeout 503).
 * The shapes below are the normalised answers of Hangar's endpoints, keeping each platform's own ids.
 */

// ---- GitOps CD (Argo CD) ----------------------------------------------------------------------

/** How errors name the GitOps platform: the module's messages and the Argo CD client's say the same (decision 1053). */
export const GITOPS_SYSTEM = 'gitopscd (Argo CD)';

/** The interface's application shape (decision 618) (plus the project, source path, synced revision and operation phase). */
export interface GitOpsApplication {
  metadata: { name: string; namespace: string | null };
  spec: {
    project: string | null;
    source: { repoURL: string | null; path: string | null; targetRevision: string | null };
    destination: { server: string | null; namespace: string | null };
  };
  status: {
    health: { status: string };
    sync: { status: string; revision: string | null };
    operationState: { phase: string | null; finishedAt: string | null };
  };
}

export interface GitOpsSyncResult {
  name: string;
  namespace: string | null;
  /** The revision the sync was asked for (the application's target revision unless given). */
  revision: string | null;
  /** The operation's phase as the platform reports it right after the request (`Running`, …). */
  phase: string | null;
  syncStatus: string;
  healthStatus: string;
  requestedAt: string;
}

export interface GitOpsListFilter {
  project?: string;
  selector?: string;
}

export interface GitOpsPort {
  listApplications(filter: GitOpsListFilter, signal?: AbortSignal): Promise<GitOpsApplication[]>;
  getApplication(name: string, signal?: AbortSignal): Promise<GitOpsApplication>;
  syncApplication(
    name: string,
    opts: { revision?: string; prune?: boolean },
    signal?: AbortSignal,
  ): Promise<GitOpsSyncResult>;
}

// ---- Hosted CI platform (CircleCI) ------------------------------------------------------------

export interface CloudCiPipeline {
  id: string;
  number: number;
  projectSlug: string;
  state: string;
  createdAt: string | null;
  updatedAt: string | null;
  vcsUrl: string | null;
  branch: string | null;
  tag: string | null;
  revision: string | null;
  triggerType: string | null;
  actor: string | null;
}

export interface CloudCiTriggerResult {
  id: string;
  number: number;
  state: string;
  createdAt: string | null;
  projectSlug: string;
}

export interface CloudCiPort {
  /** Pipelines of the projects the token's user follows, newest first; `vcsUrl` keeps one repository's. */
  listPipelines(filter: { vcsUrl?: string; orgSlug?: string }, signal?: AbortSignal): Promise<CloudCiPipeline[]>;
  triggerPipeline(
    projectSlug: string,
    input: { branch?: string; tag?: string; parameters?: Record<string, string | number | boolean> },
    signal?: AbortSignal,
  ): Promise<CloudCiTriggerResult>;
}

// ---- Self-run CI server (Jenkins) -------------------------------------------------------------

export interface ServerCiBuildSummary {
  number: number;
  /** `SUCCESS`, `FAILURE`, `UNSTABLE`, `ABORTED`, `NOT_BUILT`, or null while running. */
  result: string | null;
  /** Epoch milliseconds. */
  timestamp: number;
  /** Milliseconds (0 while running). */
  duration: number;
}

export interface ServerCiJob {
  name: string;
  url: string;
  /** `blue`, `red`, `yellow`, `aborted`, `notbuilt`, `disabled`; `_anime` suffix while running. */
  color: string | null;
  lastBuild: ServerCiBuildSummary | null;
}

export interface ServerCiBuild extends ServerCiBuildSummary {
  url: string | null;
  building: boolean;
  displayName: string | null;
}

export interface ServerCiTriggerResult {
  job: string;
  queued: boolean;
  /** The queue item id the server assigned (from its `Location` header), when it gave one. */
  queueItemId: number | null;
  queueUrl: string | null;
}

export interface ServerCiPort {
  listJobs(signal?: AbortSignal): Promise<ServerCiJob[]>;
  listBuilds(job: string, limit: number, signal?: AbortSignal): Promise<ServerCiBuild[]>;
  triggerBuild(
    job: string,
    parameters: Record<string, string> | undefined,
    signal?: AbortSignal,
  ): Promise<ServerCiTriggerResult>;
}

// ---- Hosted CI service (Travis CI) ------------------------------------------------------------

export interface HostedCiBuild {
  id: number;
  number: string | null;
  /** `created`, `received`, `started`, `passed`, `failed`, `errored`, `canceled`. */
  state: string;
  previousState: string | null;
  eventType: string | null;
  duration: number | null;
  startedAt: string | null;
  finishedAt: string | null;
  repository: { id: number | null; name: string | null; slug: string | null };
  branch: string | null;
  commit: { sha: string | null; message: string | null };
}

export interface HostedCiRestartResult {
  id: number;
  number: string | null;
  state: string | null;
  stateChange: string;
}

export interface HostedCiPort {
  listBuilds(filter: { repoSlug?: string; limit: number }, signal?: AbortSignal): Promise<HostedCiBuild[]>;
  restartBuild(id: number, signal?: AbortSignal): Promise<HostedCiRestartResult>;
}

// ---- How the module builds adapters from a stored credential ----------------------------------

export interface CiAdapterOptions {
  timeoutMs: number;
  /** CircleCI's API base (CLOUDCI_API_URL); Travis CI's default base (HOSTEDCI_API_URL). */
  cloudciApiUrl: string;
  hostedciApiUrl: string;
}

export interface CiAdapterFactories {
  gitopscd(credential: { url: string; token: string }, opts: CiAdapterOptions): GitOpsPort;
  cloudci(credential: { token: string }, opts: CiAdapterOptions): CloudCiPort;
  serverci(credential: { url: string; username: string; apiToken: string }, opts: CiAdapterOptions): ServerCiPort;
  hostedci(credential: { token: string; url?: string }, opts: CiAdapterOptions): HostedCiPort;
}
