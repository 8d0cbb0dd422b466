import { createSigner } from 'fast-jwt';
import { UpstreamRefused } from '../http.js';
import { Unavailable } from '../../kernel/errors.js';

/**
 * A GitHub App's installation token (decision 1011): a JWT signed RS256 with the App's private key
 * (`iss` = App id, at most 10 minutes) exchanged at `POST /app/installations/{id}/access_tokens` for a
 * token valid one hour; kept until a minute before it expires.
 */
const cache = new Map<string, { token: string; expiresAt: number }>();

export async function installationToken(
  doFetch: typeof fetch,
  baseUrl: string,
  app: { appId: string; privateKey: string; installationId: string },
  signal?: AbortSignal,
): Promise<string> {
  const key = `${baseUrl}|${app.appId}|${app.installationId}`;
  const hit = cache.get(key);
  if (hit && hit.expiresAt - 60_000 > Date.now()) return hit.token;
  const now = Math.floor(Date.now() / 1000);
  const sign = createSigner({ key: app.privateKey, algorithm: 'RS256', noTimestamp: true });
  const jwt = sign({ iat: now - 60, exp: now + 540, iss: app.appId });
  const url = `${baseUrl.replace(/\/+$/, '')}/app/installations/${encodeURIComponent(app.installationId)}/access_tokens`;
  const timeout = AbortSignal.timeout(15_000);
  let res: Response;
  try {
    res = await doFetch(url, {
      method: 'POST',
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${jwt}`,
        'x-github-api-version': '2022-11-28',
      },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      redirect: 'manual',
    });
  } catch {
    throw new Unavailable('GitHub is unreachable');
  }
  if (res.status !== 201 && res.status !== 200) {
    await res.body?.cancel().catch(() => {});
    throw new UpstreamRefused(`GitHub refused the App installation token (HTTP ${res.status})`);
  }
  const body = (await res.json()) as { token?: unknown; expires_at?: unknown };
  if (typeof body.token !== 'string') throw new UpstreamRefused('GitHub answered no installation token');
  const expiresAt = typeof body.expires_at === 'string' ? Date.parse(body.expires_at) : Date.now() + 3_000_000;
  cache.set(key, { token: body.token, expiresAt });
  return body.token;
}
