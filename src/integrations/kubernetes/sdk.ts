import type * as ClientNode from '@kubernetes/client-node';

/**
 * `@kubernetes/client-node` is loaded on the first call into a cluster, not at start: it costs about
 * 70 MB and 2 s to load, and most deployments of Hangar never configure a cluster. Every entry into
 * Kubernetes goes through `KubernetesAccess.client()`, which awaits `loadKubernetesSdk()` first, so the
 * synchronous code behind it can use `kubernetesSdk()`.
 */
export interface KubernetesSdk {
  sdk: typeof ClientNode;
  /** The generated client's minimal Observable `of` (its middleware needs one). */
  of: <T>(value: T) => any;
}

let loaded: KubernetesSdk | undefined;
let loading: Promise<KubernetesSdk> | undefined;

export async function loadKubernetesSdk(): Promise<KubernetesSdk> {
  if (loaded) return loaded;
  loading ??= Promise.all([
    import('@kubernetes/client-node'),
    import('@kubernetes/client-node/dist/gen/rxjsStub.js'),
  ]).then(([sdk, rx]) => ({
    sdk,
    of: rx.of as KubernetesSdk['of'],
  }));
  loaded = await loading;
  return loaded;
}

/** The SDK, once `loadKubernetesSdk()` has run (undefined before). */
export const loadedKubernetesSdk = (): KubernetesSdk | undefined => loaded;

export function kubernetesSdk(): KubernetesSdk {
  if (!loaded) throw new Error('the Kubernetes client library is used before it was loaded');
  return loaded;
}
