import { isIP } from 'node:net';
import { stat } from 'node:fs/promises';
import type { ApiException, ApiextensionsV1Api, AppsV1Api, CoreV1Api, CustomObjectsApi, KubeConfig } from '@kubernetes/client-node';
import type { ClusterConfig } from '../../config/cluster.js';
import { Conflict, DomainError, Unavailable } from '../../kernel/errors.js';
import { upstreamError } from '../http.js';
import { checkHttpUrl, integrationRules } from '../outbound/policy.js';
import { decodeBase64Kubeconfig, loadSuppliedKubeconfig, readTextOrPath, type ClusterRef } from './kubeconfig.js';
import { kubernetesSdk, loadedKubernetesSdk, loadKubernetesSdk } from './sdk.js';

/** The name error messages give the cluster (decision 602: 503 "with a message naming the system"). */
export const KUBERNETES = 'Kubernetes cluster';

/** A custom resource's coordinates. */
export interface CustomResource {
  group: string;
  version: string;
  plural: string;
}

/** The typed error for anything a Kubernetes call threw: the API's status, a timeout, or no connection. */
export function kubeError(err: unknown): Error {
  if (err instanceof DomainError) return err;
  const sdk = loadedKubernetesSdk()?.sdk;
  if ((sdk && err instanceof sdk.ApiException) || (typeof (err as any)?.code === 'number' && (err as any).code >= 400)) {
    const code = (err as ApiException<unknown>).code;
    // 409 on a write guarded by resourceVersion: someone else changed the object first.
    if (code === 409) return new Conflict(`${KUBERNETES} refused the write: the object changed meanwhile; try again`);
    return upstreamError(KUBERNETES, code);
  }
  const name = (err as Error)?.name;
  if (name === 'AbortError' || name === 'TimeoutError') return new Unavailable(`${KUBERNETES} did not answer in time`);
  return new Unavailable(`${KUBERNETES} is unreachable`);
}

const statusOf = (err: unknown): number | undefined => {
  const sdk = loadedKubernetesSdk()?.sdk;
  return sdk && err instanceof sdk.ApiException ? err.code : undefined;
};

/**
 * One cluster's API, through the official client: every call carries the configured timeout, and
 * every failure becomes a typed error here. Objects are returned as the API server sent them.
 */
export class KubeClient {
  private readonly core: CoreV1Api;
  private readonly apps: AppsV1Api;
  private readonly ext: ApiextensionsV1Api;
  private readonly custom: CustomObjectsApi;

  constructor(
    readonly kubeconfig: KubeConfig,
    private readonly timeoutMs: number,
  ) {
    const { sdk } = kubernetesSdk();
    this.core = kubeconfig.makeApiClient(sdk.CoreV1Api);
    this.apps = kubeconfig.makeApiClient(sdk.AppsV1Api);
    this.ext = kubeconfig.makeApiClient(sdk.ApiextensionsV1Api);
    this.custom = kubeconfig.makeApiClient(sdk.CustomObjectsApi);
  }

