import { isIP, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { assertHost, checkHost, dnsResolver, type OutboundRules, type Resolver } from './policy.js';

/**
 * The pinned dispatcher under `outboundFetch` (decision 200), for callers that use `undici.request`
 * directly (webhook receivers, decision 1110): `dispatcher` resolves and checks every connection's
 * host at connect time; `check` decides a literal address (which never reaches the resolver) before
 * connecting. Redirects are never followed by `request` either.
 */
export function outboundDispatcher(rules: OutboundRules, resolver: Resolver = dnsResolver) {
  // The port of `host:port` entries is enforced before connecting (below); the lookup sees names only.
  const byName: OutboundRules = {
    ...rules,
    allowedHosts: rules.allowedHosts.map((e) => e.replace(/^([^:[\]]+):\d+$/, '$1')),
  };
  const lookup: LookupFunction = (hostname, options, callback) => {
    checkHost(byName, hostname, undefined, 'url', resolver).then(
      (addresses) => {
        if (addresses.length === 0)
          return callback(Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' }), '', 4);
        const list = addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
        if (options.all) return (callback as unknown as (e: null, l: typeof list) => void)(null, list);
        callback(null, list[0]!.address, list[0]!.family);
      },
      (err: Error) => callback(Object.assign(err, { code: 'EOUTBOUNDREFUSED' }), '', 4),
    );
  };
  return {
    dispatcher: new Agent({ connect: { lookup } }),
    /** The URL parsed, its literal address (and listed port) decided now; throws `OutboundRefused`. */
    check(input: string | URL): URL {
      const url = new URL(String(input));
      assertHost(rules, url.hostname, url.port ? Number(url.port) : undefined, 'url');
      return url;
    },
  };
}

/**
 * A `fetch` whose every connection is decided by the outbound policy at connect time (decision
 * 200): the host name is resolved once, every address checked, and the socket connects to exactly
 * those addresses, so a second DNS answer (rebinding) cannot lead elsewhere. Redirects are never
 * followed (a `Location` would be a new, unchecked URL): the 3xx is answered as it is.
 */
export function outboundFetch(rules: OutboundRules, resolver: Resolver = dnsResolver): typeof fetch {
  const { dispatcher, check } = outboundDispatcher(rules, resolver);
  const pinned = async (input: string | URL, init?: RequestInit) =>
    // A literal address never reaches the resolver (`lookup`): it is decided here, before connecting.
    undiciFetch(check(input), { ...(init as object), redirect: 'manual', dispatcher } as never);
  return pinned as unknown as typeof fetch;
}
