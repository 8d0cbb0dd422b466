import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  AXE_PASSES,
  expectAccessible,
  launchBrowser,
  settled,
  signIn,
  startPortalServer,
  type PortalBrowser,
  type PortalServer,
} from './helpers/index.js';

/**
 * Incidents in Chromium against a real server: declare, live timeline, status moves, safe post-mortems,
 * filters, the causing deployment (suggested, linked, cleared), delete, axe.
 */
let server: PortalServer;
let pb: PortalBrowser;
let viewer: { username: string; password: string };
let incidentPath = '';
let checkoutId = '';

beforeAll(async () => {
  server = await startPortalServer();
  pb = await launchBrowser(server);
  const admin = await server.adminToken();
  const checkout = await server.api(
    'POST',
    '/api/v1/catalog/components',
    { name: 'checkout-service', kind: 'service' },
    admin,
  );
  expect(checkout.status).toBe(201);
  checkoutId = checkout.body.id;
  viewer = { username: 'incident-viewer', password: 'Viewer-Passw0rd' };
  expect((await server.api('POST', '/api/v1/auth/register', { ...viewer, email: 'viewer@hangar.test' })).status).toBe(
    201,
  );
});
afterAll(async () => {
  await pb?.close();
  await server?.stop();
});

const signedIn = async (
  user: { username: string; password: string },
  path: string,
  opts: Parameters<PortalBrowser['newPage']>[0] = {},
) => {
  const { context, page } = await pb.newPage(opts);
  await signIn(page, user, path);
  return { context, page };
};
const timeline = (page: Page) => page.getByRole('log', { name: 'Timeline entries' });

