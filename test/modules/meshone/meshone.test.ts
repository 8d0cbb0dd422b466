import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeKubeApiServer } from '../../fakes/kube-apiserver.js';
import { installIstio, istioResources, reviewsVirtualService } from '../../fakes/kube-fixtures.js';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { freePort } from '../../helpers/free-port.js';
import { b64, startKube } from '../../helpers/kube.js';

let t: TestApp;
let kube: Awaited<ReturnType<typeof startKube>>;
let other: FakeKubeApiServer;
let admin: Record<string, string>;
let user: Record<string, string>;

beforeAll(async () => {
  kube = await startKube();
  installIstio(kube.kube);
  istioResources(kube.kube);
  // A second cluster serving only networking.istio.io/v1beta1 (Istio before 1.22), reached through clusterConfig.
  other = await new FakeKubeApiServer().start();
  installIstio(other, { networkingVersions: ['v1beta1'] });
  other.apply(reviewsVirtualService('legacy', 'v1beta1'));
  t = await buildTestApp({ CLUSTER_CONFIG_PATH: kube.configPath, METRICS_URL: `http://127.0.0.1:${await freePort()}`, CLUSTER_WATCH_ROLLOUTS: 'false' });
  admin = bearer(await t.adminToken());
  user = bearer((await t.newUser()).token);
});

afterAll(async () => {
  await t?.close();
  await kube?.cleanup();
  await other?.stop();
});

const get = (url: string, headers = user) => t.app.inject({ method: 'GET', url, headers });

describe('mesh one (Istio)', () => {
  it('needs a token', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/meshone/status' }), 401);
  });

  it('reports the control plane from the deployments of istio-system', async () => {
    const res = await get('/api/v1/meshone/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      installed: true,
      version: '1.22.3',
      components: [
        { name: 'istio-ingressgateway', ready: false, version: '1.22.3' },
        { name: 'istiod', ready: true, version: '1.22.3' },
      ],
    });
  });

  it('lists virtual services of a namespace (namespace required)', async () => {
    expectError(await get('/api/v1/meshone/virtual-services'), 400);
    expectError(await get('/api/v1/meshone/virtual-services?namespace=Not_Valid'), 400);
    const res = await get('/api/v1/meshone/virtual-services?namespace=bookinfo');
    expect(res.statusCode).toBe(200);
    const reviews = res.json().find((v: any) => v.name === 'reviews');
    expect(reviews).toEqual({
      name: 'reviews',
      namespace: 'bookinfo',
      hosts: ['reviews'],
      http: [
        {
          route: [
            { destination: { host: 'reviews', subset: 'v1' }, weight: 80 },
            { destination: { host: 'reviews', subset: 'v2' }, weight: 20 },
          ],
        },
        { route: [{ destination: { host: 'reviews', subset: 'v3' }, weight: 100 }] },
      ],
    });
    expect((await get('/api/v1/meshone/virtual-services?namespace=empty')).json()).toEqual([]);
  });

  it('reads one virtual service, 404 when absent', async () => {
    const res = await get('/api/v1/meshone/virtual-services/bookinfo/ratings');
    expect(res.statusCode).toBe(200);
    expect(res.json().http[0].route).toHaveLength(2);
    expectError(await get('/api/v1/meshone/virtual-services/bookinfo/nope'), 404);
  });

  it('lists peer authentications and authorization policies', async () => {
    const pa = await get('/api/v1/meshone/peer-authentications?namespace=bookinfo');
    expect(pa.statusCode).toBe(200);
    expect(pa.json().map((p: any) => [p.name, p.mtlsMode])).toEqual([
      ['default', 'STRICT'],
      ['legacy', 'UNSET'],
    ]);
    expect(Date.parse(pa.json()[0].createdAt)).not.toBeNaN();
    const ap = await get('/api/v1/meshone/authorization-policies?namespace=bookinfo');
    expect(ap.statusCode).toBe(200);
    expect(ap.json()[0]).toMatchObject({
      name: 'httpbin',
      namespace: 'bookinfo',
      action: 'ALLOW',
      rules: [{ from: [{ source: { principals: ['cluster.local/ns/default/sa/sleep'] } }] }],
    });
    expectError(await get('/api/v1/meshone/peer-authentications'), 400);
  });

  it('derives topology edges from the route destinations', async () => {
    const res = await get('/api/v1/meshone/topology?namespace=bookinfo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { source: 'reviews', destination: 'reviews', weight: 80 },
        { source: 'reviews', destination: 'reviews', weight: 20 },
        { source: 'ratings', destination: 'ratings-canary.bookinfo.svc.cluster.local', weight: 50 },
      ]),
    );
    expect(res.json()).toHaveLength(5);
  });
});

