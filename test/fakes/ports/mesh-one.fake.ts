import { Conflict, NotFound } from '../../../src/kernel/errors.js';
import type { MeshOnePort, VirtualServiceRead } from '../../../src/modules/meshone/meshone.ports.js';
import type {
  AuthorizationPolicy,
  MeshOneStatus,
  PeerAuthentication,
  VirtualService,
} from '../../../src/modules/meshone/meshone.schemas.js';

/** In-memory Istio with the adapter's interface (for service tests); an aborted signal rejects on entry. */
export class FakeIstio implements MeshOnePort {
  statusValue: MeshOneStatus = { installed: false, version: null, components: [] };
  virtualServices: VirtualService[] = [];
  peerAuthentications: PeerAuthentication[] = [];
  authorizationPolicies: AuthorizationPolicy[] = [];
  private versions = new Map<string, number>();

  async status(_ref?: unknown, signal?: AbortSignal) {
    signal?.throwIfAborted();
    return this.statusValue;
  }
  async listVirtualServices(_ref: unknown, namespace: string, signal?: AbortSignal) {
    signal?.throwIfAborted();
    return this.virtualServices.filter((v) => v.namespace === namespace);
  }
  async getVirtualService(
    _ref: unknown,
    namespace: string,
    name: string,
    signal?: AbortSignal,
  ): Promise<VirtualServiceRead> {
    signal?.throwIfAborted();
    const vs = this.virtualServices.find((v) => v.namespace === namespace && v.name === name);
    if (!vs) throw new NotFound(`Virtual service ${namespace}/${name} not found`);
    return { resource: structuredClone(vs), resourceVersion: String(this.versions.get(`${namespace}/${name}`) ?? 1) };
  }
  async setFirstRouteWeights(
    _ref: unknown,
    namespace: string,
    name: string,
    weights: number[],
    resourceVersion: string,
    signal?: AbortSignal,
  ) {
    const { resource } = await this.getVirtualService(_ref, namespace, name, signal);
    const key = `${namespace}/${name}`;
    const version = this.versions.get(key) ?? 1;
    if (String(version) !== resourceVersion) throw new Conflict('changed meanwhile');
    resource.http[0]!.route.forEach((r, i) => (r.weight = weights[i]!));
    this.virtualServices = this.virtualServices.map((v) =>
      v.namespace === namespace && v.name === name ? resource : v,
    );
    this.versions.set(key, version + 1);
    return resource;
  }
  async listPeerAuthentications(_ref: unknown, namespace: string, signal?: AbortSignal) {
    signal?.throwIfAborted();
    return this.peerAuthentications.filter((p) => p.namespace === namespace);
  }
  async listAuthorizationPolicies(_ref: unknown, namespace: string, signal?: AbortSignal) {
    signal?.throwIfAborted();
    return this.authorizationPolicies.filter((p) => p.namespace === namespace);
  }
}