describe('incidents', () => {
  it(
    'an admin declares an incident and resolves it; another user watches the timeline grow live',
    { timeout: 60_000 },
    async () => {
      const { context, page } = await signedIn(ADMIN, '/incidents');
      await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Declare incident' }).click();
      const dialog = page.getByRole('dialog', { name: 'Declare an incident' });
      await dialog.getByLabel('Title').fill('Checkout errors');
      await dialog.getByLabel('Severity').selectOption('P1');
      await dialog.getByLabel('Find components').fill('checkout');
      await dialog.getByRole('checkbox', { name: /checkout-service/ }).check();
      await dialog.getByRole('button', { name: 'Declare' }).click();
      await page.getByRole('heading', { name: 'Checkout errors', level: 1 }).waitFor();
      incidentPath = new URL(page.url()).pathname;
      await expect
        .poll(() => timeline(page).textContent(), { timeout: 15_000 })
        .toContain('Incident created: Checkout errors');

      // A plain user on the same page: no reload from here on.
      const watcher = await signedIn(viewer, incidentPath);
      await watcher.page.getByRole('heading', { name: 'Checkout errors', level: 1 }).waitFor();
      await expect(watcher.page.getByRole('button', { name: 'Change status' }).count()).resolves.toBe(0);

      await page.getByLabel('Add a timeline note').fill('Rolling back release 42');
      await page.getByRole('button', { name: 'Post note' }).click();
      await expect
        .poll(() => timeline(watcher.page).textContent(), { timeout: 15_000 })
        .toContain('Rolling back release 42');

      await page.getByLabel('New status').selectOption('investigating');
      await page.getByRole('button', { name: 'Change status' }).click();
      await expect
        .poll(() => timeline(watcher.page).textContent(), { timeout: 15_000 })
        .toContain('open → investigating');

      await page.getByLabel('Severity').selectOption('P2');
      await page.getByLabel('New status').selectOption('resolved');
      await page.getByLabel('Status message (optional)').fill('Rollback complete');
      await page.getByRole('button', { name: 'Change status' }).click();
      await expect.poll(() => timeline(watcher.page).textContent(), { timeout: 15_000 }).toContain('Rollback complete');
      await expect
        .poll(() => watcher.page.getByText('resolved', { exact: true }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await expect.poll(() => watcher.page.getByText('P2 high').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await page.getByText('Resolved incidents stay resolved.').waitFor();
      await watcher.context.close();
      await context.close();
    },
  );

  it('renders the post-mortem Markdown safely: no HTML, no javascript: links', { timeout: 60_000 }, async () => {
    const { context, page } = await signedIn(ADMIN, incidentPath);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Write post-mortem' }).click();
    await page.getByLabel('Root cause (Markdown)').fill('A **bad** config push');
    await page.getByLabel('Contributing factors').fill('No canary\nFriday deploy');
    await page.getByLabel('Action items').fill('[x] Roll back @ana\n[ ] Add a canary stage');
    await page
      .getByLabel('Write-up (Markdown)')
      .fill(
        '## Timeline\n\n<img src="x" onerror="window.__pwned = 1; alert(1)">\n\n[click me](javascript:alert(1))\n\n<script>window.__pwned = 2</script>\n\nSee [the runbook](https://runbooks.example.test/checkout).',
      );
    await page.getByRole('button', { name: 'Preview' }).click();
    await page
      .getByRole('region', { name: 'Preview of the write-up' })
      .getByRole('heading', { name: 'Timeline' })
      .waitFor();
    await page.getByRole('button', { name: 'Save post-mortem' }).click();

    const article = page.locator('article');
    await article.getByRole('heading', { name: 'Timeline' }).waitFor();
    expect(await article.locator('strong').textContent()).toBe('bad');
    expect(await article.getByText('Add a canary stage').count()).toBe(1);
    expect(await article.getByRole('link', { name: 'the runbook' }).getAttribute('href')).toBe(
      'https://runbooks.example.test/checkout',
    );
    expect(await article.getByRole('link', { name: 'click me' }).count()).toBe(0);
    await article.getByText('click me').click();
    const dom = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: number }).__pwned,
      images: document.querySelectorAll('article img').length,
      scripts: document.querySelectorAll('article script').length,
      jsLinks: [...document.querySelectorAll('a')].filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? ''))
        .length,
      html: document.querySelector('article')!.innerHTML,
    }));
    expect(dom).toMatchObject({ pwned: undefined, images: 0, scripts: 0, jsLinks: 0 });
    expect(dom.html).not.toMatch(/onerror|<script/i);
    expect(dialogs).toEqual([]);

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(/^Approved /).waitFor();
    await context.close();
  });

  it('keeps the filters in the URL', { timeout: 60_000 }, async () => {
    const { context, page } = await signedIn(viewer, '/incidents?status=resolved');
    await page.getByRole('link', { name: 'Checkout errors' }).waitFor();
    await page.getByLabel('Status').selectOption('open');
    await page.getByText('No incident matches these filters').waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('open');
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Severity').selectOption('P2');
    await page.getByRole('link', { name: 'Checkout errors' }).waitFor();
    expect(new URL(page.url()).search).toBe('?severity=P2');
    // From the incident, its affected component filters the list.
    await page.getByRole('link', { name: 'Checkout errors' }).click();
    await page.getByRole('link', { name: /checkout-service/ }).click();
    await page.getByRole('link', { name: 'Checkout errors' }).waitFor();
    expect(new URL(page.url()).searchParams.get('component')).toMatch(/^[0-9a-f-]{36}$/);
    await context.close();
  });

  // Each page once per theme and once per size: light at 1280 px, dark at 390 px (decision 1156).
  it('has no axe violations, light at 1280 px and dark at 390 px', { timeout: 120_000 }, async () => {
    for (const [theme, viewport] of AXE_PASSES) {
      const { context, page } = await signedIn(ADMIN, '/incidents', { theme, viewport });
      await settled(page);
      await expectAccessible(page, `/incidents ${theme} ${viewport}`);
      await page.goto(incidentPath);
      await page.locator('article').waitFor();
      await settled(page);
      await expectAccessible(page, `incident ${theme} ${viewport}`);
      await context.close();
    }
  });

  it(
    'suggests the deployment before an incident; an admin links it and clears it, then deletes the incident; others see neither',
    { timeout: 90_000 },
    async () => {
      const admin = await server.adminToken();
      const env = await server.api('POST', '/api/v1/environments', { name: 'production', type: 'production' }, admin);
      expect(env.status).toBe(201);
      const pipeline = await server.api(
        'POST',
        '/api/v1/pipelines',
        {
          name: 'ship-checkout',
          stages: [{ id: 'deploy', type: 'deploy', config: { componentId: checkoutId, environmentId: env.body.id } }],
        },
        admin,
      );
      expect(pipeline.status).toBe(201);
      expect(
        (await server.api('POST', `/api/v1/pipelines/${pipeline.body.id}/trigger`, { version: '3.1.0' }, admin)).status,
      ).toBe(201);
      const deployed = async () =>
        (await server.api('GET', `/api/v1/deployments?componentId=${checkoutId}`, undefined, admin)).body.data.find(
          (d: { version: string }) => d.version === '3.1.0',
        );
      await expect.poll(async () => (await deployed())?.status, { timeout: 30_000, interval: 250 }).toBe('succeeded');
      const deploymentId = (await deployed()).id as string;

      const created = await server.api(
        'POST',
        '/api/v1/incidents',
        { title: 'Payments declined', severity: 'P1', affectedComponentIds: [checkoutId] },
        admin,
      );
      expect(created.status).toBe(201);
      const path = `/incidents/${created.body.id}`;
      // DORA's ingest of the deployment runs in the background; the suggestion reads its record.
      await expect
        .poll(
          async () =>
            (await server.api('GET', `/api/v1/dora/incidents/${created.body.id}/suggested-causes`, undefined, admin))
              .body.length,
          {
            timeout: 30_000,
            interval: 250,
          },
        )
        .toBe(1);

      const { context, page } = await signedIn(ADMIN, path);
      const cause = page.getByRole('region', { name: 'Caused by' });
      const suggested = cause.getByRole('list', { name: 'Suggested causes' });
      await suggested.getByText('checkout-service 3.1.0').waitFor();
      await suggested.getByText('to production').waitFor();
      await suggested.getByText(/\d+ min before the incident/).waitFor();
      await cause.getByText('No deployment is named as the cause.').waitFor();
      await suggested.getByRole('button', { name: 'Mark checkout-service 3.1.0 as the cause' }).click();
      await suggested.getByText('the cause', { exact: true }).waitFor();
      await expect
        .poll(
          async () =>
            (await server.api('GET', `/api/v1/incidents/${created.body.id}`, undefined, admin)).body
              .causedByDeploymentId,
        )
        .toBe(deploymentId);
      const linked = cause.getByRole('link', { name: 'checkout-service 3.1.0' }).first();
      expect(await linked.getAttribute('href')).toBe(`/deployments/${deploymentId}`);
      await settled(page);
      await expectAccessible(page, 'incident with its cause (light, desktop)');

      // A plain user sees the suggestion and the cause, but neither the buttons nor delete.
      const watcher = await signedIn(viewer, path);
      await watcher.page
        .getByRole('list', { name: 'Suggested causes' })
        .getByText('the cause', { exact: true })
        .waitFor();
      expect(
        await watcher.page.getByRole('button', { name: /as the cause|Clear the cause|Delete incident/ }).count(),
      ).toBe(0);
      await watcher.context.close();

      // The linked deployment's page names the incident it caused.
      await linked.click();
      await page.getByRole('heading', { name: 'checkout-service 3.1.0', level: 1 }).waitFor();
      await page.getByRole('region', { name: 'DORA' }).getByRole('link', { name: 'Payments declined' }).click();
      await page.getByRole('heading', { name: 'Payments declined', level: 1 }).waitFor();

      await cause.getByRole('button', { name: 'Clear the cause' }).click();
      await cause.getByText('No deployment is named as the cause.').waitFor();
      expect(
        (await server.api('GET', `/api/v1/incidents/${created.body.id}`, undefined, admin)).body.causedByDeploymentId,
      ).toBeNull();

      await page.getByRole('button', { name: 'Delete incident' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this incident?' });
      await dialog.getByRole('button', { name: 'Delete incident' }).click();
      await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/incidents');
      await page.getByRole('link', { name: 'Checkout errors' }).waitFor();
      expect(await page.getByRole('link', { name: 'Payments declined' }).count()).toBe(0);
      expect((await server.api('GET', `/api/v1/incidents/${created.body.id}`, undefined, admin)).status).toBe(404);
      await page.goto(`/incidents/${created.body.id}`);
      await page.getByRole('heading', { level: 1, name: 'No incident with this id' }).waitFor();
      await context.close();
    },
  );
});
