import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KubeClient } from '../../src/integrations/kubernetes/client.js';
import {
  decodeBase64Kubeconfig,
  loadSuppliedKubeconfig,
  readTextOrPath,
} from '../../src/integrations/kubernetes/kubeconfig.js';
import { loadKubernetesSdk } from '../../src/integrations/kubernetes/sdk.js';
import { FakeKubeApiServer } from '../fakes/kube-apiserver.js';
import { kubernetesAccess } from '../helpers/kube.js';
import { installIstio, reviewsVirtualService } from '../fakes/kube-mesh-fixtures.js';

/** The Kubernetes access layer (official client) against a local server answering like the API server. */
let kube: FakeKubeApiServer;
let dir: string;
const VS = { group: 'networking.istio.io', version: 'v1', plural: 'virtualservices' };

beforeAll(async () => {
  // The client library loads on the first cluster call in the app; these tests build clients directly.
  await loadKubernetesSdk();
  kube = await new FakeKubeApiServer().start();
  installIstio(kube);
  kube.apply(reviewsVirtualService('bookinfo'));
  dir = await mkdtemp(join(tmpdir(), 'hangar-kubecfg-'));
});

afterAll(async () => {
  await kube?.stop();
  await rm(dir, { recursive: true, force: true });
});

const client = (token?: string) =>
  new KubeClient(loadSuppliedKubeconfig(kube.kubeconfig(token), { allowFiles: false }), 2000);

describe('KubeClient', () => {
  it('lists, reads and merge-patches custom resources', async () => {
    const list = await client().listCustom(VS, 'bookinfo');
    expect(list!.items.map((i) => i.metadata.name)).toEqual(['reviews']);
    expect(list!.resourceVersion).toMatch(/^\d+$/);
    const patched = await client().mergePatchCustom(VS, 'bookinfo', 'reviews', { metadata: { labels: { team: 'a' } } });
    expect(patched.metadata.labels).toEqual({ team: 'a' });
    expect(kube.requests.at(-1)).toMatchObject({ method: 'PATCH', contentType: 'application/merge-patch+json' });
  });

  it('answers null for resources that are not served or absent (404)', async () => {
    expect(await client().listCustom({ group: 'argoproj.io', version: 'v1alpha1', plural: 'rollouts' })).toBeNull();
    expect(await client().getCustom(VS, 'bookinfo', 'nope')).toBeNull();
    expect(await client().readCrd('rollouts.argoproj.io')).toBeNull();
    expect(await client().groupResources('argoproj.io', 'v1alpha1')).toBeNull();
  });

  it('maps a refused credential to 502 and an unreachable server to 503 naming the cluster', async () => {
    await expect(client('wrong-token').listDeployments()).rejects.toMatchObject({
      statusCode: 502,
      message: expect.stringContaining('refused the credential'),
    });
    const gone = new KubeClient(
      loadSuppliedKubeconfig(kube.kubeconfig().replace(kube.url, 'http://127.0.0.1:1'), { allowFiles: false }),
      2000,
    );
    await expect(gone.listDeployments()).rejects.toMatchObject({
      statusCode: 503,
      message: 'Kubernetes cluster is unreachable',
    });
  });

  it('the fake refuses a strategic-merge patch on a custom resource with 415, as the API server does', async () => {
    const res = await fetch(`${kube.url}/apis/networking.istio.io/v1/namespaces/bookinfo/virtualservices/reviews`, {
      method: 'PATCH',
      headers: {
        authorization: 'Bearer fake-kube-token-0123456789',
        'content-type': 'application/strategic-merge-patch+json',
      },
      body: '{}',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ kind: 'Status', code: 415, reason: 'UnsupportedMediaType' });
  });
});

