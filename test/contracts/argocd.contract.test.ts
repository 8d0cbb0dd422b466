import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArgoCdAdapter } from '../../src/integrations/argocd/argocd.adapter.js';
import { UpstreamRefused } from '../../src/integrations/http.js';
import { NotFound, Unavailable } from '../../src/kernel/errors.js';
import { closedPort } from '../fakes/fake-server.js';
import { argoApp, startArgoCdServer, type ArgoFake } from '../fakes/argocd-server.js';
import { gitOpsContract } from './gitops.contract.js';

gitOpsContract('Argo CD adapter against an Argo CD-shaped server', async () => {
  const server = await startArgoCdServer();
  const at = (url: string) => ArgoCdAdapter.fromCredential({ url, token: 'argo-token' }, { timeoutMs: 2000 });
  return {
    port: at(server.url),
    addApplication: (name, project) => void server.apps.set(name, argoApp(name, { project })),
    unreachable: () => at('http://127.0.0.1:1'),
    close: () => server.close(),
  };
});

let argo: ArgoFake;
const adapter = (token = 'argo-token', url = argo.url, timeoutMs = 2000) =>
  ArgoCdAdapter.fromCredential({ url, token }, { timeoutMs });

beforeAll(async () => {
  argo = await startArgoCdServer();
});
afterAll(() => argo.close());

describe('Argo CD adapter against an Argo CD-shaped server', () => {
  it('answers [] when Argo CD has no application (items: null)', async () => {
    expect(await adapter().listApplications({})).toEqual([]);
  });

  it('lists applications in the document shape, filtered by project and label selector', async () => {
    argo.apps.set('shop', argoApp('shop', { project: 'retail', labels: { team: 'a' } }));
    argo.apps.set(
      'billing',
      argoApp('billing', { project: 'finance', labels: { team: 'b' }, health: 'Degraded', sync: 'OutOfSync' }),
    );
    const all = await adapter().listApplications({});
    expect(all.map((a) => a.metadata.name)).toEqual(['billing', 'shop']);
    expect(all[0]).toEqual({
      metadata: { name: 'billing', namespace: 'argocd' },
      spec: {
        project: 'finance',
        source: { repoURL: 'https://github.com/acme/billing.git', path: 'k8s', targetRevision: 'HEAD' },
        destination: { server: 'https://kubernetes.default.svc', namespace: 'billing' },
      },
      status: {
        health: { status: 'Degraded' },
        sync: { status: 'OutOfSync', revision: '4f1c2d3' },
        operationState: { phase: 'Succeeded', finishedAt: '2026-01-01T00:00:10Z' },
      },
    });
    expect((await adapter().listApplications({ project: 'retail' })).map((a) => a.metadata.name)).toEqual(['shop']);
    expect((await adapter().listApplications({ selector: 'team=b' })).map((a) => a.metadata.name)).toEqual(['billing']);
    expect(argo.requests.at(-1)?.headers.authorization).toBe('Bearer argo-token');
  });

  it("keeps to the document's health and sync values: a new application's Missing health reads as Unknown", async () => {
    argo.apps.set('fresh', argoApp('fresh', { health: 'Missing', sync: 'OutOfSync' }));
    const app = await adapter().getApplication('fresh');
    expect(app.status.health.status).toBe('Unknown');
    expect(app.status.sync.status).toBe('OutOfSync');
    for (const health of ['Healthy', 'Progressing', 'Degraded', 'Suspended', 'Unknown']) {
      argo.apps.set('fresh', argoApp('fresh', { health }));
      expect((await adapter().getApplication('fresh')).status.health.status).toBe(health);
    }
    argo.apps.delete('fresh');
  });

  it('reads one application; a missing one is NotFound (404) although Argo CD answers 403 for it', async () => {
    expect((await adapter().getApplication('shop')).spec.project).toBe('retail');
    const before = argo.requests.length;
    const err = await adapter()
      .getApplication('nope')
      .catch((e) => e);
    expect(err).toBeInstanceOf(NotFound);
    expect(err.message).toContain('"nope"');
    // The 403 was told apart by listing with the name filter (older releases answer it with 404).
    expect(argo.requests.slice(before).map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v1/applications/nope',
      'GET /api/v1/applications?name=nope',
    ]);
    argo.nameFilterEmpty = true;
    try {
      await expect(adapter().getApplication('nope')).rejects.toBeInstanceOf(NotFound);
    } finally {
      argo.nameFilterEmpty = false;
    }
  });

  it('syncs: posts the sync request, then the application settles to Synced + Healthy', async () => {
    const res = await adapter().syncApplication('billing', { revision: 'v1.2.3' });
    expect(res).toMatchObject({ name: 'billing', namespace: 'argocd', revision: 'v1.2.3', phase: 'Running' });
    expect(argo.syncBodies.at(-1)).toMatchObject({ name: 'billing', revision: 'v1.2.3' });
    const first = await adapter().getApplication('billing');
    expect(first.status.health.status).toBe('Progressing');
    const settled = await adapter().getApplication('billing');
    expect(settled.status).toMatchObject({ health: { status: 'Healthy' }, sync: { status: 'Synced' } });
    await expect(adapter().syncApplication('nope', {})).rejects.toBeInstanceOf(NotFound);
    // A token that may read but not sync: the application is listed, so the 403 is a refusal (502).
    argo.tokens.add('reader');
    argo.readOnlyTokens.add('reader');
    const refused = await adapter('reader')
      .syncApplication('billing', {})
      .catch((e) => e);
    expect(refused).toBeInstanceOf(UpstreamRefused);
    expect(refused.statusCode).toBe(502);
  });

  it('a refused token is UpstreamRefused (502) naming the platform; a token that sees nothing finds nothing (404)', async () => {
    const err = await adapter('wrong')
      .listApplications({})
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamRefused);
    expect(err.statusCode).toBe(502);
    expect(err.message).toContain('gitopscd');
    expect(err.message).not.toContain('wrong');
    argo.forbiddenTokens.add('limited');
    argo.tokens.add('limited');
    // Argo CD cannot tell this token "missing" from "not yours" (by design): neither can Hangar.
    await expect(adapter('limited').getApplication('shop')).rejects.toBeInstanceOf(NotFound);
    expect(await adapter('limited').listApplications({})).toEqual([]);
  });

  it('unreachable or too slow: Unavailable (503) naming the platform', async () => {
    const down = await adapter('argo-token', await closedPort())
      .listApplications({})
      .catch((e) => e);
    expect(down).toBeInstanceOf(Unavailable);
    expect(down.message).toContain('gitopscd');
    argo.hang = true;
    try {
      const slow = await adapter('argo-token', argo.url, 300)
        .getApplication('shop')
        .catch((e) => e);
      expect(slow).toBeInstanceOf(Unavailable);
      expect(slow.message).toMatch(/in time/);
    } finally {
      argo.hang = false;
    }
  });

  it('accepts an instance URL given with the API prefix', async () => {
    expect((await adapter('argo-token', `${argo.url}/api/v1/`).getApplication('shop')).metadata.name).toBe('shop');
  });
});