describe('PATCH weights', () => {
  const url = '/api/v1/meshone/virtual-services/bookinfo/reviews/weights';
  const patch = (payload: unknown, headers = admin) => t.app.inject({ method: 'PATCH', url, headers, payload: payload as object });

  it('is for admins', async () => {
    expectError(
      await patch(
        {
          weights: [
            { destination: 'v1', weight: 50 },
            { destination: 'v2', weight: 50 },
          ],
        },
        user,
      ),
      403,
    );
    expectError(await t.app.inject({ method: 'PATCH', url, payload: {} }), 401);
  });

  it('refuses weights that are not whole numbers 0-100 summing to 100, or do not name every destination once', async () => {
    for (const weights of [
      [
        { destination: 'v1', weight: 50 },
        { destination: 'v2', weight: 40 },
      ],
      [
        { destination: 'v1', weight: 50.5 },
        { destination: 'v2', weight: 49.5 },
      ],
      [
        { destination: 'v1', weight: 120 },
        { destination: 'v2', weight: -20 },
      ],
      [{ destination: 'v1', weight: 100 }],
      [
        { destination: 'v1', weight: 50 },
        { destination: 'v1', weight: 50 },
      ],
      [
        { destination: 'v1', weight: 50 },
        { destination: 'v9', weight: 50 },
      ],
      [
        { destination: 'v1', weight: '50' },
        { destination: 'v2', weight: 50 },
      ],
      [],
    ]) {
      expectError(await patch({ weights }), 400);
    }
    expectError(await patch({}), 400);
  });

  it('writes the weights back with a JSON merge patch and answers the updated resource', async () => {
    const res = await patch({
      weights: [
        { destination: 'v2', weight: 75 },
        { destination: 'v1', weight: 25 },
      ],
      extra: 'ignored',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().http[0].route.map((r: any) => r.weight)).toEqual([25, 75]);
    const write = kube.kube.requests.filter((r) => r.method === 'PATCH').at(-1)!;
    expect(write.contentType).toBe('application/merge-patch+json');
    // Untouched parts of the route survive (the merge patch replaced spec.http as read).
    const stored = kube.kube.get('networking.istio.io/v1', 'VirtualService', 'bookinfo', 'reviews');
    expect(stored.spec.http[0].match).toEqual([{ headers: { 'end-user': { exact: 'jason' } } }]);
    expect(stored.spec.http[0].timeout).toBe('10s');
    expect(stored.spec.http[1].route[0].destination.subset).toBe('v3');
  });

  it('names destinations by host when they have no subset; 404 for an unknown service', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/meshone/virtual-services/bookinfo/ratings/weights',
      headers: admin,
      payload: {
        weights: [
          { destination: 'ratings.bookinfo.svc.cluster.local', weight: 90 },
          { destination: 'ratings-canary.bookinfo.svc.cluster.local', weight: 10 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().http[0].route.map((r: any) => r.weight)).toEqual([90, 10]);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/meshone/virtual-services/bookinfo/nope/weights',
      headers: admin,
      payload: { weights: [{ destination: 'a', weight: 100 }] },
    });
    expectError(missing, 404);
  });
});

