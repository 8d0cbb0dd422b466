import type { GitOpsApplication, GitOpsListFilter, GitOpsPort, GitOpsSyncResult } from '../../modules/ci/ci.ports.js';
import { ArgoCdClient, type ArgoApplication } from './client.js';

/** The interface's vocabularies (decision 618): Argo CD's other values (`Missing`, a newer release's additions) read as `Unknown`. */
const HEALTH = new Set(['Healthy', 'Progressing', 'Degraded', 'Suspended', 'Unknown']);
const SYNC = new Set(['Synced', 'OutOfSync', 'Unknown']);
const within = (set: Set<string>, v: string | undefined) => (v !== undefined && set.has(v) ? v : 'Unknown');

/** Argo CD's application as the interface's shape (decision 618); multi-source applications show their first source. */
export function toGitOpsApplication(app: ArgoApplication): GitOpsApplication {
  const source = app.spec?.source ?? app.spec?.sources?.[0];
  // A requested operation the controller has not finished (or started) yet is shown as running.
  const op = app.operation ? { phase: 'Running', finishedAt: undefined } : app.status?.operationState;
  return {
    metadata: { name: app.metadata?.name ?? '', namespace: app.metadata?.namespace ?? null },
    spec: {
      project: app.spec?.project ?? null,
      source: {
        repoURL: source?.repoURL ?? null,
        path: source?.path ?? source?.chart ?? null,
        targetRevision: source?.targetRevision ?? null,
      },
      destination: {
        server: app.spec?.destination?.server ?? app.spec?.destination?.name ?? null,
        namespace: app.spec?.destination?.namespace ?? null,
      },
    },
    status: {
      health: { status: within(HEALTH, app.status?.health?.status) },
      sync: {
        status: within(SYNC, app.status?.sync?.status),
        revision: app.status?.sync?.revision ?? app.status?.sync?.revisions?.[0] ?? null,
      },
      operationState: { phase: op?.phase ?? null, finishedAt: op?.finishedAt ?? null },
    },
  };
}

export class ArgoCdAdapter implements GitOpsPort {
  constructor(private readonly client: ArgoCdClient) {}

  static fromCredential(
    credential: { url: string; token: string },
    opts: { timeoutMs?: number; fetch?: typeof fetch } = {},
  ) {
    return new ArgoCdAdapter(new ArgoCdClient({ ...credential, ...opts }));
  }

  async listApplications(filter: GitOpsListFilter, signal?: AbortSignal): Promise<GitOpsApplication[]> {
    const apps = await this.client.listApplications({ projects: filter.project, selector: filter.selector }, signal);
    return apps.map(toGitOpsApplication).sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
  }

  async getApplication(name: string, signal?: AbortSignal): Promise<GitOpsApplication> {
    return toGitOpsApplication(await this.client.getApplication(name, signal));
  }

  async syncApplication(
    name: string,
    opts: { revision?: string; prune?: boolean },
    signal?: AbortSignal,
  ): Promise<GitOpsSyncResult> {
    const requestedAt = new Date().toISOString();
    const app = await this.client.sync(name, { revision: opts.revision, prune: opts.prune }, signal);
    const shaped = toGitOpsApplication(app);
    return {
      name: shaped.metadata.name || name,
      namespace: shaped.metadata.namespace,
      revision: app.operation?.sync?.revision ?? opts.revision ?? shaped.spec.source.targetRevision,
      phase: app.operation ? 'Running' : shaped.status.operationState.phase,
      syncStatus: shaped.status.sync.status,
      healthStatus: shaped.status.health.status,
      requestedAt,
    };
  }
}
