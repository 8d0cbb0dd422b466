import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/kernel/paths.js';
import { helm, kustomize } from '../helpers/kubernetes-tools.js';
import { schemaProblems } from '../helpers/kubernetes-schema.js';
import { restrictedViolations } from '../helpers/pod-security.js';

/**
 * deploy/kubernetes rendered by a real `kubectl kustomize` and deploy/helm by a real Helm, every object
 * checked against the Kubernetes schemas and every pod template against the restricted Pod Security
 * Standard; the chart held to the same install as the Kustomize package (decisions 888, 889).
 */
type Obj = Record<string, any>;
const kustomizeRoot = join(projectRoot, 'deploy', 'kubernetes');
const chart = join(projectRoot, 'deploy', 'helm', 'hangar');
const helmTemplate = (...set: string[]) =>
  helm('template', 'hangar', chart, '--namespace', 'hangar', ...set.flatMap((s) => ['--set', s]));
/** Every way the package renders: the Kustomize base and overlays, the Helm chart with its defaults and with everything on. */
const RENDERS: Record<string, () => string> = {
  'kustomize base': () => kustomize(join(kustomizeRoot, 'base')),
  'kustomize overlays/small': () => kustomize(join(kustomizeRoot, 'overlays/small')),
  'kustomize overlays/production': () => kustomize(join(kustomizeRoot, 'overlays/production')),
  'helm chart, defaults': () => helmTemplate(),
  'helm chart, ingress and autoscaling': () => helmTemplate('ingress.enabled=true', 'autoscaling.enabled=true'),
};
const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job', 'CronJob', 'Pod']);
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding']);

