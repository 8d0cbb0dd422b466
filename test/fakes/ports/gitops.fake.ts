import type {
  GitOpsApplication,
  GitOpsListFilter,
  GitOpsPort,
  GitOpsSyncResult,
} from '../../../src/modules/ci/ci.ports.js';
import { upstreamError } from '../../../src/integrations/http.js';
import { ARGOCD_SYSTEM } from '../../../src/integrations/argocd/client.js';

/**
 * In-memory Argo CD behind the GitOps port, for route tests. `failWith(status)` makes every call
 * fail as the real adapter would on that upstream status (401 refusal, 503 outage, …).
 * A sync marks the application Synced and Healthy after `settleAfterPolls` reads of its state.
 */
export class FakeArgoCd implements GitOpsPort {
  readonly apps = new Map<string, GitOpsApplication>();
  readonly syncs: { name: string; revision?: string }[] = [];
  private failure: number | undefined;
  settleAfterPolls = 0;
  /** What a finished sync leaves: `Healthy` by default; `Degraded` to test failures. */
  settleHealth = 'Healthy';
  private pending = new Map<string, number>();

  failWith(status: number | undefined) {
    this.failure = status;
  }

  private check(signal?: AbortSignal) {
    signal?.throwIfAborted();
    if (this.failure) throw upstreamError(ARGOCD_SYSTEM, this.failure);
  }

  add(
    name: string,
    over: { health?: string; sync?: string; namespace?: string; repoURL?: string; project?: string } = {},
  ): GitOpsApplication {
    const app: GitOpsApplication = {
      metadata: { name, namespace: over.namespace ?? 'argocd' },
      spec: {
        project: over.project ?? 'default',
        source: {
          repoURL: over.repoURL ?? `https://git.example.test/${name}.git`,
          path: 'deploy',
          targetRevision: 'HEAD',
        },
        destination: { server: 'https://kubernetes.default.svc', namespace: name },
      },
      status: {
        health: { status: over.health ?? 'Healthy' },
        sync: { status: over.sync ?? 'Synced', revision: 'abc123' },
        operationState: { phase: null, finishedAt: null },
      },
    };
    this.apps.set(name, app);
    return app;
  }

  async listApplications(filter: GitOpsListFilter, signal?: AbortSignal): Promise<GitOpsApplication[]> {
    this.check(signal);
    return [...this.apps.values()]
      .filter((a) => !filter.project || a.spec.project === filter.project)
      .map((a) => structuredClone(a));
  }

  async getApplication(name: string, signal?: AbortSignal): Promise<GitOpsApplication> {
    this.check(signal);
    const app = this.apps.get(name);
    if (!app) throw upstreamError(ARGOCD_SYSTEM, 404);
    const left = this.pending.get(name);
    if (left !== undefined) {
      if (left <= 0) {
        this.pending.delete(name);
        app.status.sync.status = 'Synced';
        app.status.health.status = this.settleHealth;
        app.status.operationState = { phase: 'Succeeded', finishedAt: new Date().toISOString() };
      } else this.pending.set(name, left - 1);
    }
    return structuredClone(app);
  }

  async syncApplication(name: string, opts: { revision?: string }, signal?: AbortSignal): Promise<GitOpsSyncResult> {
    this.check(signal);
    const app = this.apps.get(name);
    if (!app) throw upstreamError(ARGOCD_SYSTEM, 404);
    this.syncs.push({ name, revision: opts.revision });
    app.status.health.status = 'Progressing';
    app.status.operationState = { phase: 'Running', finishedAt: null };
    this.pending.set(name, this.settleAfterPolls);
    return {
      name,
      namespace: app.metadata.namespace,
      revision: opts.revision ?? app.spec.source.targetRevision,
      phase: 'Running',
      syncStatus: app.status.sync.status,
      healthStatus: app.status.health.status,
      requestedAt: new Date().toISOString(),
    };
  }
}
