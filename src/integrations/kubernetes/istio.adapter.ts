import { Conflict, NotFound } from '../../kernel/errors.js';
import type { ClusterRef, MeshOnePort, VirtualServiceRead } from '../../modules/meshone/meshone.ports.js';
import type {
  AuthorizationPolicy,
  MeshOneStatus,
  PeerAuthentication,
  VirtualService,
} from '../../modules/meshone/meshone.schemas.js';
import type { KubernetesAccess } from './access.js';
import type { CustomResource, KubeClient } from './client.js';
import { createdAt, deploymentSummary, imageTag, strings } from './resources.js';

const NETWORKING = 'networking.istio.io';
const SECURITY = 'security.istio.io';
/** Istio 1.22+ serves `v1`; older releases only `v1beta1` (decision 614: fall back). */
const NETWORKING_VERSIONS = ['v1', 'v1beta1'];
const SECURITY_VERSIONS = ['v1', 'v1beta1'];
const MTLS_MODES = new Set(['STRICT', 'PERMISSIVE', 'DISABLE', 'UNSET']);

const resource = (group: string, version: string, plural: string): CustomResource => ({ group, version, plural });

/** Istio read from the cluster: control plane deployments of `istio-system` and Istio's CRDs. */
export class IstioAdapter implements MeshOnePort {
  constructor(private readonly access: KubernetesAccess) {}

  async status(ref: ClusterRef, signal?: AbortSignal): Promise<MeshOneStatus> {
    const kube = await this.access.require(ref);
    const deployments = (await kube.listDeployments('istio-system', signal)).map((d) => ({
      d,
      s: deploymentSummary(d),
    }));
    const components = deployments.map(({ d, s }) => ({
      name: s.name,
      ready: s.ready,
      version: d.metadata?.labels?.['app.kubernetes.io/version'] ?? imageTag(s.image),
    }));
    const istiod = components.find((c) => c.name === 'istiod' || c.name.startsWith('istiod-')) ?? components[0];
    return { installed: components.length > 0, version: istiod?.version ?? null, components };
  }

  async listVirtualServices(ref: ClusterRef, namespace: string, signal?: AbortSignal): Promise<VirtualService[]> {
    const kube = await this.access.require(ref);
    const list = await this.firstServed(kube, NETWORKING, NETWORKING_VERSIONS, 'virtualservices', namespace, signal);
    return (list ?? []).map(toVirtualService);
  }

  async getVirtualService(
    ref: ClusterRef,
    namespace: string,
    name: string,
    signal?: AbortSignal,
  ): Promise<VirtualServiceRead> {
    const kube = await this.access.require(ref);
    const { obj } = await this.readVirtualService(kube, namespace, name, signal);
    return { resource: toVirtualService(obj), resourceVersion: String(obj.metadata?.resourceVersion ?? '') };
  }

  async setFirstRouteWeights(
    ref: ClusterRef,
    namespace: string,
    name: string,
    weights: number[],
    resourceVersion: string,
    signal?: AbortSignal,
  ): Promise<VirtualService> {
    const kube = await this.access.require(ref);
    const { obj, version } = await this.readVirtualService(kube, namespace, name, signal);
    if (resourceVersion && obj.metadata?.resourceVersion !== resourceVersion)
      throw new Conflict('The virtual service changed while the weights were checked; try again');
    const http: any[] = structuredClone(obj.spec?.http ?? []);
    const route: any[] = http[0]?.route ?? [];
    if (route.length !== weights.length)
      throw new Conflict('The virtual service changed while the weights were checked; try again');
    route.forEach((r, i) => (r.weight = weights[i]));
    // A merge patch replaces `spec.http` whole (arrays are not merged); `metadata.resourceVersion`
    // makes the API server refuse it with 409 if someone else wrote the resource in between.
    const patch = { metadata: { resourceVersion: obj.metadata?.resourceVersion }, spec: { http } };
    const updated = await kube.mergePatchCustom(
      resource(NETWORKING, version, 'virtualservices'),
      namespace,
      name,
      patch,
      signal,
    );
    if (!updated) throw new NotFound(`Virtual service ${namespace}/${name} not found`);
    return toVirtualService(updated);
  }

  async listPeerAuthentications(
    ref: ClusterRef,
    namespace: string,
    signal?: AbortSignal,
  ): Promise<PeerAuthentication[]> {
    const kube = await this.access.require(ref);
    const items =
      (await this.firstServed(kube, SECURITY, SECURITY_VERSIONS, 'peerauthentications', namespace, signal)) ?? [];
    return items.map((o) => {
      const mode = String(o.spec?.mtls?.mode ?? 'UNSET').toUpperCase();
      return {
        name: o.metadata.name,
        namespace: o.metadata.namespace,
        mtlsMode: (MTLS_MODES.has(mode) ? mode : 'UNSET') as PeerAuthentication['mtlsMode'],
        createdAt: createdAt(o),
      };
    });
  }

  async listAuthorizationPolicies(
    ref: ClusterRef,
    namespace: string,
    signal?: AbortSignal,
  ): Promise<AuthorizationPolicy[]> {
    const kube = await this.access.require(ref);
    const items =
      (await this.firstServed(kube, SECURITY, SECURITY_VERSIONS, 'authorizationpolicies', namespace, signal)) ?? [];
    return items.map((o) => ({
      name: o.metadata.name,
      namespace: o.metadata.namespace,
      action: String(o.spec?.action ?? 'ALLOW'),
      rules: Array.isArray(o.spec?.rules) ? o.spec.rules.filter((r: unknown) => r && typeof r === 'object') : [],
      createdAt: createdAt(o),
    }));
  }

  /** Lists from the first served version; null when none is (Istio's CRDs are not installed). */
  private async firstServed(
    kube: KubeClient,
    group: string,
    versions: string[],
    plural: string,
    namespace: string,
    signal?: AbortSignal,
  ): Promise<any[] | null> {
    for (const version of versions) {
      const list = await kube.listCustom(resource(group, version, plural), namespace, signal);
      if (list) return list.items;
    }
    return null;
  }

  private async readVirtualService(
    kube: KubeClient,
    namespace: string,
    name: string,
    signal?: AbortSignal,
  ): Promise<{ obj: any; version: string }> {
    for (const version of NETWORKING_VERSIONS) {
      const obj = await kube.getCustom(resource(NETWORKING, version, 'virtualservices'), namespace, name, signal);
      if (obj) return { obj, version };
      // 404: the object is absent, or this version is not served; only the second needs the fallback.
      if ((await kube.groupResources(NETWORKING, version, signal))?.some((r) => r.name === 'virtualservices')) break;
    }
    throw new NotFound(`Virtual service ${namespace}/${name} not found`);
  }
}

function toVirtualService(o: any): VirtualService {
  const http: any[] = Array.isArray(o.spec?.http) ? o.spec.http : [];
  return {
    name: o.metadata.name,
    namespace: o.metadata.namespace,
    hosts: strings(o.spec?.hosts),
    http: http.map((h) => {
      const route: any[] = Array.isArray(h?.route) ? h.route : [];
      return {
        route: route.map((r) => ({
          destination: {
            host: String(r?.destination?.host ?? ''),
            ...(r?.destination?.subset ? { subset: String(r.destination.subset) } : {}),
          },
          // Istio: a lone destination takes all traffic when no weight is written.
          weight: typeof r?.weight === 'number' ? r.weight : route.length === 1 ? 100 : 0,
        })),
      };
    }),
  };
}