describe('KubernetesAccess', () => {
  it('is unconfigured without CLUSTER_CONFIG_PATH, and follows the file when it changes', async () => {
    const none = kubernetesAccess(undefined, undefined);
    expect(none.configured).toBe(false);
    expect(await none.client()).toBeNull();
    await expect(none.require()).rejects.toMatchObject({ statusCode: 503 });
    const path = join(dir, 'config');
    await writeFile(path, kube.kubeconfig('wrong-token'));
    const access = kubernetesAccess(path, dir);
    await expect((await access.require()).listDeployments()).rejects.toMatchObject({ statusCode: 502 });
    await writeFile(path, kube.kubeconfig() + '\n');
    expect((await (await access.require()).listDeployments()).length).toBeGreaterThan(0);
  });
});

describe('supplied kubeconfigs', () => {
  it('decodes base64 (standard or URL-safe) and refuses anything else', () => {
    expect(decodeBase64Kubeconfig(Buffer.from('apiVersion: v1').toString('base64url'))).toBe('apiVersion: v1');
    expect(() => decodeBase64Kubeconfig('not base64!')).toThrow(/base64/);
  });

  it('refuses paths outside the config folder, also through a symbolic link', async () => {
    const inside = join(dir, 'inside');
    await mkdir(inside, { recursive: true });
    const outside = await mkdtemp(join(tmpdir(), 'hangar-kubecfg-out-'));
    await writeFile(join(outside, 'k.yaml'), kube.kubeconfig());
    await symlink(join(outside, 'k.yaml'), join(inside, 'link.yaml'));
    await writeFile(join(inside, 'ok.yaml'), kube.kubeconfig());
    await expect(readTextOrPath('link.yaml', inside)).rejects.toMatchObject({ statusCode: 400 });
    await expect(readTextOrPath(join(outside, 'k.yaml'), inside)).rejects.toMatchObject({ statusCode: 400 });
    await expect(readTextOrPath('ok.yaml', undefined)).rejects.toMatchObject({ statusCode: 400 });
    expect((await readTextOrPath('ok.yaml', inside)).fromFile).toBe(true);
    expect((await readTextOrPath(kube.kubeconfig(), inside)).fromFile).toBe(false);
    await rm(outside, { recursive: true, force: true });
  });

  it('refuses exec and auth-provider users, and file references in inline text', () => {
    const exec = kube.kubeconfig().replace(/ {4}token: .*/, '    exec:\n      command: id');
    expect(() => loadSuppliedKubeconfig(exec, { allowFiles: true })).toThrow(/exec/);
    const ap = kube.kubeconfig().replace(/ {4}token: .*/, '    auth-provider:\n      name: gcp');
    expect(() => loadSuppliedKubeconfig(ap, { allowFiles: true })).toThrow(/auth-provider/);
    const ca = kube
      .kubeconfig()
      .replace('insecure-skip-tls-verify: true', 'certificate-authority: /etc/ssl/certs/ca.pem');
    expect(() => loadSuppliedKubeconfig(ca, { allowFiles: false })).toThrow(/files/);
    expect(() => loadSuppliedKubeconfig('clusters: []', { allowFiles: false })).toThrow(/no clusters/);
    expect(() => loadSuppliedKubeconfig(': : :', { allowFiles: false })).toThrow();
  });
});

describe('optimistic concurrency', () => {
  it('maps a 409 (resourceVersion precondition failed) to Conflict', async () => {
    await expect(
      client().mergePatchCustom(VS, 'bookinfo', 'reviews', { metadata: { resourceVersion: '1' }, spec: {} }),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
  });
});

describe('plain HTTP API servers', () => {
  it('are reached even when the kubeconfig lacks insecure-skip-tls-verify (kubectl proxy, test rigs)', async () => {
    const path = join(dir, 'plain');
    await writeFile(path, kube.kubeconfig().replace('    insecure-skip-tls-verify: true\n', ''));
    const access = kubernetesAccess(path, dir);
    expect((await (await access.require()).listDeployments()).length).toBeGreaterThan(0);
  });
});
