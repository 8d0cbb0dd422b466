import { collectPages } from '../paging.js';
import { createSign } from 'node:crypto';
import { BadGateway, Invalid, Unavailable } from '../../kernel/errors.js';
import { HttpClient } from '../http.js';

export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  project_id: string;
  token_uri: string;
}

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/** Validates the service account JSON of `REGISTRY_CREDENTIALS` (never quoting it). */
export function serviceAccountOf(creds: Record<string, unknown> | undefined): ServiceAccountKey {
  const str = (k: string) =>
    typeof creds?.[k] === 'string' && (creds[k] as string) !== '' ? (creds[k] as string) : undefined;
  const key = {
    client_email: str('client_email'),
    private_key: str('private_key'),
    project_id: str('project_id'),
    token_uri: str('token_uri') ?? 'https://oauth2.googleapis.com/token',
  };
  const missing = (['client_email', 'private_key', 'project_id'] as const).filter((k) => !key[k]);
  if (missing.length)
    throw new Invalid(`REGISTRY_CREDENTIALS is not a service account key: ${missing.join(', ')} missing`);
  return key as ServiceAccountKey;
}

/**
 * Google's OAuth 2.0 service-account flow (https://developers.google.com/identity/protocols/oauth2/service-account):
 * an RS256-signed JWT assertion posted to the key's `token_uri` with the jwt-bearer grant; the
 * access token is cached until a minute before it expires.
 */
export class GoogleTokenSource {
  private cached: { token: string; until: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly key: ServiceAccountKey,
    private readonly opts: { fetch?: typeof fetch } = {},
  ) {}

  async token(): Promise<string> {
    if (this.cached && this.cached.until > Date.now()) return this.cached.token;
    this.pending ??= this.fetchToken().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async fetchToken(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ iss: this.key.client_email, scope: SCOPE, aud: this.key.token_uri, iat: now, exp: now + 3600 })}`;
    let signature: string;
    try {
      signature = createSign('RSA-SHA256').update(unsigned).sign(this.key.private_key, 'base64url');
    } catch {
      throw new Unavailable(
        'Container registry adapter cloudreg_b is not configured: the service account private_key in REGISTRY_CREDENTIALS cannot sign',
      );
    }
    const http = new HttpClient({
      system: 'Google OAuth',
      baseUrl: new URL(this.key.token_uri).origin,
      fetch: this.opts.fetch,
    });
    const body = await http.post<{ access_token?: string; expires_in?: number }>(this.key.token_uri, {
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${unsigned}.${signature}`,
      }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    // An upstream answer we cannot use is the upstream's fault (502), not the caller's (400).
    if (!body?.access_token) throw new BadGateway('Google OAuth answered without an access token');
    this.cached = { token: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000 };
    return body.access_token;
  }
}

/** Artifact Registry REST v1 (https://cloud.google.com/artifact-registry/docs/reference/rest). */
export class ArtifactRegistryClient {
  readonly http: HttpClient;
  constructor(baseUrl: string, tokens: GoogleTokenSource, opts: { fetch?: typeof fetch } = {}) {
    this.http = new HttpClient({
      system: 'Artifact Registry',
      baseUrl,
      fetch: opts.fetch,
      headers: async () => ({ authorization: `Bearer ${await tokens.token()}` }),
    });
  }

  /** Follows `nextPageToken` over a list whose items sit under `field`. */
  async all<T>(path: string, field: string, signal?: AbortSignal, maxPages = 100): Promise<T[]> {
    // The first page has no token: `{}` stands for "from the start".
    return collectPages<T, { token?: string }>(
      {},
      async ({ token }) => {
        const page = await this.http.get<Record<string, unknown>>(path, {
          query: { pageSize: 1000, pageToken: token },
          signal,
        });
        const next = page?.nextPageToken as string | undefined;
        return { items: (page?.[field] as T[] | undefined) ?? [], next: next ? { token: next } : null };
      },
      maxPages,
    );
  }
}
