import { describe, expect, it } from 'vitest';
import { deployment } from '../../fakes/kube-fixtures.js';
import { expectError, uniq } from '../../helpers/app.js';
import { t, kube, admin, user, events, get, useOrchestratorApp } from './orchestrator-setup.js';

useOrchestratorApp();

describe('workloads', () => {
  it('needs a token', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/orchestrator/workloads' }), 401);
  });

  it('lists the Deployments of all namespaces', async () => {
    const res = await get('/api/v1/orchestrator/workloads');
    expect(res.statusCode).toBe(200);
    const checkout = res.json().find((w: any) => w.name === 'checkout');
    expect(checkout).toEqual({
      name: 'checkout',
      namespace: 'shop',
      replicas: 3,
      readyReplicas: 2,
      image: 'registry.example/checkout:1.4.2',
      labels: { app: 'checkout', tier: 'backend' },
    });
    expect(res.json().map((w: any) => w.namespace)).toEqual(
      expect.arrayContaining(['shop', 'payments', 'istio-system']),
    );
  });

  it('matches by name or by any label value', async () => {
    const res = await get('/api/v1/orchestrator/workloads/match/checkout');
    expect(
      res
        .json()
        .map((w: any) => w.name)
        .sort(),
    ).toEqual(['checkout', 'checkout-worker']);
    expect((await get('/api/v1/orchestrator/workloads/match/nothing-like-this')).json()).toEqual([]);
  });
});

describe('CRDs', () => {
  it('lists definitions with their operator name', async () => {
    const res = await get('/api/v1/orchestrator/crds');
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().map((c: any) => [c.name, c]));
    expect(byName['virtualservices.networking.istio.io']).toEqual({
      name: 'virtualservices.networking.istio.io',
      group: 'networking.istio.io',
      kind: 'VirtualService',
      scope: 'Namespaced',
      versions: ['v1', 'v1beta1'],
      operatorName: 'Istio',
    });
    expect(byName['constrainttemplates.templates.gatekeeper.sh'].operatorName).toBe('Gatekeeper');
    expect(byName['widgets.example.com']).toMatchObject({
      scope: 'Cluster',
      operatorName: 'example.com',
      versions: ['v2', 'v1'],
    });
  });

  it('filters by group', async () => {
    const res = await get('/api/v1/orchestrator/crds/security.istio.io');
    expect(
      res
        .json()
        .map((c: any) => c.kind)
        .sort(),
    ).toEqual(['AuthorizationPolicy', 'PeerAuthentication']);
    expect((await get('/api/v1/orchestrator/crds/unknown.example')).json()).toEqual([]);
  });
});

describe('annotation sync', () => {
  it('POST /orchestrator/sync is for admins', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/v1/orchestrator/sync', headers: user }), 403);
  });

  it('stores workloadStatus on annotated components through the catalog', async () => {
    const make = async (name: string, annotations: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/catalog/components',
        headers: admin,
        payload: { name, kind: 'service', annotations },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    const a = await make(uniq('cmp'), { 'hangar.io/orchestrator-name': 'checkout' });
    const b = await make(uniq('cmp'), { 'hangar.io/orchestrator-name': 'payments/ledger' });
    const c = await make(uniq('cmp'), { 'hangar.io/orchestrator-name': 'shop/ledger' });
    const d = await make(uniq('cmp'), {});
    events.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orchestrator/sync', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ synced: 2 });
    const read = async (id: string) => (await get(`/api/v1/catalog/components/${id}`)).json().workloadStatus;
    expect(await read(a)).toEqual({
      name: 'checkout',
      namespace: 'shop',
      replicas: 3,
      readyReplicas: 2,
      image: 'registry.example/checkout:1.4.2',
      syncedAt: expect.any(String),
    });
    expect(await read(b)).toMatchObject({ name: 'ledger', namespace: 'payments', replicas: 2 });
    expect(await read(c)).toBeNull();
    expect(await read(d)).toBeNull();
    expect(events.filter((e) => e.name === 'component.updated').map((e) => e.payload.id)).toEqual(
      expect.arrayContaining([a, b]),
    );
    // A scaled workload is seen by the next sync (the cache was invalidated).
    kube.kube.apply(
      deployment('shop', 'checkout', {
        image: 'registry.example/checkout:1.5.0',
        replicas: 4,
        ready: 4,
        labels: { app: 'checkout' },
      }),
    );
    await t.app.inject({ method: 'POST', url: '/api/v1/orchestrator/sync', headers: admin });
    expect(await read(a)).toMatchObject({ replicas: 4, readyReplicas: 4, image: 'registry.example/checkout:1.5.0' });
    // A component whose workload never existed is not rewritten; one whose workload went away is cleared once.
    expect(events.filter((e) => e.name === 'component.updated').map((e) => e.payload.id)).not.toContain(c);
    kube.kube.remove('apps/v1', 'Deployment', 'payments', 'ledger');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/orchestrator/sync', headers: admin })).json()).toEqual({
      synced: 1,
    });
    expect(await read(b)).toBeNull();
  });

  it('answers 503 when the cluster is unreachable', async () => {
    await kube.kube.stop();
    try {
      expectError(await t.app.inject({ method: 'POST', url: '/api/v1/orchestrator/sync', headers: admin }), 503);
      expectError(await get('/api/v1/orchestrator/workloads'), 503);
      expectError(await get('/api/v1/orchestrator/crds'), 503);
    } finally {
      await kube.kube.start();
    }
  });
});
