import { stat } from 'node:fs/promises';
import type { KubeConfig } from '@kubernetes/client-node';
import type { ClusterConfig } from '../../config/cluster.js';
import { Unavailable } from '../../kernel/errors.js';
import { checkHttpUrl, integrationRules } from '../outbound/policy.js';
import { KubeClient, KUBERNETES } from './client.js';
import { decodeBase64Kubeconfig, loadSuppliedKubeconfig, readTextOrPath, type ClusterRef } from './kubeconfig.js';
import { kubernetesSdk, loadKubernetesSdk } from './sdk.js';
import { pinnedToAddress, plainHttpAllowed } from './server-pinning.js';

const shared = new WeakMap<ClusterConfig, KubernetesAccess>();

/** One access object per app configuration, shared by the modules that talk to the cluster. */
export function kubernetesAccess(cfg: ClusterConfig): KubernetesAccess {
  let access = shared.get(cfg);
  if (!access) {
    access = new KubernetesAccess(cfg);
    shared.set(cfg, access);
  }
  return access;
}

/**
 * The one way into Kubernetes: the server's own cluster (`CLUSTER_CONFIG_PATH`, or the in-cluster
 * service account) or an admin-supplied kubeconfig. The file is re-read when it changes, and
 * nothing holds a connection between calls, so a cluster that comes back is used again at once.
 */
export class KubernetesAccess {
  private cached: { key: string; client: KubeClient } | undefined;

  constructor(private readonly cfg: ClusterConfig) {}

  /** Whether the server has a cluster of its own (supplied kubeconfigs aside). */
  get configured(): boolean {
    return !!this.cfg.configPath || this.cfg.inCluster;
  }

  /** The client for `ref`; for the default cluster, null when none is configured. */
  async client(ref: ClusterRef = { kind: 'default' }): Promise<KubeClient | null> {
    if (ref.kind === 'default' && !this.configured) return null;
    await loadKubernetesSdk();
    if (ref.kind === 'base64')
      return this.make(
        await this.checked(loadSuppliedKubeconfig(decodeBase64Kubeconfig(ref.value), { allowFiles: false })),
      );
    if (ref.kind === 'textOrPath') {
      const { text, fromFile } = await readTextOrPath(ref.value, this.cfg.configFolder);
      return this.make(await this.checked(loadSuppliedKubeconfig(text, { allowFiles: fromFile })));
    }
    return this.defaultClient();
  }

  /**
   * A supplied kubeconfig's server (and proxy) under the outbound policy (decision 200), resolved
   * names included, and pinned: the client connects to the address that was checked, so a second
   * DNS answer cannot lead it elsewhere (decision 210).
   */
  private async checked(kc: KubeConfig): Promise<KubeConfig> {
    const cluster = kc.getCurrentCluster()!;
    const rules = integrationRules(this.cfg.outbound);
    const { url, addresses } = await checkHttpUrl(rules, cluster.server, 'clusterConfig server');
    if (cluster.proxyUrl) await checkHttpUrl(rules, cluster.proxyUrl, 'clusterConfig proxy-url');
    return pinnedToAddress(kc, cluster.name, url, addresses);
  }

  /** The default cluster's client, or a 503 when none is configured (mesh endpoints). */
  async require(ref?: ClusterRef): Promise<KubeClient> {
    const client = await this.client(ref);
    if (!client) throw new Unavailable(`${KUBERNETES} is not configured (set CLUSTER_CONFIG_PATH or run in a cluster)`);
    return client;
  }

  private make(kc: KubeConfig) {
    return new KubeClient(plainHttpAllowed(kc), this.cfg.timeoutMs);
  }

  private async defaultClient(): Promise<KubeClient | null> {
    if (this.cfg.configPath) {
      let key: string;
      try {
        const s = await stat(this.cfg.configPath);
        key = `${s.mtimeMs}:${s.size}`;
      } catch {
        throw new Unavailable(`${KUBERNETES}: the configuration file named by CLUSTER_CONFIG_PATH cannot be read`);
      }
      if (this.cached?.key === key) return this.cached.client;
      const kc = new (kubernetesSdk().sdk.KubeConfig)();
      try {
        kc.loadFromFile(this.cfg.configPath);
      } catch {
        throw new Unavailable(
          `${KUBERNETES}: the configuration file named by CLUSTER_CONFIG_PATH is not a valid kubeconfig`,
        );
      }
      const client = this.make(kc);
      this.cached = { key, client };
      return client;
    }
    if (this.cfg.inCluster) {
      if (this.cached?.key === 'in-cluster') return this.cached.client;
      const kc = new (kubernetesSdk().sdk.KubeConfig)();
      kc.loadFromCluster();
      this.cached = { key: 'in-cluster', client: this.make(kc) };
      return this.cached.client;
    }
    return null;
  }
}
