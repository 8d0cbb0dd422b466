import { describe, expect, it } from 'vitest';
import { expectError } from '../../helpers/app.js';
import { t, kube, get, useMeshOneApp } from './meshone-setup.js';

useMeshOneApp();

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
      for (const url of [
        '/api/v1/meshone/status',
        '/api/v1/meshone/virtual-services?namespace=bookinfo',
        '/api/v1/meshone/topology?namespace=bookinfo',
      ]) {
        const body = expectError(await get(url), 503);
        expect(body.message).toMatch(/Kubernetes cluster/);
      }
    } finally {
      await kube.kube.start();
    }
    expect((await get('/api/v1/meshone/status')).statusCode).toBe(200);
  });
});
