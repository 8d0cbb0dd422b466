import { HttpClient } from '../http.js';

/** The raw CircleCI API v2: `Circle-Token` header, `next_page_token` pagination. */
export interface CircleCiPipeline {
  id: string;
  number: number;
  project_slug: string;
  state: string;
  created_at?: string;
  updated_at?: string;
  errors?: { type: string; message: string }[];
  trigger?: { type?: string; received_at?: string; actor?: { login?: string } };
  vcs?: {
    provider_name?: string;
    origin_repository_url?: string;
    target_repository_url?: string;
    revision?: string;
    branch?: string;
    tag?: string;
  };
}

export interface CircleCiPage<T> {
  items: T[];
  next_page_token: string | null;
}

export interface CircleCiTriggered {
  id: string;
  state: string;
  number: number;
  created_at?: string;
}

export const CIRCLECI_SYSTEM = 'cloudci (CircleCI)';

export class CircleCiClient {
  private readonly http: HttpClient;

  constructor(opts: { baseUrl: string; token: string; timeoutMs?: number; fetch?: typeof fetch }) {
    this.http = new HttpClient({
      system: CIRCLECI_SYSTEM,
      baseUrl: opts.baseUrl,
      timeoutMs: opts.timeoutMs,
      fetch: opts.fetch,
      headers: { 'circle-token': opts.token },
    });
  }

  /** One page of `GET /pipeline` (the followed projects' pipelines, newest first). */
  listPipelines(
    query: { orgSlug?: string; pageToken?: string },
    signal?: AbortSignal,
  ): Promise<CircleCiPage<CircleCiPipeline>> {
    return this.http.get('/pipeline', { query: { 'org-slug': query.orgSlug, 'page-token': query.pageToken }, signal });
  }

  /** `POST /project/{slug}/pipeline`: the slug's segments are sent as path segments (`gh/org/repo`). */
  triggerPipeline(
    projectSlug: string,
    body: { branch?: string; tag?: string; parameters?: Record<string, unknown> },
    signal?: AbortSignal,
  ): Promise<CircleCiTriggered> {
    const path = projectSlug.split('/').map(encodeURIComponent).join('/');
    return this.http.post(`/project/${path}/pipeline`, { json: body, signal });
  }
}