  /**
   * Per-call options: an abort signal for the timeout joined with the caller's (a job's, decision 511),
   * and extra headers (a patch's content type).
   */
  private options(headers: Record<string, string> = {}, signal?: AbortSignal): any {
    const timeoutMs = this.timeoutMs;
    return {
      middleware: [
        {
          pre: (ctx: any) => {
            ctx.setSignal(signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs));
            for (const [k, v] of Object.entries(headers)) ctx.setHeaderParam(k, v);
            return kubernetesSdk().of(ctx);
          },
          post: (res: unknown) => kubernetesSdk().of(res),
        },
      ],
      middlewareMergeStrategy: 'append',
    };
  }

  /** Runs a call; statuses in `absent` answer `null` instead of an error (e.g. 404: not installed). */
  private async call<T>(fn: () => Promise<T>, absent: number[] = [], signal?: AbortSignal): Promise<T | null> {
    signal?.throwIfAborted();
    try {
      return await fn();
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      const status = statusOf(err);
      if (status !== undefined && absent.includes(status)) return null;
      throw kubeError(err);
    }
  }

  async listDeployments(namespace?: string, signal?: AbortSignal): Promise<any[]> {
    const list = namespace
      ? await this.call(() => this.apps.listNamespacedDeployment({ namespace }, this.options({}, signal)), [], signal)
      : await this.call(() => this.apps.listDeploymentForAllNamespaces({}, this.options({}, signal)), [], signal);
    return list?.items ?? [];
  }

  async namespaceExists(name: string, signal?: AbortSignal): Promise<boolean> {
    return (await this.call(() => this.core.readNamespace({ name }, this.options({}, signal)), [404], signal)) !== null;
  }

  async listCrds(signal?: AbortSignal): Promise<any[]> {
    return (await this.call(() => this.ext.listCustomResourceDefinition({}, this.options({}, signal)), [], signal))?.items ?? [];
  }

  /** A CRD by name (`<plural>.<group>`), or null when it is not installed. */
  async readCrd(name: string, signal?: AbortSignal): Promise<any | null> {
    return this.call(() => this.ext.readCustomResourceDefinition({ name }, this.options({}, signal)), [404], signal);
  }

  /** The resources a group version serves (discovery), or null when the group version is not served. */
  async groupResources(group: string, version: string, signal?: AbortSignal): Promise<{ name: string; kind: string; namespaced: boolean }[] | null> {
    const list = await this.call(() => this.custom.getAPIResources({ group, version }, this.options({}, signal)), [404], signal);
    return list ? list.resources : null;
  }

  /** Lists custom objects (namespaced or in all namespaces); null when the resource is not served (404). */
  async listCustom(res: CustomResource, namespace?: string, signal?: AbortSignal): Promise<{ items: any[]; resourceVersion: string } | null> {
    const list: any = namespace
      ? await this.call(() => this.custom.listNamespacedCustomObject({ ...res, namespace }, this.options({}, signal)), [404], signal)
      : await this.call(() => this.custom.listClusterCustomObject({ ...res }, this.options({}, signal)), [404], signal);
    if (!list) return null;
    return { items: Array.isArray(list.items) ? list.items : [], resourceVersion: list.metadata?.resourceVersion ?? '' };
  }

  /** One namespaced custom object, or null when absent (404). */
  async getCustom(res: CustomResource, namespace: string, name: string, signal?: AbortSignal): Promise<any | null> {
    return this.call(() => this.custom.getNamespacedCustomObject({ ...res, namespace, name }, this.options({}, signal)), [404], signal);
  }

  /** A JSON merge patch (RFC 7386): custom resources refuse strategic-merge patches (415). */
  async mergePatchCustom(res: CustomResource, namespace: string, name: string, patch: object, signal?: AbortSignal): Promise<any | null> {
    const options = this.options({ 'Content-Type': kubernetesSdk().sdk.PatchStrategy.MergePatch }, signal);
    return this.call(() => this.custom.patchNamespacedCustomObject({ ...res, namespace, name, body: patch }, options), [404], signal);
  }
}

/**
 * The cluster's server named by the address the policy checked (decision 210). TLS still verifies the
 * certificate against the name the kubeconfig gave (`tls-server-name`, Node's `servername`), and a
 * literal address is left as it is (nothing to resolve). Behind a proxy the proxy connects: unchanged.
 */
export function pinnedToAddress(kc: KubeConfig, clusterName: string, url: URL, addresses: readonly string[]): KubeConfig {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const address = addresses[0];
  const cluster = kc.clusters.find((c) => c.name === clusterName);
  if (!address || !cluster || cluster.proxyUrl || isIP(host) !== 0) return kc;
  const pinned = new URL(url);
  pinned.hostname = isIP(address) === 6 ? `[${address}]` : address;
  return withClusters(kc, (c) =>
    c === cluster ? { ...c, server: url.pathname === '/' ? pinned.origin : pinned.toString(), tlsServerName: c.tlsServerName ?? host } : c,
  );
}

/**
 * client-node refuses an `http://` server unless the kubeconfig also says `insecure-skip-tls-verify`
 * (there is no TLS to verify either way); a plain-HTTP API server (a local proxy such as
 * `kubectl proxy`, a test rig) is accepted as written.
 */
function plainHttpAllowed(kc: KubeConfig): KubeConfig {
  if (!kc.clusters.some((c) => c.server.startsWith('http:') && !c.skipTLSVerify)) return kc;
  return withClusters(kc, (c) => (c.server.startsWith('http:') ? { ...c, skipTLSVerify: true } : c));
}

/** A copy of `kc` with its clusters changed by `change` (client-node's clusters are read-only). */
function withClusters(kc: KubeConfig, change: (cluster: KubeConfig['clusters'][number]) => KubeConfig['clusters'][number]): KubeConfig {
  const fixed = new (kubernetesSdk().sdk.KubeConfig)();
  fixed.loadFromOptions({ clusters: kc.clusters.map(change), users: kc.users, contexts: kc.contexts, currentContext: kc.currentContext });
  return fixed;
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
    if (ref.kind === 'base64') return this.make(await this.checked(loadSuppliedKubeconfig(decodeBase64Kubeconfig(ref.value), { allowFiles: false })));
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
        throw new Unavailable(`${KUBERNETES}: the configuration file named by CLUSTER_CONFIG_PATH is not a valid kubeconfig`);
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
