import { DomainError } from '../../kernel/errors.js';
import type { ClusterRef, MeshTwoPort } from '../../modules/meshtwo/meshtwo.ports.js';
import type {
  Availability,
  LinkerdAuthorizationPolicy,
  MeshTwoStatus,
  ServerAuthorization,
  ServiceProfile,
} from '../../modules/meshtwo/meshtwo.schemas.js';
import type { KubernetesAccess } from './access.js';
import type { CustomResource } from './client.js';
import { deploymentSummary, imageTag } from './resources.js';

const CONTROL_PLANE_NAMESPACE = 'linkerd';
const SERVER_AUTHORIZATIONS: CustomResource = {
  group: 'policy.linkerd.io',
  version: 'v1beta1',
  plural: 'serverauthorizations',
};
const AUTHORIZATION_POLICIES: CustomResource = {
  group: 'policy.linkerd.io',
  version: 'v1alpha1',
  plural: 'authorizationpolicies',
};
const SERVICE_PROFILES: CustomResource = { group: 'linkerd.io', version: 'v1alpha2', plural: 'serviceprofiles' };
/** The CRDs the mesh-two endpoints read; without them Linkerd is not (fully) installed. */
const REQUIRED_CRDS = [SERVER_AUTHORIZATIONS, AUTHORIZATION_POLICIES, SERVICE_PROFILES].map(
  (r) => `${r.plural}.${r.group}`,
);
/** Linkerd's documented default route timeout. */
const DEFAULT_ROUTE_TIMEOUT = '10s';

/** Linkerd read from the cluster: control plane deployments of `linkerd`, policy and service-profile CRDs. */
export class LinkerdAdapter implements MeshTwoPort {
  constructor(private readonly access: KubernetesAccess) {}

  async status(ref: ClusterRef, signal?: AbortSignal): Promise<MeshTwoStatus> {
    const kube = await this.access.require(ref);
    const components = (await kube.listDeployments(CONTROL_PLANE_NAMESPACE, signal)).map((d) => {
      const s = deploymentSummary(d);
      const version = d.metadata?.labels?.['linkerd.io/control-plane-version'] ?? imageTag(s.image);
      return { name: s.name, ready: s.ready, ...(version ? { version } : {}) };
    });
    return { installed: components.length > 0, components };
  }

  async availability(ref: ClusterRef, signal?: AbortSignal): Promise<Availability> {
    try {
      const kube = await this.access.client(ref);
      if (!kube) return { available: false, reason: 'No cluster is configured (CLUSTER_CONFIG_PATH)' };
      if (!(await kube.namespaceExists(CONTROL_PLANE_NAMESPACE, signal)))
        return {
          available: false,
          reason: `The ${CONTROL_PLANE_NAMESPACE} namespace does not exist: Linkerd's control plane is not installed`,
        };
      const missing: string[] = [];
      for (const crd of REQUIRED_CRDS) if (!(await kube.readCrd(crd, signal))) missing.push(crd);
      if (missing.length > 0) return { available: false, reason: `Linkerd's CRDs are missing: ${missing.join(', ')}` };
      return { available: true };
    } catch (err) {
      // Availability is a question, not a request that failed: an unreachable cluster is "not available".
      if (err instanceof DomainError && err.statusCode >= 500 && !signal?.aborted)
        return { available: false, reason: err.message };
      throw err;
    }
  }

  async listServerAuthorizations(
    ref: ClusterRef,
    namespace: string,
    signal?: AbortSignal,
  ): Promise<ServerAuthorization[]> {
    const kube = await this.access.require(ref);
    const items = (await kube.listCustom(SERVER_AUTHORIZATIONS, namespace, signal))?.items ?? [];
    return items.map((o) => {
      const server = o.spec?.server ?? {};
      const labels = Object.entries(server.selector?.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`);
      const meshTLS = o.spec?.client?.meshTLS ?? {};
      const accounts = Array.isArray(meshTLS.serviceAccounts)
        ? meshTLS.serviceAccounts.map((a: any) => String(a?.name ?? '')).filter(Boolean)
        : [];
      const identities = Array.isArray(meshTLS.identities) ? meshTLS.identities.map(String) : [];
      return {
        name: o.metadata.name,
        namespace: o.metadata.namespace,
        server: typeof server.name === 'string' ? server.name : labels.length > 0 ? labels.join(',') : '',
        clients: [...accounts, ...identities],
      };
    });
  }

  async listAuthorizationPolicies(
    ref: ClusterRef,
    namespace: string,
    signal?: AbortSignal,
  ): Promise<LinkerdAuthorizationPolicy[]> {
    const kube = await this.access.require(ref);
    const items = (await kube.listCustom(AUTHORIZATION_POLICIES, namespace, signal))?.items ?? [];
    const refOf = (r: any) => ({ kind: String(r?.kind ?? ''), name: String(r?.name ?? '') });
    return items.map((o) => ({
      name: o.metadata.name,
      namespace: o.metadata.namespace,
      targetRef: refOf(o.spec?.targetRef),
      requiredAuthenticationRefs: Array.isArray(o.spec?.requiredAuthenticationRefs)
        ? o.spec.requiredAuthenticationRefs.map(refOf)
        : [],
    }));
  }

  async listServiceProfiles(ref: ClusterRef, namespace: string, signal?: AbortSignal): Promise<ServiceProfile[]> {
    const kube = await this.access.require(ref);
    const items = (await kube.listCustom(SERVICE_PROFILES, namespace, signal))?.items ?? [];
    return items.map((o) => ({
      name: o.metadata.name,
      namespace: o.metadata.namespace,
      routes: (Array.isArray(o.spec?.routes) ? o.spec.routes : []).map((r: any) => ({
        name: String(r?.name ?? ''),
        condition: {
          ...(typeof r?.condition?.method === 'string' ? { method: r.condition.method } : {}),
          ...(typeof r?.condition?.pathRegex === 'string' ? { pathRegex: r.condition.pathRegex } : {}),
        },
        isRetryable: r?.isRetryable === true,
        timeout: typeof r?.timeout === 'string' ? r.timeout : DEFAULT_ROUTE_TIMEOUT,
      })),
    }));
  }
}
