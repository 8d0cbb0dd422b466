import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeKubeApiServer } from '../../fakes/kube-apiserver.js';
import { installLinkerd, linkerdResources } from '../../fakes/kube-mesh-fixtures.js';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { startKube } from '../../helpers/kube.js';

let t: TestApp;
let kube: Awaited<ReturnType<typeof startKube>>;
let bare: FakeKubeApiServer;
let outside: string;
let admin: Record<string, string>;
let user: Record<string, string>;

beforeAll(async () => {
  kube = await startKube();
  installLinkerd(kube.kube);
  linkerdResources(kube.kube);
  // A cluster without Linkerd, reached through clusterConfig (a file under the config folder, or text).
  bare = await new FakeKubeApiServer().start();
  await mkdir(join(kube.dir, 'clusters'));
  await writeFile(join(kube.dir, 'clusters', 'bare.yaml'), bare.kubeconfig());
  outside = await mkdtemp(join(tmpdir(), 'hangar-outside-'));
  await writeFile(join(outside, 'kubeconfig.yaml'), bare.kubeconfig());
  t = await buildTestApp({ CLUSTER_CONFIG_PATH: kube.configPath, CLUSTER_WATCH_ROLLOUTS: 'false' });
  admin = bearer(await t.adminToken());
  user = bearer((await t.newUser()).token);
});

afterAll(async () => {
  await t?.close();
  await kube?.cleanup();
  await bare?.stop();
  await rm(outside, { recursive: true, force: true });
});

const get = (url: string, headers = user) => t.app.inject({ method: 'GET', url, headers });

describe('mesh two (Linkerd)', () => {
  it('needs a token', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/meshtwo/available' }), 401);
  });

  it('reports the control plane from the deployments of linkerd', async () => {
    const res = await get('/api/v1/meshtwo/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      installed: true,
      components: ['linkerd-destination', 'linkerd-identity', 'linkerd-proxy-injector'].map((name) => ({
        name,
        ready: true,
        version: 'stable-2.14.10',
      })),
    });
  });

  it('is available with its namespace and CRDs', async () => {
    expect((await get('/api/v1/meshtwo/available')).json()).toEqual({ available: true });
  });

  it('lists server authorizations, authorization policies and service profiles', async () => {
    const sa = await get('/api/v1/meshtwo/server-authorizations?namespace=emojivoto');
    expect(sa.statusCode).toBe(200);
    expect(sa.json()).toEqual([
      {
        name: 'emoji-grpc',
        namespace: 'emojivoto',
        server: 'emoji-grpc',
        clients: ['web', 'prometheus.linkerd-viz.serviceaccount.identity.linkerd.cluster.local'],
      },
    ]);
    const ap = await get('/api/v1/meshtwo/authorization-policies?namespace=emojivoto');
    expect(ap.json()).toEqual([
      {
        name: 'web-route-authn',
        namespace: 'emojivoto',
        targetRef: { kind: 'HTTPRoute', name: 'web-get-route' },
        requiredAuthenticationRefs: [{ kind: 'MeshTLSAuthentication', name: 'web-clients' }],
      },
    ]);
    const sp = await get('/api/v1/meshtwo/service-profiles?namespace=emojivoto');
    expect(sp.json()).toEqual([
      {
        name: 'web-svc.emojivoto.svc.cluster.local',
        namespace: 'emojivoto',
        routes: [
          {
            name: 'GET /api/list',
            condition: { method: 'GET', pathRegex: '/api/list' },
            isRetryable: true,
            timeout: '300ms',
          },
          {
            name: 'POST /api/vote',
            condition: { method: 'POST', pathRegex: '/api/vote' },
            isRetryable: false,
            timeout: '10s',
          },
        ],
      },
    ]);
    for (const path of ['server-authorizations', 'authorization-policies', 'service-profiles']) {
      expectError(await get(`/api/v1/meshtwo/${path}`), 400);
      expect((await get(`/api/v1/meshtwo/${path}?namespace=other`)).json()).toEqual([]);
    }
  });

  it('validates metrics queries', async () => {
    expectError(await get('/api/v1/meshtwo/metrics/rps?namespace=emojivoto'), 400);
    expectError(await get('/api/v1/meshtwo/metrics/latency?deployment=web'), 400);
    expectError(await get('/api/v1/meshtwo/metrics/error-rate?deployment=web&namespace=emojivoto&range=5x'), 400);
    expectError(await get('/api/v1/meshtwo/topology?range=0s'), 400);
  });

  it('answers 503 for metrics without METRICS_URL', async () => {
    const body = expectError(await get('/api/v1/meshtwo/metrics/rps?deployment=web&namespace=emojivoto'), 503);
    expect(body.message).toMatch(/METRICS_URL/);
  });
});

