import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGatekeeper } from '../../fakes/kube-fixtures.js';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { startKube } from '../../helpers/kube.js';

let t: TestApp;
let kube: Awaited<ReturnType<typeof startKube>>;
let user: Record<string, string>;
const base = '/api/v1/orchestrator/policy-admission';

beforeAll(async () => {
  kube = await startKube();
  t = await buildTestApp({ CLUSTER_CONFIG_PATH: kube.configPath, CLUSTER_WATCH_ROLLOUTS: 'false' });
  user = bearer((await t.newUser()).token);
});

afterAll(async () => {
  await t?.close();
  await kube?.cleanup();
});

const get = (path: string) => t.app.inject({ method: 'GET', url: `${base}/${path}`, headers: user });

describe('admission policies (Gatekeeper)', () => {
  it('needs a token', async () => {
    expectError(await t.app.inject({ method: 'GET', url: `${base}/enabled` }), 401);
  });

  it('is not enabled, with empty lists, before Gatekeeper is installed', async () => {
    expect((await get('enabled')).json()).toEqual({ enabled: false });
    expect((await get('constraint-templates')).json()).toEqual([]);
    expect((await get('violations')).json()).toEqual([]);
  });

  it('reports templates and the audit violations of constraints', async () => {
    installGatekeeper(kube.kube);
    expect((await get('enabled')).json()).toEqual({ enabled: true });
    const templates = await get('constraint-templates');
    expect(templates.statusCode).toBe(200);
    expect(templates.json()).toEqual([
      {
        name: 'k8srequiredlabels',
        kind: 'K8sRequiredLabels',
        description: 'Requires resources to contain specified labels.',
        targets: ['admission.k8s.gatekeeper.sh'],
        created: true,
        createdAt: expect.any(String),
      },
    ]);
    const violations = await get('violations');
    expect(violations.statusCode).toBe(200);
    expect(violations.json()).toEqual([
      {
        constraint: 'ns-must-have-gk',
        constraintKind: 'K8sRequiredLabels',
        kind: 'Namespace',
        name: 'default',
        namespace: null,
        message: 'you must provide labels: {"gatekeeper"}',
        enforcementAction: 'dryrun',
      },
      {
        constraint: 'ns-must-have-gk',
        constraintKind: 'K8sRequiredLabels',
        kind: 'Deployment',
        name: 'web',
        namespace: 'shop',
        message: 'you must provide labels: {"gatekeeper"}',
        enforcementAction: 'dryrun',
      },
    ]);
  });

  it('a stopped cluster: 503 naming it', async () => {
    await kube.kube.stop();
    try {
      for (const path of ['enabled', 'constraint-templates', 'violations']) {
        const body = expectError(await get(path), 503);
        expect(body.message).toMatch(/Kubernetes cluster/);
      }
    } finally {
      await kube.kube.start();
    }
    expect((await get('enabled')).json()).toEqual({ enabled: true });
  });

  it('without a cluster configured: not enabled, empty lists (and the orchestrator lists are empty)', async () => {
    const none = await buildTestApp({ CLUSTER_WATCH_ROLLOUTS: 'false' });
    try {
      const token = bearer(await none.adminToken());
      const read = async (url: string) => (await none.app.inject({ method: 'GET', url, headers: token })).json();
      expect(await read(`${base}/enabled`)).toEqual({ enabled: false });
      expect(await read(`${base}/constraint-templates`)).toEqual([]);
      expect(await read(`${base}/violations`)).toEqual([]);
      for (const path of ['workloads', 'workloads/match/web', 'crds', 'crds/argoproj.io', 'rollouts'])
        expect(await read(`/api/v1/orchestrator/${path}`)).toEqual([]);
      expect(
        (await none.app.inject({ method: 'POST', url: '/api/v1/orchestrator/sync', headers: token })).json(),
      ).toEqual({ synced: 0 });
    } finally {
      await none.close();
    }
  });
});
