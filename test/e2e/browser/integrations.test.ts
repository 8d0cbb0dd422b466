import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argoApp, startArgoCdServer, type ArgoFake } from '../../fakes/argocd-server.js';
import { startFakeHarbor } from '../../fakes/harbor-server.js';
import { jenkinsBuilds, startJenkinsServer, type JenkinsFake } from '../../fakes/jenkins-server.js';
import {
  deployment,
  installArgoRollouts,
  installGatekeeper,
  installIstio,
  installLinkerd,
  istioResources,
  linkerdResources,
  namespace,
  rollout,
} from '../../fakes/kube-fixtures.js';
import { startFakeKong } from '../../fakes/kong-server.js';
import { startFakeOpa } from '../../fakes/opa-server.js';
import { startFakeOpenCost } from '../../fakes/opencost-server.js';
import { startKube } from '../../helpers/kube.js';
import { expectAccessible, portalFixture, type PageOptions, type PortalFixture } from './helpers/index.js';

/**
 * The integration pages in Chromium against a real server whose settings point at the same local fakes
 * the server's own tests use (Argo CD, Jenkins, OpenCost, Harbor, Kong, OPA, a Kubernetes API server).
 * CircleCI, Travis CI (no credential) and the mesh metrics (no METRICS_URL) stay unconfigured.
 */
let portal: PortalFixture;
let argo: ArgoFake;
let jenkins: JenkinsFake;
let fakes: { close(): Promise<unknown> }[] = [];
let kube: Awaited<ReturnType<typeof startKube>>;
/** One signed-in page (light, desktop) for the functional tests; each checks its page with axe too. */
let page: Page;

const alloc = (total: number) => ({ cpuCost: total / 2, ramCost: total / 4, pvCost: total / 8, networkCost: total / 8, totalCost: total });

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
        { id: 'k-orders', name: 'orders', paths: ['/orders'], methods: ['GET'], tags: ['shop'], service: { id: 's1' } },
        { id: 'k-refunds', name: 'refunds', paths: ['/refunds'], methods: ['POST'], tags: [], service: { id: 's1' } },
      ],
      services: [{ id: 's1', name: 'shop' }],
    }),
    startFakeOpa({ 'hangar/deploy': (input: { owner?: string }) => ({ allow: !!input.owner, deny: input.owner ? [] : ['a deployment needs an owner'] }) }),
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
    const res = await server.api('POST', '/api/v1/integrations/credentials', { type, name: `${type} of the browser test`, value }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  expect((await server.api('POST', '/api/v1/cost/sync', {}, token)).status).toBe(200);
  expect((await server.api('POST', '/api/v1/gateway/sync', undefined, token)).body).toMatchObject({ synced: 2, errors: [] });
  page = (await signedIn('/integrations')).page;
});

afterAll(async () => {
  await portal?.close();
  await Promise.all(fakes.map((f) => f.close()));
  await kube?.cleanup();
});

const signedIn = (path: string, opts: PageOptions = {}) => portal.signedIn(path, opts);

const row = (page: Page, table: string, text: string) => page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

