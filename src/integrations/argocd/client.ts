import { NotFound } from '../../kernel/errors.js';
import { HttpClient, type HttpResponse } from '../http.js';
import { GITOPS_SYSTEM } from '../../modules/ci/ci.ports.js';

/** The raw Argo CD REST API (`/api/v1/applications`), bearer-token authenticated. */
export interface ArgoApplication {
  metadata?: { name?: string; namespace?: string; uid?: string; labels?: Record<string, string> };
  spec?: {
    project?: string;
    source?: ArgoSource;
    sources?: ArgoSource[];
    destination?: { server?: string; name?: string; namespace?: string };
  };
  status?: {
    health?: { status?: string };
    sync?: { status?: string; revision?: string; revisions?: string[] };
    operationState?: { phase?: string; startedAt?: string; finishedAt?: string; message?: string };
  };
  operation?: { sync?: { revision?: string } };
}
interface ArgoSource {
  repoURL?: string;
  path?: string;
  chart?: string;
  targetRevision?: string;
}

export interface ArgoSyncRequest {
  revision?: string;
  prune?: boolean;
  dryRun?: boolean;
}

export const ARGOCD_SYSTEM = GITOPS_SYSTEM;

export class ArgoCdClient {
  private readonly http: HttpClient;

  constructor(opts: { url: string; token: string; timeoutMs?: number; fetch?: typeof fetch }) {
    // The instance URL may be given with or without the API prefix.
    const baseUrl = opts.url.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
    this.http = new HttpClient({
      system: ARGOCD_SYSTEM,
      baseUrl,
      timeoutMs: opts.timeoutMs,
      fetch: opts.fetch,
      headers: { authorization: `Bearer ${opts.token}` },
    });
  }

  /** `items` is null (not []) when the server has no application. */
  async listApplications(
    query: { projects?: string; selector?: string },
    signal?: AbortSignal,
  ): Promise<ArgoApplication[]> {
    const body = await this.http.get<{ items?: ArgoApplication[] | null }>('/api/v1/applications', { query, signal });
    return body?.items ?? [];
  }

  async getApplication(name: string, signal?: AbortSignal): Promise<ArgoApplication> {
    const res = await this.http.request<ArgoApplication>('GET', `/api/v1/applications/${encodeURIComponent(name)}`, {
      signal,
      accept: [403],
    });
    return this.unlessMissing(name, res, signal);
  }

  /** Starts a sync operation; Argo CD answers the application with its new `operation`. */
  async sync(name: string, request: ArgoSyncRequest, signal?: AbortSignal): Promise<ArgoApplication> {
    const res = await this.http.request<ArgoApplication>(
      'POST',
      `/api/v1/applications/${encodeURIComponent(name)}/sync`,
      {
        json: { name, ...request },
        signal,
        accept: [403],
      },
    );
    return this.unlessMissing(name, res, signal);
  }

  /**
   * Argo CD checks RBAC before existence: without a project in the request it answers 403
   * "permission denied" for an application that does not exist, so as not to reveal which exist.
   * Its list filters by what the token may see and then by `name` (404, or an empty list in newer
   * releases, when nothing is left): an application absent from it is missing for this credential
   * (404); one it shows was refused for this action (502) — decision 406.
   */
  private async unlessMissing(
    name: string,
    res: HttpResponse<ArgoApplication>,
    signal?: AbortSignal,
  ): Promise<ArgoApplication> {
    if (res.status !== 403) return res.body;
    const listed = await this.http.request<{ items?: ArgoApplication[] | null }>('GET', '/api/v1/applications', {
      query: { name },
      signal,
      accept: [404],
    });
    const found = listed.status === 200 && (listed.body?.items ?? []).some((a) => a.metadata?.name === name);
    if (!found)
      throw new NotFound(`${ARGOCD_SYSTEM}: no application named "${name}" is visible to the configured credential`);
    throw this.http.errorFor(403);
  }
}
