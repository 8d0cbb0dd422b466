import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeGithub, type FakeGithub } from '../../fakes/servers/github-server.js';
import {
  ADMIN,
  expectAccessible,
  launchBrowser,
  settled,
  signIn,
  startPortalServer,
  type PortalBrowser,
  type PortalServer,
} from './helpers/index.js';

/** Administration → Discovery in Chromium against a real server and the local GitHub-shaped server. */
let server: PortalServer;
let pb: PortalBrowser;
let gh: FakeGithub;

const descriptor = (name: string) =>
  `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: ${name}\nspec:\n  type: service\n  lifecycle: production\n  owner: platform\n`;

beforeAll(async () => {
  gh = await startFakeGithub();
  for (let i = 0; i < 5; i++) gh.host.add('portal-org', `svc-${i}`, { file: descriptor(`portal-disc-${i}`) });
  gh.host.add('portal-org', 'broken', { file: 'kind: [Component\n  : : :' });
  server = await startPortalServer({ DISCOVERY_TICK_MS: '0' });
  const token = await server.adminToken();
  const credential = await server.api(
    'POST',
    '/api/v1/integrations/credentials',
    { type: 'github', name: 'GitHub for the portal', value: { token: gh.token } },
    token,
  );
  expect(credential.status).toBe(201);
  const source = await server.api(
    'POST',
    '/api/v1/catalog/discovery',
    { provider: 'github', baseUrl: gh.url, owner: 'portal-org', credentialId: credential.body.id },
    token,
  );
  expect(source.status).toBe(201);
  pb = await launchBrowser(server);
});
afterAll(async () => {
  await pb?.close();
  await server?.stop();
  await gh?.close();
});

it('lists the sources, scans one now, shows its last scan and per-repository errors, with no axe violations', async () => {
  const { context, page } = await pb.newPage();
  await signIn(page, ADMIN, '/admin/discovery');
  await page.getByRole('heading', { name: 'Discovery', level: 1 }).waitFor();
  await settled(page);
  const row = page.getByRole('row', { name: /portal-org/ });
  await row.getByText('never', { exact: true }).waitFor();
  await expectAccessible(page, 'discovery, before a scan');

  await row.getByRole('button', { name: 'Scan portal-org now' }).click();
  await row.getByText('finished', { exact: true }).waitFor({ timeout: 60_000 });
  await row.getByText('Last scan details').click();
  await row.getByText(/6 repositories, 6 catalog files; entities 5 created/).waitFor();
  await row.getByText('1 repositories with problems').waitFor();
  await row.getByText('portal-org/broken').waitFor();
  await expectAccessible(page, 'discovery, after a scan with details open');

  await page.getByRole('button', { name: 'Add source' }).click();
  await page.getByRole('dialog').getByLabel('Owner').waitFor();
  await expectAccessible(page, 'discovery, add source dialog');
  await context.close();
});
