import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployment, installArgoRollouts, installGatekeeper, installIstio, rollout } from '../../fakes/kube-fixtures.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';
import { recordEvents } from '../../helpers/events.js';
import { waitUntil } from '../../helpers/free-port.js';
import { startKube } from '../../helpers/kube.js';

let t: TestApp;
let kube: Awaited<ReturnType<typeof startKube>>;
let admin: Record<string, string>;
let user: Record<string, string>;
const recorder = recordEvents();
const events = recorder.events;

beforeAll(async () => {
  kube = await startKube();
  kube.kube.apply(
    deployment('shop', 'checkout', { image: 'registry.example/checkout:1.4.2', replicas: 3, ready: 2, labels: { app: 'checkout', tier: 'backend' } }),
  );
  kube.kube.apply(
    deployment('shop', 'checkout-worker', {
      image: 'registry.example/checkout-worker:1.4.2',
      labels: { app: 'checkout-worker', 'app.kubernetes.io/part-of': 'checkout' },
    }),
  );
  kube.kube.apply(deployment('payments', 'ledger', { image: 'registry.example/ledger:2.0.0', replicas: 2 }));
  installIstio(kube.kube);
  installGatekeeper(kube.kube);
  kube.kube.installCrd({ group: 'example.com', kind: 'Widget', plural: 'widgets', versions: ['v2', 'v1'], scope: 'Cluster' });
  t = await buildTestApp({ CLUSTER_CONFIG_PATH: kube.configPath, CLUSTER_SYNC_INTERVAL_S: '0' }, undefined, undefined, { events: recorder.wrap });
  admin = bearer(await t.adminToken());
  user = bearer((await t.newUser()).token);
});

afterAll(async () => {
  await t?.close();
  await kube?.cleanup();
});

const get = (url: string, headers = user) => t.app.inject({ method: 'GET', url, headers });

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
    expect(res.json().map((w: any) => w.namespace)).toEqual(expect.arrayContaining(['shop', 'payments', 'istio-system']));
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
    expect(byName['widgets.example.com']).toMatchObject({ scope: 'Cluster', operatorName: 'example.com', versions: ['v2', 'v1'] });
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

