import { describe, expect, it } from 'vitest';
import { FakeGatekeeper } from '../fakes/ports/admission.fake.js';
import { systemCaller } from '../../src/kernel/caller.js';
import { Unavailable } from '../../src/kernel/errors.js';
import { createAdmissionService } from '../../src/modules/admission/index.js';
import type { ConstraintTemplate, Violation } from '../../src/modules/admission/admission.schemas.js';

const caller = systemCaller();
const user = { ...caller, actor: { ...caller.actor, kind: 'user' as const, isAdmin: false, roles: ['user'] } };

const templates: ConstraintTemplate[] = [
  {
    name: 'k8sallowedrepos',
    kind: 'K8sAllowedRepos',
    description: 'Images come from approved registries',
    targets: ['admission.k8s.gatekeeper.sh'],
    created: true,
    createdAt: '2026-01-02T03:04:05.000Z',
  },
  {
    name: 'k8srequiredlabels',
    kind: 'K8sRequiredLabels',
    description: null,
    targets: ['admission.k8s.gatekeeper.sh'],
    created: false,
    createdAt: null,
  },
];
const violations: Violation[] = [
  {
    constraint: 'repos-must-be-internal',
    constraintKind: 'K8sAllowedRepos',
    kind: 'Pod',
    name: 'web-7f9c',
    namespace: 'shop',
    message: 'container <web> has an invalid image repo <docker.io/nginx>',
    enforcementAction: 'deny',
  },
  {
    constraint: 'ns-must-have-owner',
    constraintKind: 'K8sRequiredLabels',
    kind: 'Namespace',
    name: 'sandbox',
    namespace: null,
    message: 'you must provide labels: {"owner"}',
    enforcementAction: 'dryrun',
  },
];

describe('admission service over FakeGatekeeper', () => {
  it('Gatekeeper installed: enabled, its templates and audit violations as the port reports them', async () => {
    const gatekeeper = new FakeGatekeeper();
    gatekeeper.installed = true;
    gatekeeper.templates = templates;
    gatekeeper.violationList = violations;
    const service = createAdmissionService({ port: gatekeeper });

    expect(await service.enabled(caller)).toEqual({ enabled: true });
    // The port sorts (its contract); the service answers its order.
    expect(await service.constraintTemplates(caller)).toEqual(await gatekeeper.constraintTemplates());
    expect(await service.violations(caller)).toEqual(await gatekeeper.violations());
    expect(await service.violations(caller)).toHaveLength(violations.length);
    // Cluster-scoped objects keep a null namespace; the action is the violation's own.
    expect((await service.violations(caller)).find((v) => v.kind === 'Namespace')).toMatchObject({
      namespace: null,
      enforcementAction: 'dryrun',
    });
  });

  it('reads are open to ordinary users (the routes need only a JWT)', async () => {
    const gatekeeper = new FakeGatekeeper();
    gatekeeper.installed = true;
    gatekeeper.templates = templates;
    gatekeeper.violationList = violations;
    const service = createAdmissionService({ port: gatekeeper });

    expect(await service.enabled(user)).toEqual({ enabled: true });
    expect(await service.constraintTemplates(user)).toHaveLength(2);
    expect(await service.violations(user)).toHaveLength(2);
  });

  it('Gatekeeper not installed (or no cluster): {enabled: false} and empty lists, never stale data', async () => {
    const gatekeeper = new FakeGatekeeper();
    // Data left over from an earlier install must not leak while the CRD is absent.
    gatekeeper.templates = templates;
    gatekeeper.violationList = violations;
    const service = createAdmissionService({ port: gatekeeper });

    expect(await service.enabled(caller)).toEqual({ enabled: false });
    expect(await service.constraintTemplates(caller)).toEqual([]);
    expect(await service.violations(caller)).toEqual([]);

    gatekeeper.installed = true;
    expect(await service.enabled(caller)).toEqual({ enabled: true });
    gatekeeper.installed = false;
    expect(await service.violations(caller)).toEqual([]);
  });

  it('an unreachable cluster is a 503 from the port, passed through unchanged', async () => {
    // FakeGatekeeper has no "unreachable" switch: a subclass stands in for the adapter's Unavailable.
    class UnreachableGatekeeper extends FakeGatekeeper {
      override async enabled(): Promise<boolean> {
        throw new Unavailable('Kubernetes cluster is unreachable');
      }
      override async constraintTemplates(): Promise<ConstraintTemplate[]> {
        throw new Unavailable('Kubernetes cluster is unreachable');
      }
      override async violations(): Promise<Violation[]> {
        throw new Unavailable('Kubernetes cluster is unreachable');
      }
    }
    const service = createAdmissionService({ port: new UnreachableGatekeeper() });
    await expect(service.enabled(caller)).rejects.toMatchObject({
      statusCode: 503,
      message: 'Kubernetes cluster is unreachable',
    });
    await expect(service.constraintTemplates(caller)).rejects.toMatchObject({ statusCode: 503 });
    await expect(service.violations(caller)).rejects.toMatchObject({ statusCode: 503 });
  });
});
