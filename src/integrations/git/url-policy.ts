import { lookup } from 'node:dns/promises';
import { realpathSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Invalid } from '../../kernel/errors.js';

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

/** Loopback, link-local (cloud metadata), private (RFC 1918, ULA), CGNAT and other non-public ranges. */
const BLOCKED = (() => {
  const b = new BlockList();
  const v4: [string, number][] = [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ];
  for (const [net, bits] of v4) b.addSubnet(net, bits, 'ipv4');
  const v6: [string, number][] = [
    ['::', 128],
    ['::1', 128],
    ['fe80::', 10],
    ['fc00::', 7],
    ['ff00::', 8],
    // NAT64 and 6to4 embed IPv4 addresses (IPv4-mapped ::ffff:a.b.c.d is matched by the v4 rules).
    ['64:ff9b::', 96],
    ['2002::', 16],
  ];
  for (const [net, bits] of v6) b.addSubnet(net, bits, 'ipv6');
  return b;
})();

export function addressKind(address: string): 'loopback' | 'link-local' | 'private' | undefined {
  const family = isIP(address);
  if (!family) return undefined;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (!BLOCKED.check(address, type)) return undefined;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  if (a === '::1' || a === '::' || /^127\./.test(a) || /^0\./.test(a)) return 'loopback';
  if (/^169\.254\./.test(a) || /^fe[89ab]/.test(a)) return 'link-local';
  return 'private';
}

/** The host a repository URL connects to, or undefined for local repositories. */
export function urlHost(url: string): { host: string; port?: number; scheme: string } | undefined {
  const scp = SCP_LIKE.exec(url);
  if (scp && !url.includes('://')) return { host: scp[1]!.replace(/^\[|\]$/g, '').toLowerCase(), scheme: 'ssh' };
  if (url.startsWith('/')) return undefined;
  const parsed = new URL(url);
  const scheme = parsed.protocol.replace(/:$/, '');
  if (scheme === 'file') return undefined;
  return { host: parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase(), port: parsed.port ? Number(parsed.port) : undefined, scheme };
}

function allowedHost(host: string, addresses: string[], allowed: readonly string[]): boolean {
  for (const entry of allowed.map((e) => e.toLowerCase())) {
    if (entry === host) return true;
    if (entry.startsWith('*.') && host.endsWith(entry.slice(1))) return true;
    const cidr = /^([0-9a-f:.]+)\/(\d{1,3})$/.exec(entry);
    if (cidr && isIP(cidr[1]!)) {
      const list = new BlockList();
      const type = isIP(cidr[1]!) === 6 ? 'ipv6' : 'ipv4';
      list.addSubnet(cidr[1]!, Number(cidr[2]), type);
      const candidates = isIP(host) ? [host] : addresses;
      if (candidates.length && candidates.every((a) => list.check(a, isIP(a) === 6 ? 'ipv6' : 'ipv4'))) return true;
    }
  }
  return false;
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
      refuse(field, `has unsupported scheme "${scheme}" (use https, ssh or git${p.allowFileUrls ? ', or file://' : ''})`);
    if (!parsed.hostname) refuse(field, 'has no host');
  }
  const { host } = urlHost(url)!;
  if (allowedHost(host, [], p.allowedHosts)) return;
  if (host === 'localhost' || host.endsWith('.localhost')) refuse(field, `may not point to ${host}, a loopback host (see GIT_ALLOWED_HOSTS)`);
  const kind = addressKind(host);
  if (kind) refuse(field, `may not point to ${host}, a ${kind} address (see GIT_ALLOWED_HOSTS)`);
}

export type Resolver = (host: string) => Promise<string[]>;

/** The system resolver, bounded: a resolver that does not answer must not hold a request. */
export const dnsResolver: Resolver = async (host) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS lookup timed out')), 5000);
  });
  try {
    return (await Promise.race([lookup(host, { all: true, verbatim: true }), timeout])).map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * The full rule: `assertGitUrl`, then every address the host resolves to must be public unless the
 * host is allowed. Answers the checked addresses (for pinning http transports to them); a host that
 * does not resolve answers none (git's own connection attempt fails the same way, later).
 */
export async function checkGitUrl(url: string, policy: UrlPolicy, field = 'url', resolver: Resolver = dnsResolver): Promise<string[]> {
  assertGitUrl(url, policy, field);
  const target = urlHost(url);
  if (!target || isIP(target.host)) return [];
  let addresses: string[];
  try {
    addresses = await resolver(target.host);
  } catch {
    return [];
  }
  if (allowedHost(target.host, addresses, policy.allowedHosts)) return [];
  for (const a of addresses) {
    const kind = addressKind(a);
    if (kind) refuse(field, `may not point to ${target.host}: it resolves to a ${kind} address (see GIT_ALLOWED_HOSTS)`);
  }
  return addresses;
}