describe('clusterConfig (kubeconfig text or a path under the folder of CLUSTER_CONFIG_PATH)', () => {
  it('is for admins only', async () => {
    expectError(await get('/api/v1/meshtwo/status?clusterConfig=clusters/bare.yaml'), 403);
  });

  it('reads a file under the config folder, or inline text', async () => {
    const byPath = await get('/api/v1/meshtwo/status?clusterConfig=clusters/bare.yaml', admin);
    expect(byPath.statusCode).toBe(200);
    expect(byPath.json()).toEqual({ installed: false, components: [] });
    const absolute = await get(
      `/api/v1/meshtwo/server-authorizations?namespace=emojivoto&clusterConfig=${encodeURIComponent(join(kube.dir, 'clusters', 'bare.yaml'))}`,
      admin,
    );
    expect(absolute.json()).toEqual([]);
    const inline = await get(`/api/v1/meshtwo/status?clusterConfig=${encodeURIComponent(bare.kubeconfig())}`, admin);
    expect(inline.json()).toEqual({ installed: false, components: [] });
  });

  it('refuses paths outside the folder, missing files, and exec users', async () => {
    expectError(
      await get(`/api/v1/meshtwo/status?clusterConfig=${encodeURIComponent(join(outside, 'kubeconfig.yaml'))}`, admin),
      400,
    );
    expectError(
      await get(`/api/v1/meshtwo/status?clusterConfig=${encodeURIComponent('../../etc/passwd')}`, admin),
      400,
    );
    expectError(await get('/api/v1/meshtwo/status?clusterConfig=clusters/missing.yaml', admin), 400);
    const exec = bare
      .kubeconfig()
      .replace(
        / {4}token: .*/,
        '    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: aws\n      args: ["eks", "get-token"]',
      );
    expectError(await get(`/api/v1/meshtwo/status?clusterConfig=${encodeURIComponent(exec)}`, admin), 400);
  });
});

describe('without Linkerd, or without a cluster', () => {
  it('is not available, with a reason, when the namespace or the CRDs are missing', async () => {
    kube.kube.remove('v1', 'Namespace', undefined, 'linkerd');
    try {
      const res = await get('/api/v1/meshtwo/available');
      expect(res.json()).toEqual({ available: false, reason: expect.stringContaining('linkerd namespace') });
    } finally {
      kube.kube.apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'linkerd' } });
    }
    kube.kube.remove('apiextensions.k8s.io/v1', 'CustomResourceDefinition', undefined, 'serviceprofiles.linkerd.io');
    const res = await get('/api/v1/meshtwo/available');
    expect(res.json()).toEqual({ available: false, reason: expect.stringContaining('serviceprofiles.linkerd.io') });
  });

  it('a stopped cluster: 503 naming it for the lists, available false; recovers when it returns', async () => {
    await kube.kube.stop();
    try {
      const body = expectError(await get('/api/v1/meshtwo/server-authorizations?namespace=emojivoto'), 503);
      expect(body.message).toMatch(/Kubernetes cluster/);
      expectError(await get('/api/v1/meshtwo/status'), 503);
      expect((await get('/api/v1/meshtwo/available')).json()).toMatchObject({
        available: false,
        reason: expect.stringMatching(/Kubernetes cluster/),
      });
    } finally {
      await kube.kube.start();
    }
    expect((await get('/api/v1/meshtwo/status')).statusCode).toBe(200);
  });

  it('an app with no cluster configured: 503 for the lists, available false', async () => {
    const none = await buildTestApp({ CLUSTER_WATCH_ROLLOUTS: 'false' });
    try {
      const token = bearer(await none.adminToken());
      expectError(await none.app.inject({ method: 'GET', url: '/api/v1/meshtwo/status', headers: token }), 503);
      expect(
        (await none.app.inject({ method: 'GET', url: '/api/v1/meshtwo/available', headers: token })).json(),
      ).toEqual({
        available: false,
        reason: expect.any(String),
      });
      expectError(
        await none.app.inject({ method: 'GET', url: '/api/v1/meshtwo/status?clusterConfig=x.yaml', headers: token }),
        400,
      );
    } finally {
      await none.close();
    }
  });
});
