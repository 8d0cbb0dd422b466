import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { argoApp, startArgoCdServer, type ArgoFake } from '../../../fakes/argocd-server.js';
import { startFakeHarbor } from '../../../fakes/harbor-server.js';
import { jenkinsBuilds, startJenkinsServer, type JenkinsFake } from '../../../fakes/jenkins-server.js';
import {
  deployment,
  installArgoRollouts,
  installGatekeeper,
  namespace,
  rollout,
} from '../../../fakes/kube-fixtures.js';
import { installIstio, installLinkerd, istioResources, linkerdResources } from '../../../fakes/kube-mesh-fixtures.js';
import { startFakeKong } from '../../../fakes/kong-server.js';
import { startFakeOpa } from '../../../fakes/opa-server.js';
import { startFakeOpenCost } from '../../../fakes/opencost-server.js';
import { startKube } from '../../../helpers/kube.js';
import { portalFixture, type PageOptions, type PortalFixture } from './index.js';

/**
 * The integration pages in Chromium against a real server whose settings point at the same local fakes
 * the server's own tests use (Argo CD, Jenkins, OpenCost, Harbor, Kong, OPA, a Kubernetes API server).
 * CircleCI, Travis CI (no credential) and the mesh metrics (no METRICS_URL) stay unconfigured.
 */
export let portal: PortalFixture;
export let argo: ArgoFake;
export let jenkins: JenkinsFake;
export let fakes: { close(): Promise<unknown> }[] = [];
export let kube: Awaited<ReturnType<typeof startKube>>;
/** One signed-in page (light, desktop) for the functional tests; each checks its page with axe too. */
export let page: Page;

export const alloc = (total: number) => ({
  cpuCost: total / 2,
  ramCost: total / 4,
  pvCost: total / 8,
  networkCost: total / 8,
  totalCost: total,
});

export const signedIn = (path: string, opts: PageOptions = {}) => portal.signedIn(path, opts);

export const row = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

/** The server, browser and seeded data of integrations.test.ts: call at the top of the file. */
export function useIntegrationsPortal(): void {
  beforeAll(async () => {
    const [argoFake, jenkinsFake, opencost, harbor, kong, opa, cluster] = await Promise.all([
      startArgoCdServer(),
      startJenkinsServer(),
      startFakeOpenCost({
        '7d': { 'label:app': { 'payments-api': alloc(40), 'ledger-worker': alloc(80) } },
        '30d': { 'label:app': { 'payments-api': alloc(160), 'ledger-worker': alloc(300) } },
      }),
      startFakeHarbor(),
      startFakeKong({
        routes: [
          {
            id: 'k-orders',
            name: 'orders',
            paths: ['/orders'],
            methods: ['GET'],
            tags: ['shop'],
            service: { id: 's1' },
          },
          { id: 'k-refunds', name: 'refunds', paths: ['/refunds'], methods: ['POST'], tags: [], service: { id: 's1' } },
        ],
        services: [{ id: 's1', name: 'shop' }],
      }),
      startFakeOpa({
        'hangar/deploy': (input: { owner?: string }) => ({
          allow: !!input.owner,
          deny: input.owner ? [] : ['a deployment needs an owner'],
        }),
      }),
      startKube(),
    ]);
    argo = argoFake;
    jenkins = jenkinsFake;
    kube = cluster;
    fakes = [argo, jenkins, opencost, harbor, kong, opa];
    argo.apps.set('shop', argoApp('shop'));
    argo.apps.set('web', argoApp('web', { health: 'Degraded', sync: 'OutOfSync' }));
    jenkins.jobs.set('api', { color: 'blue', builds: jenkinsBuilds(['SUCCESS', 'FAILURE']) });
    kube.kube.apply(namespace('shop'));
    kube.kube.apply(deployment('shop', 'web', { image: 'acme/web:1.4.2', replicas: 3, ready: 2 }));
    installArgoRollouts(kube.kube);
    kube.kube.apply(rollout('shop', 'canary', 'Progressing', { step: 2 }));
    installGatekeeper(kube.kube);
    installIstio(kube.kube);
    kube.kube.apply(namespace('bookinfo'));
    istioResources(kube.kube);
    installLinkerd(kube.kube);
    kube.kube.apply(namespace('emojivoto'));
    linkerdResources(kube.kube);

    portal = await portalFixture({
      seed: true,
      env: {
        COST_URL: opencost.url,
        REGISTRY_TYPE: 'selfhosted',
        REGISTRY_URL: harbor.url,
        REGISTRY_CREDENTIALS: JSON.stringify({ username: 'admin', password: 'Harbor12345' }),
        GATEWAY_ALPHA_ENABLED: 'true',
        GATEWAY_ALPHA_URL: kong.url,
        POLICY_URL: opa.url,
        CLUSTER_CONFIG_PATH: kube.configPath,
      },
    });
    const { server, token } = portal;
    for (const [type, value] of Object.entries({
      gitopscd: { url: argo.url, token: 'argo-token' },
      serverci: { url: jenkins.url, username: 'ci-bot', apiToken: 'jenkins-api-token' },
    })) {
      const res = await server.api(
        'POST',
        '/api/v1/integrations/credentials',
        { type, name: `${type} of the browser test`, value },
        token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    expect((await server.api('POST', '/api/v1/cost/sync', {}, token)).status).toBe(200);
    expect((await server.api('POST', '/api/v1/gateway/sync', undefined, token)).body).toMatchObject({
      synced: 2,
      errors: [],
    });
    page = (await signedIn('/integrations')).page;
  });

  afterAll(async () => {
    await portal?.close();
    await Promise.all(fakes.map((f) => f.close()));
    await kube?.cleanup();
  });
}