describe('integration pages', () => {
  it('lists GitOps applications with health and sync, and syncs one (admin)', async () => {
    await page.goto('/integrations');
    await page.getByRole('navigation', { name: 'Integrations' }).getByRole('link', { name: 'GitOps' }).click();
    const shop = row(page, 'GitOps applications', 'shop');
    await shop.getByText('Healthy').waitFor();
    await shop.getByText('Synced').waitFor();
    const web = row(page, 'GitOps applications', 'web');
    await web.getByText('Degraded').waitFor();
    await web.getByText('OutOfSync').waitFor();
    await page.getByRole('button', { name: 'Sync shop' }).click();
    await page.getByText('Sync of shop requested').waitFor();
    expect(argo.syncBodies).toHaveLength(1);
  });

  it('shows Jenkins jobs and builds with a build button, and says CircleCI and Travis CI are not configured', async () => {
    await page.goto('/integrations/ci');
    await page.getByRole('heading', { name: 'CircleCI is not configured' }).waitFor();
    await page.getByRole('heading', { name: 'Travis CI is not configured' }).waitFor();
    expect(
      await page
        .getByRole('link', { name: /Integration credentials/ })
        .first()
        .getAttribute('href'),
    ).toBe('/admin/credentials');
    const api = row(page, 'Jenkins jobs', 'api');
    await api.getByText('SUCCESS').waitFor();
    await api.getByRole('link', { name: 'api' }).click();
    await row(page, 'Builds of api', '#1').getByText('FAILURE').waitFor();
    expect(new URL(page.url()).searchParams.get('job')).toBe('api');
    await page.getByRole('button', { name: 'Build api' }).click();
    await page.getByText('Build of api queued').waitFor();
    expect(jenkins.triggered.map((t) => t.job)).toEqual(['api']);
  });

  it('shows cluster workloads, rollouts and admission violations', async () => {
    await page.goto('/integrations/cluster');
    await row(page, 'Workloads', 'web').getByText('2/3').waitFor();
    await row(page, 'Rollouts', 'canary').getByText('Progressing').waitFor();
    await row(page, 'Admission violations', 'Deployment/web').getByText('you must provide labels').waitFor();
    expect(await page.getByText('is not configured').count()).toBe(0);
  });

  it('says plainly that mesh metrics are not configured, naming the setting', async () => {
    await page.goto('/integrations/mesh?service=web&namespace=shop');
    await page.getByRole('heading', { name: 'Service-mesh metrics is not configured' }).waitFor();
    await page.getByText('(METRICS_URL)').first().waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('shows Istio resources of a namespace and sets virtual-service weights (admin), the server refusing a bad sum', async () => {
    await page.goto('/integrations/meshone?namespace=bookinfo');
    await row(page, 'Mesh one components', 'istiod').getByText('ready').waitFor();
    await row(page, 'Peer authentications', 'default').getByText('STRICT').waitFor();
    await row(page, 'Mesh one authorization policies', 'httpbin').getByText('ALLOW').waitFor();
    await row(page, 'Mesh one topology', 'ratings-canary').waitFor();
    await page.getByRole('button', { name: 'Edit weights of ratings' }).click();
    const canary = page.getByRole('spinbutton', { name: 'Weight of ratings-canary.bookinfo.svc.cluster.local' });
    await page.getByRole('spinbutton', { name: 'Weight of ratings.bookinfo.svc.cluster.local' }).fill('70');
    await page.getByRole('button', { name: 'Save weights' }).click();
    await page.getByRole('alert').getByText('weights must sum to 100').waitFor();
    await canary.fill('30');
    await page.getByRole('button', { name: 'Save weights' }).click();
    await page.getByText('Weights of ratings saved.').waitFor();
    await row(page, 'Virtual services', 'ratings').getByText('ratings-canary.bookinfo.svc.cluster.local 30 %').waitFor();
  });

  it('shows Linkerd components, authorizations and service profiles, and the cluster CRDs and templates', async () => {
    await page.goto('/integrations/meshtwo?namespace=emojivoto');
    await row(page, 'Mesh two components', 'destination').waitFor();
    await row(page, 'Server authorizations', 'emoji-grpc').waitFor();
    await row(page, 'Mesh two authorization policies', 'web-route-authn').getByText('HTTPRoute/web-get-route').waitFor();
    await row(page, 'Service profiles', 'GET /api/list').getByText('300ms').waitFor();
    await page.goto('/integrations/cluster');
    await row(page, 'Custom resource definitions', 'ServiceProfile').waitFor();
    await row(page, 'Constraint templates', 'k8srequiredlabels').waitFor();
    await page.getByRole('textbox', { name: 'API group (empty for all)' }).fill('networking.istio.io');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Custom resource definitions' }).getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Sync workload status' }).click();
    await page.getByText(/linked components? synced/).waitFor();
  });

  it('charts cost per component and per team', async () => {
    await page.goto('/integrations/cost');
    await page.getByRole('img', { name: 'Total cost of the 2 most expensive components' }).waitFor();
    await row(page, 'Cost per component', 'ledger-worker').waitFor();
    await page.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'payments-team' });
    await page.getByRole('img', { name: /Cost per component of the team/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('team')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('walks the registry from repositories to tags to vulnerabilities by severity', async () => {
    await page.goto('/integrations/registry');
    await page.getByRole('link', { name: 'team/sub/api' }).waitFor();
    await page.getByRole('link', { name: 'library/app' }).click();
    await page.getByRole('table', { name: 'Tags of library/app' }).getByRole('link', { name: '1.0' }).click();
    const severities = page.getByRole('definition').filter({ hasText: /^\d+$/ });
    await expect.poll(() => severities.count()).toBe(6);
    await page.getByRole('table', { name: 'Vulnerabilities' }).waitFor();
    await page.getByRole('definition').filter({ hasText: 'application/vnd' }).waitFor();
    await row(page, 'Replication policies', 'to-dr').getByText('enabled').waitFor();
  });

  it('lists gateway routes with their health', async () => {
    await page.goto('/integrations/gateway');
    await row(page, 'Gateway routes', 'orders').getByText('not checked').waitFor();
    await row(page, 'Gateway routes', 'refunds').waitFor();
    await page.getByRole('link', { name: 'Stale only' }).click();
    await page.getByRole('heading', { name: 'No stale routes' }).waitFor();
    await page.getByRole('link', { name: 'All routes' }).click();
    await page.getByRole('button', { name: 'Details of route orders' }).click();
    await page.getByRole('definition').filter({ hasText: 'not linked' }).waitFor();
  });

  it('evaluates a policy for a component and lists the stored result', async () => {
    await page.goto('/integrations/policy');
    await page.getByText('reachable').first().waitFor();
    await page.getByRole('button', { name: 'payments-api' }).click();
    await page.getByRole('textbox', { name: 'Policy path' }).fill('hangar/deploy');
    await page.getByRole('button', { name: 'Evaluate and store' }).click();
    await row(page, 'Policy evaluations', 'hangar/deploy').getByText('a deployment needs an owner').waitFor();
  });

  it('has no axe violations on any integration page, in both themes and at 390 px', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await signedIn('/integrations', { theme, viewport: theme === 'dark' ? 'mobile' : 'desktop' });
      const pages: [string, () => Promise<void>][] = [
        ['/integrations', () => page.getByRole('link', { name: 'Cost' }).first().waitFor()],
        ['/integrations/gitops', () => row(page, 'GitOps applications', 'shop').waitFor()],
        ['/integrations/ci?job=api', () => page.getByRole('table', { name: 'Builds of api' }).waitFor()],
        ['/integrations/cluster', () => page.getByRole('table', { name: 'Admission violations' }).waitFor()],
        ['/integrations/mesh?service=web&namespace=shop', () => page.getByRole('heading', { name: /is not configured/ }).waitFor()],
        ['/integrations/meshone?namespace=bookinfo', () => page.getByRole('table', { name: 'Peer authentications' }).waitFor()],
        ['/integrations/meshtwo?namespace=emojivoto', () => page.getByRole('table', { name: 'Service profiles' }).waitFor()],
        ['/integrations/policy', () => page.getByRole('button', { name: 'payments-api' }).waitFor()],
        ['/integrations/cost', () => page.getByRole('table', { name: 'Cost per component' }).waitFor()],
        ['/integrations/registry?repo=library%2Fapp&tag=%221.0%22', () => page.getByRole('table', { name: 'Vulnerabilities' }).waitFor()],
        ['/integrations/gateway', () => page.getByRole('table', { name: 'Gateway routes' }).waitFor()],
      ];
      for (const [path, ready] of pages) {
        await page.goto(path);
        await ready();
        await expectAccessible(page, `${path} (${theme})`);
      }
      await context.close();
    }
  });
});
