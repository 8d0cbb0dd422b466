import type { FakeKubeApiServer } from './kube-apiserver.js';

/**
 * Cluster contents shaped from the projects' own references: workloads, Gatekeeper (templates.gatekeeper.sh/v1 ConstraintTemplate, a
 * constraints.gatekeeper.sh/v1beta1 constraint with audit violations) and Argo Rollouts
 * (argoproj.io/v1alpha1 Rollout with canary steps). Istio and Linkerd: kube-mesh-fixtures.ts.
 */
export function deployment(
  namespace: string,
  name: string,
  opts: { image: string; replicas?: number; ready?: number; labels?: Record<string, string> },
) {
  const replicas = opts.replicas ?? 1;
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace, labels: opts.labels ?? { app: name } },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name, image: opts.image, ports: [{ containerPort: 8080 }] }] },
      },
    },
    status: {
      replicas,
      readyReplicas: opts.ready ?? replicas,
      availableReplicas: opts.ready ?? replicas,
      updatedReplicas: replicas,
      observedGeneration: 1,
    },
  };
}

export function namespace(name: string) {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  };
}

export function installGatekeeper(kube: FakeKubeApiServer) {
  kube.installCrd({
    group: 'templates.gatekeeper.sh',
    kind: 'ConstraintTemplate',
    plural: 'constrainttemplates',
    versions: ['v1', 'v1beta1'],
    scope: 'Cluster',
  });
  kube.apply({
    apiVersion: 'templates.gatekeeper.sh/v1',
    kind: 'ConstraintTemplate',
    metadata: {
      name: 'k8srequiredlabels',
      annotations: { description: 'Requires resources to contain specified labels.' },
    },
    spec: {
      crd: {
        spec: {
          names: { kind: 'K8sRequiredLabels' },
          validation: {
            openAPIV3Schema: { type: 'object', properties: { labels: { type: 'array', items: { type: 'string' } } } },
          },
        },
      },
      targets: [
        { target: 'admission.k8s.gatekeeper.sh', rego: 'package k8srequiredlabels\nviolation[{"msg": msg}] { false }' },
      ],
    },
    status: { created: true },
  });
  // The constraint CRD Gatekeeper generates from the template.
  kube.installCrd({
    group: 'constraints.gatekeeper.sh',
    kind: 'K8sRequiredLabels',
    plural: 'k8srequiredlabels',
    versions: ['v1beta1'],
    scope: 'Cluster',
  });
  kube.apply({
    apiVersion: 'constraints.gatekeeper.sh/v1beta1',
    kind: 'K8sRequiredLabels',
    metadata: { name: 'ns-must-have-gk' },
    spec: {
      enforcementAction: 'dryrun',
      match: { kinds: [{ apiGroups: [''], kinds: ['Namespace'] }] },
      parameters: { labels: ['gatekeeper'] },
    },
    status: {
      auditTimestamp: '2026-11-22T10:00:00Z',
      totalViolations: 2,
      violations: [
        {
          enforcementAction: 'dryrun',
          group: '',
          kind: 'Namespace',
          message: 'you must provide labels: {"gatekeeper"}',
          name: 'default',
          version: 'v1',
        },
        {
          enforcementAction: 'dryrun',
          group: 'apps',
          kind: 'Deployment',
          message: 'you must provide labels: {"gatekeeper"}',
          name: 'web',
          namespace: 'shop',
          version: 'v1',
        },
      ],
    },
  });
}

export function installArgoRollouts(kube: FakeKubeApiServer) {
  kube.installCrd({ group: 'argoproj.io', kind: 'Rollout', plural: 'rollouts', versions: ['v1alpha1'] });
}

export function rollout(
  namespace: string,
  name: string,
  phase: string,
  opts: { step?: number; replicas?: number; ready?: number } = {},
) {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name, namespace },
    spec: {
      replicas: opts.replicas ?? 5,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name, image: 'argoproj/rollouts-demo:blue' }] },
      },
      strategy: {
        canary: { steps: [{ setWeight: 20 }, { pause: {} }, { setWeight: 60 }, { pause: { duration: '10m' } }] },
      },
    },
    status: {
      phase,
      replicas: opts.replicas ?? 5,
      readyReplicas: opts.ready ?? opts.replicas ?? 5,
      currentStepIndex: opts.step ?? 0,
      stableRS: '6c54b8bd5c',
    },
  };
}
