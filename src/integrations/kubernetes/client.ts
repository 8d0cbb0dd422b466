import type {
  ApiException,
  ApiextensionsV1Api,
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
} from '@kubernetes/client-node';
import { Conflict, DomainError, Unavailable } from '../../kernel/errors.js';
import { upstreamError } from '../http.js';
import { kubernetesSdk, loadedKubernetesSdk } from './sdk.js';

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
  if (
    (sdk && err instanceof sdk.ApiException) ||
    (typeof (err as any)?.code === 'number' && (err as any).code >= 400)
  ) {
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
            ctx.setSignal(
              signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
            );
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
    return (
      (await this.call(() => this.ext.listCustomResourceDefinition({}, this.options({}, signal)), [], signal))?.items ??
      []
    );
  }

  /** A CRD by name (`<plural>.<group>`), or null when it is not installed. */
  async readCrd(name: string, signal?: AbortSignal): Promise<any | null> {
    return this.call(() => this.ext.readCustomResourceDefinition({ name }, this.options({}, signal)), [404], signal);
  }

  /** The resources a group version serves (discovery), or null when the group version is not served. */
  async groupResources(
    group: string,
    version: string,
    signal?: AbortSignal,
  ): Promise<{ name: string; kind: string; namespaced: boolean }[] | null> {
    const list = await this.call(
      () => this.custom.getAPIResources({ group, version }, this.options({}, signal)),
      [404],
      signal,
    );
    return list ? list.resources : null;
  }

  /** Lists custom objects (namespaced or in all namespaces); null when the resource is not served (404). */
  async listCustom(
    res: CustomResource,
    namespace?: string,
    signal?: AbortSignal,
  ): Promise<{ items: any[]; resourceVersion: string } | null> {
    const list: any = namespace
      ? await this.call(
          () => this.custom.listNamespacedCustomObject({ ...res, namespace }, this.options({}, signal)),
          [404],
          signal,
        )
      : await this.call(() => this.custom.listClusterCustomObject({ ...res }, this.options({}, signal)), [404], signal);
    if (!list) return null;
    return {
      items: Array.isArray(list.items) ? list.items : [],
      resourceVersion: list.metadata?.resourceVersion ?? '',
    };
  }

  /** One namespaced custom object, or null when absent (404). */
  async getCustom(res: CustomResource, namespace: string, name: string, signal?: AbortSignal): Promise<any | null> {
    return this.call(
      () => this.custom.getNamespacedCustomObject({ ...res, namespace, name }, this.options({}, signal)),
      [404],
      signal,
    );
  }

  /** A JSON merge patch (RFC 7386): custom resources refuse strategic-merge patches (415). */
  async mergePatchCustom(
    res: CustomResource,
    namespace: string,
    name: string,
    patch: object,
    signal?: AbortSignal,
  ): Promise<any | null> {
    const options = this.options({ 'Content-Type': kubernetesSdk().sdk.PatchStrategy.MergePatch }, signal);
    return this.call(
      () => this.custom.patchNamespacedCustomObject({ ...res, namespace, name, body: patch }, options),
      [404],
      signal,
    );
  }
}
