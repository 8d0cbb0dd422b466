import type { MeshTwoPort } from '../../../src/modules/meshtwo/meshtwo.ports.js';
import type {
  Availability,
  LinkerdAuthorizationPolicy,
  MeshTwoStatus,
  ServerAuthorization,
  ServiceProfile,
} from '../../../src/modules/meshtwo/meshtwo.schemas.js';

/** In-memory Linkerd with the adapter's interface (for service tests); an aborted signal rejects on entry. */
export class FakeLinkerd implements MeshTwoPort {
  statusValue: MeshTwoStatus = { installed: false, components: [] };
  availabilityValue: Availability = { available: false, reason: 'The linkerd namespace does not exist' };
  serverAuthorizations: ServerAuthorization[] = [];
  authorizationPolicies: LinkerdAuthorizationPolicy[] = [];
  serviceProfiles: ServiceProfile[] = [];

  async status(_ref?: unknown, signal?: AbortSignal) {
    signal?.throwIfAborted();
    return this.statusValue;
  }
  async availability(_ref?: unknown, signal?: AbortSignal) {
    signal?.throwIfAborted();
    return this.availabilityValue;
  }
  async listServerAuthorizations(_ref: unknown, namespace: string, signal?: AbortSignal) {
    signal?.throwIfAborted();
    return this.serverAuthorizations.filter((x) => x.namespace === namespace);
  }
  async listAuthorizationPolicies(_ref: unknown, namespace: string, signal?: AbortSignal) {
    signal?.throwIfAborted();
    return this.authorizationPolicies.filter((x) => x.namespace === namespace);
  }
  async listServiceProfiles(_ref: unknown, namespace: string, signal?: AbortSignal) {
    signal?.throwIfAborted();
    return this.serviceProfiles.filter((x) => x.namespace === namespace);
  }
}
