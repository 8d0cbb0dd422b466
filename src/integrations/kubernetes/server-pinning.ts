import { isIP } from 'node:net';
import type { KubeConfig } from '@kubernetes/client-node';
import { kubernetesSdk } from './sdk.js';

/**
 * The cluster's server named by the address the policy checked (decision 210). TLS still verifies the
 * certificate against the name the kubeconfig gave (`tls-server-name`, Node's `servername`), and a
 * literal address is left as it is (nothing to resolve). Behind a proxy the proxy connects: unchanged.
 */
export function pinnedToAddress(
  kc: KubeConfig,
  clusterName: string,
  url: URL,
  addresses: readonly string[],
): KubeConfig {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const address = addresses[0];
  const cluster = kc.clusters.find((c) => c.name === clusterName);
  if (!address || !cluster || cluster.proxyUrl || isIP(host) !== 0) return kc;
  const pinned = new URL(url);
  pinned.hostname = isIP(address) === 6 ? `[${address}]` : address;
  return withClusters(kc, (c) =>
    c === cluster
      ? {
          ...c,
          server: url.pathname === '/' ? pinned.origin : pinned.toString(),
          tlsServerName: c.tlsServerName ?? host,
        }
      : c,
  );
}

/**
 * client-node refuses an `http://` server unless the kubeconfig also says `insecure-skip-tls-verify`
 * (there is no TLS to verify either way); a plain-HTTP API server (a local proxy such as
 * `kubectl proxy`, a test rig) is accepted as written.
 */
export function plainHttpAllowed(kc: KubeConfig): KubeConfig {
  if (!kc.clusters.some((c) => c.server.startsWith('http:') && !c.skipTLSVerify)) return kc;
  return withClusters(kc, (c) => (c.server.startsWith('http:') ? { ...c, skipTLSVerify: true } : c));
}

/** A copy of `kc` with its clusters changed by `change` (client-node's clusters are read-only). */
function withClusters(
  kc: KubeConfig,
  change: (cluster: KubeConfig['clusters'][number]) => KubeConfig['clusters'][number],
): KubeConfig {
  const fixed = new (kubernetesSdk().sdk.KubeConfig)();
  fixed.loadFromOptions({
    clusters: kc.clusters.map(change),
    users: kc.users,
    contexts: kc.contexts,
    currentContext: kc.currentContext,
  });
  return fixed;
}
