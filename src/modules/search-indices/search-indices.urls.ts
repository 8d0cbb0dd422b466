import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { SearchConfig } from '../../config/search.js';
import { Invalid } from '../../kernel/errors.js';

/**
 * Guards user-supplied cluster URLs (server-side request forgery): http(s) only, no credentials in the
 * URL, the host in `SEARCH_URL_ALLOWLIST` when it is set, and, unless internal URLs are allowed
 * (`SEARCH_ALLOW_INTERNAL_URLS`), no loopback, private, link-local or metadata addresses, checked on
 * the literal host at link time and on the resolved addresses before every request.
 */
export function validateSearchUrl(raw: string, cfg: SearchConfig): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Invalid('searchUrl must be an http or https URL', [{ field: 'searchUrl', problem: 'not a URL' }]);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Invalid('searchUrl must be an http or https URL', [{ field: 'searchUrl', problem: 'not http or https' }]);
  if (url.username || url.password) throw new Invalid('searchUrl must not carry credentials', [{ field: 'searchUrl', problem: 'credentials in URL' }]);
  if (cfg.urlAllowlist.length && !allowlisted(url, cfg)) {
    throw new Invalid(`searchUrl host ${url.hostname} is not in SEARCH_URL_ALLOWLIST`, [{ field: 'searchUrl', problem: 'host not allowed' }]);
  }
  if (!cfg.allowInternalUrls && !allowlisted(url, cfg) && !isGlobal(url, cfg) && isInternalHost(url.hostname)) {
    throw new Invalid('searchUrl must not point at an internal address', [{ field: 'searchUrl', problem: 'internal address' }]);
  }
  // Kept as given (trimmed): the link answers what the caller wrote; the HTTP client drops a trailing slash itself.
  return raw.trim();
}

export function allowlisted(url: URL, cfg: SearchConfig) {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return cfg.urlAllowlist.includes(host) || cfg.urlAllowlist.includes(url.host.toLowerCase());
}

/** The admin-configured global cluster is trusted (and is the only one our credentials go to, with allowlisted hosts). */
export function isGlobal(url: URL, cfg: SearchConfig) {
  return !!cfg.url && new URL(cfg.url).origin === url.origin;
}

/** Before a request: true when the host resolves to an address the settings forbid. */
export async function forbiddenAtRuntime(raw: string, cfg: SearchConfig): Promise<boolean> {
  const url = new URL(raw);
  if (cfg.allowInternalUrls || allowlisted(url, cfg) || isGlobal(url, cfg)) return false;
  if (cfg.urlAllowlist.length) return true;
  if (isInternalHost(url.hostname)) return true;
  try {
    const addrs = await lookup(url.hostname.replace(/^\[|\]$/g, ''), { all: true });
    return addrs.some((a) => isInternalAddress(a.address));
  } catch {
    return false; // unresolvable: the request itself will fail as unreachable
  }
}

export function isInternalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) return true;
  return isIP(host) ? isInternalAddress(host) : false;
}

export function isInternalAddress(ip: string): boolean {
  if (isIP(ip) === 4) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b < 128) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b < 32) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const v6 = ip.toLowerCase();
  if (v6.startsWith('::ffff:')) return isInternalAddress(v6.slice(7));
  return v6 === '::' || v6 === '::1' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe80');
}
