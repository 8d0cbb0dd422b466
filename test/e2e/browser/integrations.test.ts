import { describe, expect, it } from 'vitest';
import { expectAccessible } from './helpers/index.js';
import { argo, jenkins, page, signedIn, row, useIntegrationsPortal } from './helpers/integrations.js';

useIntegrationsPortal();

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
    await row(page, 'Virtual services', 'ratings')
      .getByText('ratings-canary.bookinfo.svc.cluster.local 30 %')
      .waitFor();
  });

  it('shows Linkerd components, authorizations and service profiles, and the cluster CRDs and templates', async () => {
    await page.goto('/integrations/meshtwo?namespace=emojivoto');
    await row(page, 'Mesh two components', 'destination').waitFor();
    await row(page, 'Server authorizations', 'emoji-grpc').waitFor();
    await row(page, 'Mesh two authorization policies', 'web-route-authn')
      .getByText('HTTPRoute/web-get-route')
      .waitFor();
    await row(page, 'Service profiles', 'GET /api/list').getByText('300ms').waitFor();
    await page.goto('/integrations/cluster');
    await row(page, 'Custom resource definitions', 'ServiceProfile').waitFor();
    await row(page, 'Constraint templates', 'k8srequiredlabels').waitFor();
    await page.getByRole('textbox', { name: 'API group (empty for all)' }).fill('networking.istio.io');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect
      .poll(() => page.getByRole('table', { name: 'Custom resource definitions' }).getByRole('row').count())
      .toBe(2);
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
      const { context, page } = await signedIn('/integrations', {
        theme,
        viewport: theme === 'dark' ? 'mobile' : 'desktop',
      });
      const pages: [string, () => Promise<void>][] = [
        ['/integrations', () => page.getByRole('link', { name: 'Cost' }).first().waitFor()],
        ['/integrations/gitops', () => row(page, 'GitOps applications', 'shop').waitFor()],
        ['/integrations/ci?job=api', () => page.getByRole('table', { name: 'Builds of api' }).waitFor()],
        ['/integrations/cluster', () => page.getByRole('table', { name: 'Admission violations' }).waitFor()],
        [
          '/integrations/mesh?service=web&namespace=shop',
          () => page.getByRole('heading', { name: /is not configured/ }).waitFor(),
        ],
        [
          '/integrations/meshone?namespace=bookinfo',
          () => page.getByRole('table', { name: 'Peer authentications' }).waitFor(),
        ],
        [
          '/integrations/meshtwo?namespace=emojivoto',
          () => page.getByRole('table', { name: 'Service profiles' }).waitFor(),
        ],
        ['/integrations/policy', () => page.getByRole('button', { name: 'payments-api' }).waitFor()],
        ['/integrations/cost', () => page.getByRole('table', { name: 'Cost per component' }).waitFor()],
        [
          '/integrations/registry?repo=library%2Fapp&tag=%221.0%22',
          () => page.getByRole('table', { name: 'Vulnerabilities' }).waitFor(),
        ],
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
