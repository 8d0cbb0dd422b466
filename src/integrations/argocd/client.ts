import { HttpClient } from '../http.js';

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

export const ARGOCD_SYSTEM = 'gitopscd (Argo CD)';

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
  async listApplications(query: { projects?: string; selector?: string }, signal?: AbortSignal): Promise<ArgoApplication[]> {
    const body = await this.http.get<{ items?: ArgoApplication[] | null }>('/api/v1/applications', { query, signal });
    return body?.items ?? [];
  }

  getApplication(name: string, signal?: AbortSignal): Promise<ArgoApplication> {
    return this.http.get<ArgoApplication>(`/api/v1/applications/${encodeURIComponent(name)}`, { signal });
  }

  /** Starts a sync operation; Argo CD answers the application with its new `operation`. */
  sync(name: string, request: ArgoSyncRequest, signal?: AbortSignal): Promise<ArgoApplication> {
    return this.http.post<ArgoApplication>(`/api/v1/applications/${encodeURIComponent(name)}/sync`, { json: { name, ...request }, signal });
  }
}