describe('rollouts', () => {
  it('is an empty list while Argo Rollouts is not installed', async () => {
    const res = await get('/api/v1/orchestrator/rollouts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists rollouts with phase and steps, optionally of one namespace', async () => {
    installArgoRollouts(kube.kube);
    kube.kube.apply(rollout('shop', 'storefront', 'Paused', { step: 1, ready: 4 }));
    kube.kube.apply(rollout('payments', 'ledger', 'Healthy', { step: 4 }));
    const all = await get('/api/v1/orchestrator/rollouts');
    expect(all.json()).toEqual(
      expect.arrayContaining([{ name: 'storefront', namespace: 'shop', phase: 'Paused', replicas: 5, readyReplicas: 4, currentStepIndex: 1, totalSteps: 4 }]),
    );
    expect(all.json()).toHaveLength(2);
    const shop = await get('/api/v1/orchestrator/rollouts?namespace=shop');
    expect(shop.json().map((r: any) => r.name)).toEqual(['storefront']);
    expectError(await get('/api/v1/orchestrator/rollouts?namespace=Bad_NS'), 400);
  });

  it('emits rollout.updated {name, namespace, phase, previousPhase} within seconds of a phase change (watch)', { timeout: 60_000 }, async () => {
    // The watch retries every few seconds while the CRD is absent (3 s at most), so a CRD installed
    // after the start is watched at once; once it runs, it has listed and recorded the current phases.
    await waitUntil(async () => kube.kube.openWatches > 0, 8_000, 'the rollout watch');
    await new Promise((r) => setTimeout(r, 500));
    events.length = 0;
    kube.kube.apply(rollout('shop', 'storefront', 'Progressing', { step: 2 }));
    await waitUntil(async () => events.some((e) => e.name === 'rollout.updated'), 10_000, 'rollout.updated');
    expect(events.filter((e) => e.name === 'rollout.updated')).toEqual([
      { name: 'rollout.updated', payload: { name: 'storefront', namespace: 'shop', phase: 'Progressing', previousPhase: 'Paused' } },
    ]);
    // A change that keeps the phase is not an event.
    kube.kube.apply(rollout('shop', 'storefront', 'Progressing', { step: 3 }));
    kube.kube.apply(rollout('shop', 'storefront', 'Healthy', { step: 4 }));
    await waitUntil(async () => events.filter((e) => e.name === 'rollout.updated').length === 2, 10_000, 'second rollout.updated');
    expect(events.filter((e) => e.name === 'rollout.updated').at(-1)!.payload).toEqual({
      name: 'storefront',
      namespace: 'shop',
      phase: 'Healthy',
      previousPhase: 'Progressing',
    });
  });

  it('re-watches from its resourceVersion when the stream ends, and relists on 410 Gone', async () => {
    await waitUntil(async () => kube.kube.openWatches > 0, 10_000, 'an open watch');
    // Changes while no stream is open, then compaction: resuming from the old resourceVersion is 410.
    kube.kube.dropWatches();
    kube.kube.apply(rollout('payments', 'ledger', 'Paused', { step: 1 }));
    kube.kube.compact();
    events.length = 0;
    await waitUntil(async () => events.some((e) => e.name === 'rollout.updated'), 10_000, 'rollout.updated after 410');
    expect(events.filter((e) => e.name === 'rollout.updated').map((e) => e.payload)).toEqual([
      { name: 'ledger', namespace: 'payments', phase: 'Paused', previousPhase: 'Healthy' },
    ]);
    const watches = kube.kube.requests.filter((r) => r.path === '/apis/argoproj.io/v1alpha1/rollouts');
    expect(watches.length).toBeGreaterThan(2);
  });

  it('backs off instead of re-watching in a tight loop when streams end at once', async () => {
    const watches = () => kube.kube.requests.filter((r) => r.path === '/apis/argoproj.io/v1alpha1/rollouts').length;
    kube.kube.endWatchesAtOnce = true;
    kube.kube.dropWatches();
    const before = watches();
    await new Promise((r) => setTimeout(r, 3000));
    kube.kube.endWatchesAtOnce = false;
    // At most a handful of re-watches, then a relist after the backoff; never hundreds.
    expect(watches() - before).toBeLessThan(40);
  });

  it('resumes the watch after the cluster comes back, relisting when its resourceVersion is gone (410)', async () => {
    await kube.kube.stop();
    const body = expectError(await get('/api/v1/orchestrator/rollouts'), 503);
    expect(body.message).toMatch(/Kubernetes cluster/);
    // Meanwhile the phase changes and the history is compacted: the watch must relist to see it.
    kube.kube.apply(rollout('payments', 'ledger', 'Degraded', { step: 2 }));
    kube.kube.compact();
    events.length = 0;
    await kube.kube.start();
    await waitUntil(async () => events.some((e) => e.name === 'rollout.updated'), 20_000, 'rollout.updated after reconnect');
    expect(events.filter((e) => e.name === 'rollout.updated').map((e) => e.payload)).toEqual([
      { name: 'ledger', namespace: 'payments', phase: 'Degraded', previousPhase: 'Paused' },
    ]);
    expect((await get('/api/v1/orchestrator/rollouts')).statusCode).toBe(200);
  });
});

describe('annotation sync', () => {
  it('POST /orchestrator/sync is for admins', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/v1/orchestrator/sync', headers: user }), 403);
  });

  it('stores workloadStatus on annotated components through the catalog', async () => {
    const make = async (name: string, annotations: Record<string, string>) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/catalog/components', headers: admin, payload: { name, kind: 'service', annotations } });
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
    expect(events.filter((e) => e.name === 'component.updated').map((e) => e.payload.id)).toEqual(expect.arrayContaining([a, b]));
    // A scaled workload is seen by the next sync (the cache was invalidated).
    kube.kube.apply(deployment('shop', 'checkout', { image: 'registry.example/checkout:1.5.0', replicas: 4, ready: 4, labels: { app: 'checkout' } }));
    await t.app.inject({ method: 'POST', url: '/api/v1/orchestrator/sync', headers: admin });
    expect(await read(a)).toMatchObject({ replicas: 4, readyReplicas: 4, image: 'registry.example/checkout:1.5.0' });
    // A component whose workload never existed is not rewritten; one whose workload went away is cleared once.
    expect(events.filter((e) => e.name === 'component.updated').map((e) => e.payload.id)).not.toContain(c);
    kube.kube.remove('apps/v1', 'Deployment', 'payments', 'ledger');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/orchestrator/sync', headers: admin })).json()).toEqual({ synced: 1 });
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
