import type { SearchConfig } from '../../config/search.js';
import { Invalid } from '../../kernel/errors.js';
import { assertHost, parseHttpUrl, type OutboundRules } from '../../integrations/outbound/policy.js';

/**
 * The outbound rules of search-cluster URLs (decision 200): the admin-configured cluster
 * (`SEARCH_URL`) is trusted; `SEARCH_URL_ALLOWLIST`, when set, is the only other place links may
 * point to; otherwise any public host, and internal addresses only with `SEARCH_ALLOW_INTERNAL_URLS`.
 * The policy module decides; this file only says which settings feed it.
 */
export function searchRules(cfg: SearchConfig): OutboundRules {
  const global = cfg.url ? [new URL(cfg.url).host.toLowerCase()] : [];
  return {
    allowedHosts: [...cfg.urlAllowlist, ...global],
    onlyAllowedHosts: cfg.urlAllowlist.length > 0,
    allowKinds: cfg.allowInternalUrls ? ['loopback', 'link-local', 'private'] : [],
    setting: cfg.urlAllowlist.length ? 'SEARCH_URL_ALLOWLIST' : 'SEARCH_ALLOW_INTERNAL_URLS',
  };
}

/**
 * A user-supplied cluster URL at link time: http(s) only, no credentials in it, and the policy on its
 * literal host (names are checked on every connection, pinned to the addresses checked).
 */
export function validateSearchUrl(raw: string, cfg: SearchConfig): string {
  const trimmed = raw.trim();
  const url = parseHttpUrl(trimmed, 'searchUrl');
  if (url.username || url.password)
    throw new Invalid('searchUrl must not carry credentials', [{ field: 'searchUrl', problem: 'credentials in URL' }]);
  assertHost(searchRules(cfg), url.hostname, url.port ? Number(url.port) : undefined, 'searchUrl');
  // Kept as given (trimmed): the link answers what the caller wrote; only RFC 3986 characters pass, so
  // every parser reads the same host from it.
  return trimmed;
}

/** Whether the stored credentials may go with a request to `url`: the configured cluster and allowlisted hosts only. */
export function mayCarryCredentials(raw: string, cfg: SearchConfig): boolean {
  const url = new URL(raw);
  if (cfg.url && new URL(cfg.url).origin === url.origin) return true;
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return cfg.urlAllowlist.includes(host) || cfg.urlAllowlist.includes(url.host.toLowerCase());
}

/** Before a request: whether a stored link's host is still allowed (settings may have changed since). Names are checked again at connect time. */
export function stillAllowed(raw: string, cfg: SearchConfig): boolean {
  try {
    const url = new URL(raw);
    assertHost(searchRules(cfg), url.hostname, url.port ? Number(url.port) : undefined, 'searchUrl');
    return true;
  } catch {
    return false;
  }
}