describe('clusterConfig', () => {
  it('is for admins only', async () => {
    expectError(await get(`/api/v1/meshone/status?clusterConfig=${encodeURIComponent(b64(other.kubeconfig()))}`), 403);
  });

  it('lets an admin read another cluster (base64 kubeconfig), falling back to networking.istio.io/v1beta1', async () => {
    const cc = encodeURIComponent(b64(other.kubeconfig()));
    const list = await get(`/api/v1/meshone/virtual-services?namespace=legacy&clusterConfig=${cc}`, admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((v: any) => v.name)).toEqual(['reviews']);
    const one = await get(`/api/v1/meshone/virtual-services/legacy/reviews?clusterConfig=${cc}`, admin);
    expect(one.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/meshone/virtual-services/legacy/reviews/weights',
      headers: admin,
      payload: {
        clusterConfig: b64(other.kubeconfig()),
        weights: [
          { destination: 'v1', weight: 0 },
          { destination: 'v2', weight: 100 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(other.requests.filter((r) => r.method === 'PATCH').at(-1)!.path).toBe('/apis/networking.istio.io/v1beta1/namespaces/legacy/virtualservices/reviews');
  });

  it('accepts base64 sent unencoded in the query (a "+" arriving as a space)', async () => {
    // Pad the kubeconfig with a comment until its base64 holds '+' (0x7e bytes encode as "fn5+").
    let text = other.kubeconfig();
    while (!b64(text).includes('+')) text += '# ~~~\n';
    const res = await get(`/api/v1/meshone/virtual-services?namespace=legacy&clusterConfig=${b64(text)}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((v: any) => v.name)).toEqual(['reviews']);
  });

  it('refuses what is not a base64 kubeconfig, and kubeconfigs that would run commands or read server files', async () => {
    expectError(await get('/api/v1/meshone/status?clusterConfig=%25%25not-base64', admin), 400);
    expectError(await get(`/api/v1/meshone/status?clusterConfig=${encodeURIComponent(b64('just: text'))}`, admin), 400);
    const exec = other
      .kubeconfig()
      .replace(/ {4}token: .*/, '    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: /bin/sh\n      args: ["-c", "id"]');
    const body = expectError(await get(`/api/v1/meshone/status?clusterConfig=${encodeURIComponent(b64(exec))}`, admin), 400);
    expect(body.message).toMatch(/exec/);
    const authProvider = other.kubeconfig().replace(/ {4}token: .*/, '    auth-provider:\n      name: oidc\n      config: {}');
    expectError(await get(`/api/v1/meshone/status?clusterConfig=${encodeURIComponent(b64(authProvider))}`, admin), 400);
    const tokenFile = other.kubeconfig().replace(/ {4}token: .*/, '    tokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token');
    expectError(await get(`/api/v1/meshone/status?clusterConfig=${encodeURIComponent(b64(tokenFile))}`, admin), 400);
  });

  it('refuses exec and token-file smuggled in through YAML merge keys, anchors and aliases (item 4)', async () => {
    const marker = join(tmpdir(), `hangar-merge-${process.pid}-${Date.now()}`);
    const base = other.kubeconfig().replace(/users:\n- name: fake\n {2}user:\n {4}token: .*\n/, '');
    const viaMerge = `x-exec: &ex\n  exec:\n    apiVersion: client.authentication.k8s.io/v1\n    command: /bin/sh\n    args: ["-c", "touch ${marker}"]\n${base}users:\n- name: fake\n  user:\n    <<: *ex\n`;
    const body = expectError(await get(`/api/v1/meshone/status?clusterConfig=${encodeURIComponent(b64(viaMerge))}`, admin), 400);
    expect(body.message).toMatch(/merge keys/);
    const tokenFile = `${base}users:\n- name: fake\n  user:\n    <<: {token-file: /etc/hostname}\n`;
    expectError(await get(`/api/v1/meshone/status?clusterConfig=${encodeURIComponent(b64(tokenFile))}`, admin), 400);
    const nested = `${base}users:\n- name: fake\n  user: {<<: [{exec: {command: /bin/true}}]}\n`;
    expectError(await get(`/api/v1/meshone/status?clusterConfig=${encodeURIComponent(b64(nested))}`, admin), 400);
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a kubeconfig server on a link-local or metadata address, in any spelling (item 8)', async () => {
    for (const server of [
      'http://169.254.169.254',
      'http://[::ffff:169.254.169.254]',
      'http://0xa9fea9fe',
      'http://[64:ff9b::a9fe:a9fe]',
      'http://[fe80::1]',
    ]) {
      const text = other.kubeconfig().replace(/server: .*/, `server: ${server}`);
      const body = expectError(await get(`/api/v1/meshone/status?clusterConfig=${encodeURIComponent(b64(text))}`, admin), 400);
      expect(body.message, server).toMatch(/link-local/);
    }
  });
});

describe('metrics', () => {
  it('validates range and required parameters', async () => {
    expectError(await get('/api/v1/meshone/metrics/rps?namespace=bookinfo'), 400);
    expectError(await get('/api/v1/meshone/metrics/rps?service=reviews'), 400);
    for (const range of ['1w', 'abc', '0m', '-5m', '5', '1.5h']) {
      expectError(await get(`/api/v1/meshone/metrics/latency?service=reviews&namespace=bookinfo&range=${range}`), 400);
    }
  });

  it('answers 503 naming the metrics store when it is unreachable', async () => {
    const body = expectError(await get('/api/v1/meshone/metrics/error-rate?service=reviews&namespace=bookinfo'), 503);
    expect(body.message).toMatch(/Metrics store/);
  });
});

describe('a stopped cluster', () => {
  it('answers 503 naming the cluster, and recovers when it comes back', async () => {
    await kube.kube.stop();
    try {
      for (const url of ['/api/v1/meshone/status', '/api/v1/meshone/virtual-services?namespace=bookinfo', '/api/v1/meshone/topology?namespace=bookinfo']) {
        const body = expectError(await get(url), 503);
        expect(body.message).toMatch(/Kubernetes cluster/);
      }
    } finally {
      await kube.kube.start();
    }
    expect((await get('/api/v1/meshone/status')).statusCode).toBe(200);
  });
});
