import { realpathSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Invalid } from '../../kernel/errors.js';
import {
  assertHost,
  assertUriCharacters,
  checkHost,
  dnsResolver,
  type OutboundRules,
  type Resolver,
} from '../outbound/policy.js';

export { dnsResolver, type Resolver };

/**
 * Which repository URLs users may hand the server (catalog locations, template repositories,
 * scaffold targets, IaC module sources). Git reaches whatever a URL names, so without this policy a
 * user could make the server talk to its own loopback services, the cloud metadata endpoint or the
 * private network (SSRF), or read folders of the server through file:// URLs.
 */
export interface UrlPolicy {
  /** file:// URLs and local paths allowed at all. */
  allowFileUrls: boolean;
  /** When set, local repositories must lie inside this folder. */
  localRoot?: string;
  /** Hosts (names, addresses, CIDR ranges, `*.suffix`) exempt from the private-address rule. */
  allowedHosts: readonly string[];
}

const SCP_LIKE = /^[A-Za-z0-9._-]+@([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):[^\s]+$/;

/** The outbound rules of git (decision 200): internal addresses refused unless in GIT_ALLOWED_HOSTS. */
const rulesOf = (policy: UrlPolicy): OutboundRules => ({
  allowedHosts: policy.allowedHosts,
  setting: 'GIT_ALLOWED_HOSTS',
});

/** The host a repository URL connects to, or undefined for local repositories. */
export function urlHost(url: string): { host: string; port?: number; scheme: string } | undefined {
  const scp = SCP_LIKE.exec(url);
  if (scp && !url.includes('://')) return { host: scp[1]!.replace(/^\[|\]$/g, '').toLowerCase(), scheme: 'ssh' };
  if (url.startsWith('/')) return undefined;
  const parsed = new URL(url);
  const scheme = parsed.protocol.replace(/:$/, '');
  if (scheme === 'file') return undefined;
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase(),
    port: parsed.port ? Number(parsed.port) : undefined,
    scheme,
  };
}

const refuse = (field: string, why: string): never => {
  throw new Invalid(`${field} ${why}`, [{ field, problem: why }]);
};

function assertLocal(path: string, policy: UrlPolicy, field: string, what: string) {
  if (!policy.allowFileUrls) refuse(field, `may not be ${what} (GIT_ALLOW_FILE_URLS is off)`);
  if (policy.localRoot) {
    // Symbolic links are resolved first: a link inside the root may point anywhere.
    const real = (p: string) => {
      try {
        return realpathSync.native(resolve(p));
      } catch {
        return resolve(p);
      }
    };
    const rel = relative(real(policy.localRoot), real(path));
    if (rel.startsWith('..') || isAbsolute(rel)) refuse(field, `may not be ${what} outside GIT_LOCAL_ROOT`);
  }
}

/**
 * Syntax and scheme of a repository URL, the local-repository rule, and the private-address rule
 * for hosts written as addresses (no DNS: synchronous). `checkGitUrl` adds the DNS part.
 */
export function assertGitUrl(url: string, policy: UrlPolicy | boolean, field = 'url'): void {
  const p: UrlPolicy = typeof policy === 'boolean' ? { allowFileUrls: policy, allowedHosts: [] } : policy;
  if (!url || url.length > 2048 || /[\s\0]/.test(url)) refuse(field, 'must be a git repository URL without spaces');
  if (url.startsWith('-')) refuse(field, 'must not start with "-"');
  if (url.startsWith('/')) return assertLocal(url, p, field, 'a local path');
  // Decision 200: git and curl read some characters differently from the WHATWG parser (`\`).
  assertUriCharacters(url, field);
  const scp = SCP_LIKE.test(url) && !url.includes('::') && !url.includes('://');
  if (!scp) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return refuse(field, 'is not a valid URL');
    }
    const scheme = parsed.protocol.replace(/:$/, '');
    if (scheme === 'file') {
      let path: string;
      try {
        path = fileURLToPath(parsed);
      } catch {
        return refuse(field, 'is not a valid file:// URL');
      }
      return assertLocal(path, p, field, 'a file:// URL');
    }
    if (!['https', 'http', 'ssh', 'git'].includes(scheme))
      refuse(
        field,
        `has unsupported scheme "${scheme}" (use https, ssh or git${p.allowFileUrls ? ', or file://' : ''})`,
      );
    if (!parsed.hostname) refuse(field, 'has no host');
  }
  const { host, port } = urlHost(url)!;
  assertHost(rulesOf(p), host, port, field);
}

/**
 * The URL handed to git: exactly the normalised form of what was checked (decision 200), so no
 * parser can see another host in it. scp-like addresses and local paths are passed as they are.
 */
export function normalisedGitUrl(url: string): string {
  if (url.startsWith('/') || (SCP_LIKE.test(url) && !url.includes('://'))) return url;
  return new URL(url).href;
}

/**
 * The full rule: `assertGitUrl`, then every address the host resolves to must be public unless the
 * host is allowed. Answers the checked addresses (for pinning http transports to them); a host that
 * does not resolve answers none (git's own connection attempt fails the same way, later).
 */
export async function checkGitUrl(
  url: string,
  policy: UrlPolicy,
  field = 'url',
  resolver: Resolver = dnsResolver,
): Promise<string[]> {
  assertGitUrl(url, policy, field);
  const target = urlHost(url);
  if (!target) return [];
  const addresses = await checkHost(rulesOf(policy), target.host, target.port, field, resolver);
  return isIP(target.host) ? [] : addresses;
}
