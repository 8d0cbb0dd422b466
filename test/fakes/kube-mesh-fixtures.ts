import type { FakeKubeApiServer } from './kube-apiserver.js';
import { deployment, namespace } from './kube-fixtures.js';

/**
 * Service mesh contents shaped from the projects' own references: Istio (networking.istio.io/v1
 * VirtualService, security.istio.io/v1 PeerAuthentication and AuthorizationPolicy) and Linkerd
 * (policy.linkerd.io ServerAuthorization v1beta1 and AuthorizationPolicy v1alpha1, linkerd.io/v1alpha2
 * ServiceProfile). Workloads, Gatekeeper and Argo Rollouts: kube-fixtures.ts.
 */
export function installIstio(kube: FakeKubeApiServer, opts: { networkingVersions?: string[] } = {}) {
  kube.installCrd({
    group: 'networking.istio.io',
    kind: 'VirtualService',
    plural: 'virtualservices',
    versions: opts.networkingVersions ?? ['v1', 'v1beta1'],
  });
  kube.installCrd({
    group: 'security.istio.io',
    kind: 'PeerAuthentication',
    plural: 'peerauthentications',
    versions: ['v1', 'v1beta1'],
  });
  kube.installCrd({
    group: 'security.istio.io',
    kind: 'AuthorizationPolicy',
    plural: 'authorizationpolicies',
    versions: ['v1', 'v1beta1'],
  });
  kube.apply(namespace('istio-system'));
  kube.apply({
    ...deployment('istio-system', 'istiod', { image: 'docker.io/istio/pilot:1.22.3' }),
    metadata: {
      name: 'istiod',
      namespace: 'istio-system',
      labels: { app: 'istiod', 'istio.io/rev': 'default', 'app.kubernetes.io/version': '1.22.3' },
    },
  });
  kube.apply(
    deployment('istio-system', 'istio-ingressgateway', {
      image: 'docker.io/istio/proxyv2:1.22.3',
      replicas: 2,
      ready: 1,
    }),
  );
}

export function reviewsVirtualService(namespace = 'bookinfo', version = 'v1') {
  return {
    apiVersion: `networking.istio.io/${version}`,
    kind: 'VirtualService',
    metadata: { name: 'reviews', namespace },
    spec: {
      hosts: ['reviews'],
      http: [
        {
          match: [{ headers: { 'end-user': { exact: 'jason' } } }],
          route: [
            { destination: { host: 'reviews', subset: 'v1' }, weight: 80 },
            { destination: { host: 'reviews', subset: 'v2' }, weight: 20 },
          ],
          timeout: '10s',
        },
        { route: [{ destination: { host: 'reviews', subset: 'v3' } }] },
      ],
    },
  };
}

export function istioResources(kube: FakeKubeApiServer, ns = 'bookinfo') {
  kube.apply(reviewsVirtualService(ns));
  kube.apply({
    apiVersion: 'networking.istio.io/v1',
    kind: 'VirtualService',
    metadata: { name: 'ratings', namespace: ns },
    spec: {
      hosts: ['ratings.bookinfo.svc.cluster.local'],
      http: [
        {
          route: [
            { destination: { host: 'ratings.bookinfo.svc.cluster.local' }, weight: 50 },
            { destination: { host: 'ratings-canary.bookinfo.svc.cluster.local' }, weight: 50 },
          ],
        },
      ],
    },
  });
  kube.apply({
    apiVersion: 'security.istio.io/v1',
    kind: 'PeerAuthentication',
    metadata: { name: 'default', namespace: ns },
    spec: { mtls: { mode: 'STRICT' } },
  });
  kube.apply({
    apiVersion: 'security.istio.io/v1',
    kind: 'PeerAuthentication',
    metadata: { name: 'legacy', namespace: ns },
    spec: { selector: { matchLabels: { app: 'legacy' } } },
  });
  kube.apply({
    apiVersion: 'security.istio.io/v1',
    kind: 'AuthorizationPolicy',
    metadata: { name: 'httpbin', namespace: ns },
    spec: {
      selector: { matchLabels: { app: 'httpbin' } },
      action: 'ALLOW',
      rules: [
        {
          from: [{ source: { principals: ['cluster.local/ns/default/sa/sleep'] } }],
          to: [{ operation: { methods: ['GET'] } }],
        },
      ],
    },
  });
}

export function installLinkerd(kube: FakeKubeApiServer) {
  kube.installCrd({
    group: 'policy.linkerd.io',
    kind: 'ServerAuthorization',
    plural: 'serverauthorizations',
    versions: ['v1beta1'],
  });
  kube.installCrd({
    group: 'policy.linkerd.io',
    kind: 'AuthorizationPolicy',
    plural: 'authorizationpolicies',
    versions: ['v1alpha1'],
  });
  kube.installCrd({ group: 'linkerd.io', kind: 'ServiceProfile', plural: 'serviceprofiles', versions: ['v1alpha2'] });
  kube.apply(namespace('linkerd'));
  for (const name of ['linkerd-destination', 'linkerd-identity', 'linkerd-proxy-injector']) {
    kube.apply({
      ...deployment('linkerd', name, { image: `cr.l5d.io/linkerd/controller:stable-2.14.10` }),
      metadata: {
        name,
        namespace: 'linkerd',
        labels: {
          'linkerd.io/control-plane-component': name.replace('linkerd-', ''),
          'linkerd.io/control-plane-version': 'stable-2.14.10',
        },
      },
    });
  }
}

export function linkerdResources(kube: FakeKubeApiServer, ns = 'emojivoto') {
  kube.apply({
    apiVersion: 'policy.linkerd.io/v1beta1',
    kind: 'ServerAuthorization',
    metadata: { name: 'emoji-grpc', namespace: ns },
    spec: {
      server: { name: 'emoji-grpc' },
      client: {
        meshTLS: {
          serviceAccounts: [{ name: 'web' }],
          identities: ['prometheus.linkerd-viz.serviceaccount.identity.linkerd.cluster.local'],
        },
      },
    },
  });
  kube.apply({
    apiVersion: 'policy.linkerd.io/v1alpha1',
    kind: 'AuthorizationPolicy',
    metadata: { name: 'web-route-authn', namespace: ns },
    spec: {
      targetRef: { group: 'policy.linkerd.io', kind: 'HTTPRoute', name: 'web-get-route' },
      requiredAuthenticationRefs: [{ group: 'policy.linkerd.io', kind: 'MeshTLSAuthentication', name: 'web-clients' }],
    },
  });
  kube.apply({
    apiVersion: 'linkerd.io/v1alpha2',
    kind: 'ServiceProfile',
    metadata: { name: `web-svc.${ns}.svc.cluster.local`, namespace: ns },
    spec: {
      routes: [
        {
          name: 'GET /api/list',
          condition: { method: 'GET', pathRegex: '/api/list' },
          isRetryable: true,
          timeout: '300ms',
        },
        { name: 'POST /api/vote', condition: { method: 'POST', pathRegex: '/api/vote' } },
      ],
    },
  });
}