const rendered = new Map<string, Obj[]>();
function render(name: string): Obj[] {
  if (!rendered.has(name)) {
    const docs = parseAllDocuments(RENDERS[name]!()).filter((d) => d.contents !== null);
    for (const d of docs) expect(d.errors, name).toEqual([]);
    rendered.set(
      name,
      docs.map((d) => d.toJSON() as Obj),
    );
  }
  return rendered.get(name)!;
}
const one = (objects: Obj[], kind: string) => {
  const found = objects.filter((o) => o.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
};
const podSpec = (o: Obj): Obj =>
  o.kind === 'Pod' ? o.spec : o.kind === 'CronJob' ? o.spec.jobTemplate.spec.template.spec : o.spec.template.spec;

describe.each(Object.keys(RENDERS))('%s', (pkg) => {
  it('renders objects that are valid against the Kubernetes schemas, with no unknown field', async () => {
    const objects = render(pkg);
    expect(objects.length).toBeGreaterThan(5);
    const problems = (await Promise.all(objects.map((o) => schemaProblems(o)))).flat();
    expect(problems).toEqual([]);
  });

  it('keeps every object in the hangar namespace under the app labels', () => {
    for (const o of render(pkg)) {
      expect(o.metadata.labels?.['app.kubernetes.io/name'], `${o.kind}/${o.metadata.name}`).toBe('hangar');
      if (!CLUSTER_SCOPED.has(o.kind)) expect(o.metadata.namespace, `${o.kind}/${o.metadata.name}`).toBe('hangar');
    }
    // Kustomize declares the namespace, labelled for the restricted standard; Helm installs into one (NOTES.txt says to label it).
    if (pkg.startsWith('kustomize'))
      expect(one(render(pkg), 'Namespace').metadata.labels['pod-security.kubernetes.io/enforce']).toBe('restricted');
  });

  it('holds every pod template to the restricted Pod Security Standard, with a read-only root and /data, /tmp as emptyDir', () => {
    const workloads = render(pkg).filter((o) => WORKLOADS.has(o.kind));
    expect(workloads.length).toBeGreaterThan(0);
    for (const w of workloads) {
      const pod = podSpec(w);
      expect(restrictedViolations(pod), `${w.kind}/${w.metadata.name}`).toEqual([]);
      for (const c of pod.containers) {
        expect(c.securityContext.readOnlyRootFilesystem, c.name).toBe(true);
        const mounts = Object.fromEntries(c.volumeMounts.map((m: Obj) => [m.mountPath, m.name]));
        for (const path of ['/data', '/tmp'])
          expect(pod.volumes.find((v: Obj) => v.name === mounts[path])?.emptyDir, path).toBeDefined();
      }
    }
  });

  it('takes PostgreSQL, Redis and every secret from Secrets, never from literal values', () => {
    const objects = render(pkg);
    const container = podSpec(one(objects, 'Deployment')).containers[0];
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET']) {
      expect(container.env.find((e: Obj) => e.name === name)?.valueFrom?.secretKeyRef, name).toMatchObject({
        name: 'hangar',
        key: name,
      });
    }
    expect(container.envFrom).toContainEqual({ secretRef: { name: 'hangar' } });
    const secretish = /SECRET|PASSWORD|TOKEN|API_KEY|CREDENTIALS|OIDC_PROVIDERS|DATABASE_URL|REDIS_URL/;
    for (const e of container.env) if (secretish.test(e.name)) expect(e.value, e.name).toBeUndefined();
    const settings = one(objects, 'ConfigMap');
    expect(Object.keys(settings.data).filter((k) => secretish.test(k))).toEqual([]);
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    // No bundled database or cache.
    expect(objects.filter((o) => o.kind === 'StatefulSet')).toEqual([]);
  });

  it('probes readiness on /health/ready and liveness on /health, and drains within its grace period', () => {
    const objects = render(pkg);
    const deployment = one(objects, 'Deployment');
    const pod = podSpec(deployment);
    const c = pod.containers[0];
    expect(c.readinessProbe.httpGet).toMatchObject({ path: '/health/ready', port: 'http' });
    expect(c.livenessProbe.httpGet).toMatchObject({ path: '/health', port: 'http' });
    expect(c.startupProbe.httpGet).toMatchObject({ path: '/health', port: 'http' });
    expect(c.resources.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(c.resources.limits.memory).toEqual(expect.any(String));
    // The server forces its exit after 30 s of draining (README, Operations); preStop comes first.
    const preStop = Number(c.lifecycle.preStop.exec.command[1]);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(30 + preStop);
    // The Service, the disruption budget and any autoscaler or Ingress point at this Deployment's pods.
    const labels = pod.metadata?.labels ?? deployment.spec.template.metadata.labels;
    const selects = (selector: Obj) => Object.entries(selector).every(([k, v]) => labels[k] === v);
    expect(selects(deployment.spec.selector.matchLabels)).toBe(true);
    const service = one(objects, 'Service');
    expect(selects(service.spec.selector)).toBe(true);
    expect(service.spec.ports[0].targetPort).toBe('http');
    expect(selects(one(objects, 'PodDisruptionBudget').spec.selector.matchLabels)).toBe(true);
    for (const hpa of objects.filter((o) => o.kind === 'HorizontalPodAutoscaler')) {
      expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: deployment.metadata.name });
      expect(deployment.spec.replicas, 'the autoscaler owns the replica count').toBeUndefined();
    }
    for (const ingress of objects.filter((o) => o.kind === 'Ingress')) {
      for (const rule of ingress.spec.rules)
        for (const path of rule.http.paths)
          expect(path.backend.service).toEqual({ name: service.metadata.name, port: { name: 'http' } });
    }
    const binding = one(objects, 'ClusterRoleBinding');
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: pod.serviceAccountName, namespace: 'hangar' }]);
    expect(binding.roleRef.name).toBe(one(objects, 'ClusterRole').metadata.name);
  });
});

