import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../helpers/app.js';
import { b64 } from '../../helpers/kube.js';
import { t, kube, other, admin, user, get, useMeshOneApp } from './meshone-setup.js';

useMeshOneApp();

describe('PATCH weights', () => {
  const url = '/api/v1/meshone/virtual-services/bookinfo/reviews/weights';
  const patch = (payload: unknown, headers = admin) =>
    t.app.inject({ method: 'PATCH', url, headers, payload: payload as object });

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
    expect(other.requests.filter((r) => r.method === 'PATCH').at(-1)!.path).toBe(
      '/apis/networking.istio.io/v1beta1/namespaces/legacy/virtualservices/reviews',
    );
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
      .replace(
        / {4}token: .*/,
        '    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: /bin/sh\n      args: ["-c", "id"]',
      );
    const body = expectError(
      await get(`/api/v1/meshone/status?clusterConfig=${encodeURIComponent(b64(exec))}`, admin),
      400,
    );
    expect(body.message).toMatch(/exec/);
    const authProvider = other
      .kubeconfig()
      .replace(/ {4}token: .*/, '    auth-provider:\n      name: oidc\n      config: {}');
    expectError(await get(`/api/v1/meshone/status?clusterConfig=${encodeURIComponent(b64(authProvider))}`, admin), 400);
    const tokenFile = other
      .kubeconfig()
      .replace(/ {4}token: .*/, '    tokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token');
    expectError(await get(`/api/v1/meshone/status?clusterConfig=${encodeURIComponent(b64(tokenFile))}`, admin), 400);
  });

  it('refuses exec and token-file smuggled in through YAML merge keys, anchors and aliases (item 4)', async () => {
    const marker = join(tmpdir(), `hangar-merge-${process.pid}-${Date.now()}`);
    const base = other.kubeconfig().replace(/users:\n- name: fake\n {2}user:\n {4}token: .*\n/, '');
    const viaMerge = `x-exec: &ex\n  exec:\n    apiVersion: client.authentication.k8s.io/v1\n    command: /bin/sh\n    args: ["-c", "touch ${marker}"]\n${base}users:\n- name: fake\n  user:\n    <<: *ex\n`;
    const body = expectError(
      await get(`/api/v1/meshone/status?clusterConfig=${encodeURIComponent(b64(viaMerge))}`, admin),
      400,
    );
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
      const body = expectError(
        await get(`/api/v1/meshone/status?clusterConfig=${encodeURIComponent(b64(text))}`, admin),
        400,
      );
      expect(body.message, server).toMatch(/link-local/);
    }
  });
});
