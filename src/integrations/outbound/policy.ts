import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { OutboundConfig } from '../../config/outbound.js';
import { Invalid } from '../../kernel/errors.js';
import { addressKind, inRange, isLoopbackName, literalAddress, type AddressKind } from './addresses.js';

/**
 * The one outbound-address policy (decision 200): whether the server may call a host a person
 * supplied (git repositories, search clusters, CI/CD credential URLs, kubeconfig servers, registry
 * and gateway URLs). Every client of such a URL asks this module; none keeps its own list.
 */
export interface OutboundRules {
  /** Exempt from the internal-address rule: names, addresses, `host:port`, CIDR ranges, `*.suffix`. */
  readonly allowedHosts: readonly string[];
  /** Only `allowedHosts` may be called at all (SEARCH_URL_ALLOWLIST). */
  readonly onlyAllowedHosts?: boolean;
  /** Internal kinds allowed anyway (development settings such as SEARCH_ALLOW_INTERNAL_URLS). */
  readonly allowKinds?: readonly AddressKind[];
  /** The setting named in refusals, so a user or operator knows what widens the rule. */
  readonly setting: string;
}

/** The rules for CI/CD credential URLs and supplied kubeconfig servers (OUTBOUND_* settings). */
export function integrationRules(cfg: OutboundConfig): OutboundRules {
  return {
    allowedHosts: cfg.allowedHosts,
    allowKinds: cfg.allowPrivate ? ['loopback', 'private'] : [],
    setting: 'OUTBOUND_ALLOWED_HOSTS',
  };
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
 * RFC 3986 allows only these characters in a URI (unreserved, reserved and `%`). Anything else
 * (`\`, spaces, `<>"{}|^` and backtick, non-ASCII) is parsed differently by different parsers:
 * the WHATWG parser ends an authority at `\` where curl and git read it as user information.
 */
const RFC3986 = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;

export class OutboundRefused extends Invalid {}

export const refuse = (field: string, why: string): never => {
  throw new OutboundRefused(`${field} ${why}`, [{ field, problem: why }]);
};

/** Refuses characters RFC 3986 does not allow (decision 200). */
export function assertUriCharacters(url: string, field: string): void {
  if (!RFC3986.test(url)) refuse(field, 'contains characters a URL may not hold (such as "\\", spaces or quotes)');
}

/**
 * An http(s) URL parsed and normalised: the caller must hand on `href`, never the raw string, so
 * the host checked is the host called.
 */
export function parseHttpUrl(raw: string, field: string): URL {
  assertUriCharacters(raw, field);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse(field, 'must be an http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') refuse(field, 'must be an http or https URL');
  if (!url.hostname) refuse(field, 'has no host');
  return url;
}

const bareHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '');

/** Whether `host` (with `port`) is listed; CIDR entries must hold the literal or every resolved address. */
export function isAllowedHost(
  rules: OutboundRules,
  host: string,
  port: number | undefined,
  addresses: readonly string[] = [],
): boolean {
  const h = bareHost(host);
  for (const raw of rules.allowedHosts) {
    const entry = raw.toLowerCase();
    if (entry === h || (port !== undefined && entry === `${h}:${port}`)) return true;
    if (entry.startsWith('*.') && h.endsWith(entry.slice(1))) return true;
    const cidr = /^([0-9a-f:.]+)\/(\d{1,3})$/.exec(entry);
    if (cidr && isIP(cidr[1]!)) {
      const literal = literalAddress(h);
      const candidates = literal ? [literal] : addresses;
      if (candidates.length && candidates.every((a) => inRange(a, cidr[1]!, Number(cidr[2])))) return true;
    }
  }
  return false;
}

/** The reason an address may not be called under `rules`, or undefined when it may. */
export function refusalOf(rules: OutboundRules, address: string): AddressKind | undefined {
  const kind = addressKind(address);
  return kind && !rules.allowKinds?.includes(kind) ? kind : undefined;
}

/**
 * The part of the rule that needs no DNS: the host is listed, or it is a name (checked again once
 * resolved), or an address of no refused kind. Throws a 400 naming `field`.
 */
export function assertHost(rules: OutboundRules, host: string, port: number | undefined, field: string): void {
  const h = bareHost(host);
  if (isAllowedHost(rules, h, port)) return;
  if (rules.onlyAllowedHosts) refuse(field, `may not point to ${h}: the host is not in ${rules.setting}`);
  if (isLoopbackName(h) && !rules.allowKinds?.includes('loopback'))
    refuse(field, `may not point to ${h}, a loopback host (see ${rules.setting})`);
  const kind = refusalOf(rules, h);
  if (kind) refuse(field, `may not point to ${h}, a ${kind} address (see ${rules.setting})`);
}

/**
 * The full rule for one host: `assertHost`, then every address it resolves to. Answers the
 * addresses checked, for pinning the connection to them; a name that does not resolve answers none
 * (the connection then fails as unreachable).
 */
export async function checkHost(
  rules: OutboundRules,
  host: string,
  port: number | undefined,
  field: string,
  resolver: Resolver = dnsResolver,
): Promise<string[]> {
  assertHost(rules, host, port, field);
  const h = bareHost(host);
  const literal = literalAddress(h);
  if (literal) return [literal];
  let addresses: string[];
  try {
    addresses = await resolver(h);
  } catch {
    return [];
  }
  if (isAllowedHost(rules, h, port, addresses)) return addresses;
  for (const a of addresses) {
    const kind = refusalOf(rules, a);
    if (kind) refuse(field, `may not point to ${h}: it resolves to a ${kind} address (see ${rules.setting})`);
  }
  return addresses;
}

/** `parseHttpUrl` + `checkHost`: the normalised URL and the addresses it may be pinned to. */
export async function checkHttpUrl(
  rules: OutboundRules,
  raw: string,
  field: string,
  resolver?: Resolver,
): Promise<{ url: URL; addresses: string[] }> {
  const url = parseHttpUrl(raw, field);
  const addresses = await checkHost(rules, url.hostname, url.port ? Number(url.port) : undefined, field, resolver);
  return { url, addresses };
}