describe('the overlays', () => {
  it('small runs one replica; production at least three, autoscaled behind an Ingress that trusts one proxy hop', () => {
    expect(one(render('kustomize overlays/small'), 'Deployment').spec.replicas).toBe(1);
    const production = render('kustomize overlays/production');
    expect(one(production, 'HorizontalPodAutoscaler').spec.minReplicas).toBeGreaterThanOrEqual(3);
    expect(one(production, 'Ingress').spec.tls).toHaveLength(1);
    expect(one(production, 'ConfigMap').data.TRUST_PROXY).toBe('1');
    expect(podSpec(one(production, 'Deployment')).topologySpreadConstraints).toHaveLength(2);
  });

  it('the pod security check itself finds what the restricted standard forbids', () => {
    const bad = restrictedViolations({
      hostNetwork: true,
      volumes: [{ name: 'h', hostPath: { path: '/' } }],
      containers: [
        {
          name: 'c',
          ports: [{ containerPort: 80, hostPort: 80 }],
          securityContext: { privileged: true, capabilities: { add: ['SYS_ADMIN'] } },
        },
      ],
    });
    expect(bad.join('\n')).toMatch(
      /hostNetwork[\s\S]*hostPath[\s\S]*privileged[\s\S]*hostPort[\s\S]*allowPrivilegeEscalation[\s\S]*runAsNonRoot[\s\S]*seccomp[\s\S]*drop ALL[\s\S]*SYS_ADMIN/,
    );
  });

  it('the schema check itself finds a misspelt field and a wrong type', async () => {
    const deployment = structuredClone(one(render('kustomize base'), 'Deployment'));
    deployment.spec.template.spec.containers[0].securityContext.readOnlyRootFileSystem = true;
    deployment.spec.replicas = 'two';
    const problems = (await schemaProblems(deployment)).join('\n');
    expect(problems).toContain('readOnlyRootFileSystem: unknown field of V1SecurityContext');
    expect(problems).toMatch(/replicas/);
  });
});

describe('the Helm chart', () => {
  it('passes helm lint --strict and refuses values that would break the install', () => {
    expect(helm('lint', chart, '--strict')).toMatch(/1 chart\(s\) linted, 0 chart\(s\) failed/);
    expect(() => helmTemplate('existingSecret=')).toThrow(/existingSecret/);
    expect(() => helmTemplate('settings.JWT_SECRET=abc')).toThrow(/settings/);
    expect(() => helmTemplate('replicaCount=0')).toThrow(/replicaCount/);
  });

  it('installs what the Kustomize production overlay installs: the same pod, rules, settings and Ingress', () => {
    const fromHelm = render('helm chart, ingress and autoscaling');
    const fromKustomize = render('kustomize overlays/production');
    const pod = (objects: Obj[]) => podSpec(one(objects, 'Deployment'));
    const [h, k] = [pod(fromHelm), pod(fromKustomize)];
    for (const field of [
      'securityContext',
      'terminationGracePeriodSeconds',
      'enableServiceLinks',
      'automountServiceAccountToken',
      'volumes',
    ])
      expect(h[field], field).toEqual(k[field]);
    const container = (p: Obj) => {
      const { image: _image, resources: _resources, envFrom: _envFrom, ...rest } = p.containers[0];
      return {
        ...rest,
        env: rest.env.map((e: Obj) => ({
          ...e,
          valueFrom: e.valueFrom && { secretKeyRef: { key: e.valueFrom.secretKeyRef.key } },
        })),
      };
    };
    expect(container(h)).toEqual(container(k));
    expect(one(fromHelm, 'ClusterRole').rules).toEqual(one(fromKustomize, 'ClusterRole').rules);
    expect(one(fromHelm, 'ConfigMap').data).toEqual(one(fromKustomize, 'ConfigMap').data);
    expect(one(fromHelm, 'Ingress').metadata.annotations).toEqual(one(fromKustomize, 'Ingress').metadata.annotations);
    expect(one(fromHelm, 'HorizontalPodAutoscaler').spec.behavior).toEqual(
      one(fromKustomize, 'HorizontalPodAutoscaler').spec.behavior,
    );
    expect(one(fromHelm, 'PodDisruptionBudget').spec.maxUnavailable).toBe(
      one(fromKustomize, 'PodDisruptionBudget').spec.maxUnavailable,
    );
  });

  it('leaves the cluster alone when the cluster integrations are off', () => {
    const objects = helmTemplate('clusterIntegrations.enabled=false');
    expect(objects).not.toMatch(/kind: ClusterRole/);
    expect(objects).toMatch(/automountServiceAccountToken: false/);
  });
});
