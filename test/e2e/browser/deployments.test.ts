import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  expectAccessible,
  portalFixture,
  settled,
  type PortalFixture,
  type PortalServer,
} from './helpers/index.js';

/**
 * Deployments and environments: the feed following a pipeline's deploy stage live, a deployment's
 * page (its run, commit, who deployed it, what DORA recorded, the incident it caused) and an
 * environment's page (details, what runs there, its feed). Every record is made through the API.
 * One server and one browser for the file.
 */
let portal: PortalFixture;
let server: PortalServer;
let token: string;
const SERVICE = 'orders-api';
let componentId: string;
/** One signed-in page per look, shared by the tests: light on desktop, dark on mobile. */
let light: Page;
let dark: Page;

beforeAll(async () => {
  portal = await portalFixture();
  ({ server, token } = portal);
  const component = await server.api('POST', '/api/v1/catalog/components', { name: SERVICE, kind: 'service' }, token);
  expect(component.status).toBe(201);
  componentId = component.body.id;
  ({ light, dark } = await portal.lightAndDark());
});
afterAll(() => portal?.close());

/** A pipeline whose only stage deploys SERVICE to `environmentId`, run once; its settled deployment. */
async function deployOnce(name: string, environmentId: string, run: { version: string; commitSha?: string }) {
  const pipeline = await server.api(
    'POST',
    '/api/v1/pipelines',
    { name, stages: [{ id: 'deploy', type: 'deploy', config: { componentId, environmentId } }] },
    token,
  );
  expect(pipeline.status).toBe(201);
  const triggered = await server.api('POST', `/api/v1/pipelines/${pipeline.body.id}/trigger`, run, token);
  expect(triggered.status).toBe(201);
  let deployment: { id: string; status: string } | undefined;
  await expect
    .poll(
      async () => {
        const page = await server.api(
          'GET',
          `/api/v1/deployments?environmentId=${environmentId}&take=100`,
          undefined,
          token,
        );
        deployment = (page.body.data as { id: string; status: string; pipelineRunId: string }[]).find(
          (d) => d.pipelineRunId === triggered.body.id,
        );
        return deployment?.status;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe('succeeded');
  return { pipelineId: pipeline.body.id as string, runId: triggered.body.id as string, deploymentId: deployment!.id };
}

describe('Deployments', () => {
  it('shows each environment and the feed, following a deploy stage live; axe in both themes', async () => {
    const env = await server.api('POST', '/api/v1/environments', { name: 'staging', type: 'staging', order: 1 }, token);
    expect(env.status).toBe(201);
    const pipeline = await server.api(
      'POST',
      '/api/v1/pipelines',
      {
        name: 'ship-orders',
        stages: [{ id: 'deploy', type: 'deploy', config: { componentId, environmentId: env.body.id } }],
      },
      token,
    );
    expect(pipeline.status).toBe(201);

    const page = light;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deployments' }).click();
    await page.getByRole('heading', { name: 'Deployments', level: 1 }).waitFor();
    const card = page.getByRole('article', { name: 'staging' });
    await card.getByText('Nothing deployed here yet.').waitFor();
    await page.getByRole('heading', { name: 'No deployments yet' }).waitFor();

    // Live: the run's deploy stage records the deployment while the page is open.
    const run = await server.api('POST', `/api/v1/pipelines/${pipeline.body.id}/trigger`, { version: '1.4.2' }, token);
    expect(run.status).toBe(201);
    const feed = page.getByRole('region', { name: 'Deployments feed' });
    const row = feed.getByRole('row').filter({ hasText: '1.4.2' });
    await row.getByText('succeeded').waitFor({ timeout: 30_000 });
    await row.getByRole('link', { name: SERVICE }).waitFor();
    await row.getByText('staging').waitFor();
    await card.getByRole('link', { name: SERVICE }).waitFor();
    await expectAccessible(page, 'deployments (light, desktop)');

    // Per environment and per component: filters in the URL.
    await card.getByRole('button', { name: 'Show staging in the feed' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('env')).toBe(env.body.id);
    await row.getByRole('button', { name: `Show only ${SERVICE}` }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('component')).toBe(componentId);
    await page.getByRole('button', { name: 'Show every component' }).waitFor();
    await expect.poll(() => feed.getByRole('row').count()).toBe(2);
    const filtered = new URL(page.url()).pathname + new URL(page.url()).search;

    // Per component, on its entity page too: the Deployments tab links back to the filtered feed.
    await row.getByRole('link', { name: SERVICE }).click();
    await page.getByRole('heading', { name: SERVICE, level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Deployments' }).getByText('1.4.2').waitFor();
    await page.getByRole('link', { name: 'Open in the deployments feed' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('component')).toBe(componentId);

    await dark.goto(filtered);
    await dark.getByRole('region', { name: 'Deployments feed' }).getByText('1.4.2').waitFor();
    await expectAccessible(dark, 'deployments (dark, mobile)');
  });

  it(
    "a deployment's page and its environment's page show the records, linked both ways; axe in both themes",
    { timeout: 120_000 },
    async () => {
      const env = await server.api(
        'POST',
        '/api/v1/environments',
        {
          name: 'prod-eu',
          type: 'production',
          order: 5,
          description: 'Customers in Europe',
          metadata: { region: 'eu-west-1' },
        },
        token,
      );
      expect(env.status).toBe(201);
      const made = await deployOnce('ship-orders-prod', env.body.id, { version: '1.5.0', commitSha: 'c0ffee1234abcd' });
      // DORA's ingest runs in the background: the incident below is counted against its record.
      await expect
        .poll(
          async () =>
            (
              await server.api(
                'GET',
                `/api/v1/dora/drilldown/deployments?scope=environment&id=${env.body.id}`,
                undefined,
                token,
              )
            ).body.total,
          {
            timeout: 30_000,
            interval: 250,
          },
        )
        .toBe(1);
      const incident = await server.api(
        'POST',
        '/api/v1/incidents',
        { title: 'Orders failing in Europe', severity: 'P2', causedByDeploymentId: made.deploymentId },
        token,
      );
      expect(incident.status).toBe(201);

      // From the feed's row to the deployment's page.
      const page = light;
      await page.goto('/deployments');
      const row = page.getByRole('region', { name: 'Deployments feed' }).getByRole('row').filter({ hasText: '1.5.0' });
      await row.getByRole('link', { name: '1.5.0: deployment details' }).click();
      await page.getByRole('heading', { name: `${SERVICE} 1.5.0`, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/deployments/${made.deploymentId}`);
      const details = page.getByRole('region', { name: 'Details' });
      await details.getByText('c0ffee1234abcd').waitFor();
      await details.getByText(ADMIN.username).waitFor();
      await details.getByText('Not rolled back').waitFor();
      const run = details.getByRole('link', { name: /^ship-orders-prod run / });
      expect(await run.getAttribute('href')).toBe(`/pipelines/${made.pipelineId}/runs/${made.runId}`);
      expect(await details.getByRole('link', { name: SERVICE }).getAttribute('href')).toMatch(
        new RegExp(`/catalog/component/default/${SERVICE}`),
      );
      const dora = page.getByRole('region', { name: 'DORA' });
      await dora.getByText('Counted as deployed').waitFor();
      await dora.getByText('not read: the component names no source repository', { exact: false }).waitFor();
      await dora.getByRole('link', { name: 'Orders failing in Europe' }).waitFor();
      await settled(page);
      await expectAccessible(page, 'deployment (light, desktop)');

      // Its environment, then back to a deployment from the environment's own feed.
      await details.getByRole('link', { name: 'prod-eu' }).click();
      await page.getByRole('heading', { name: /prod-eu/, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/environments/${env.body.id}`);
      await page.getByText('Customers in Europe').waitFor();
      await page.getByRole('region', { name: 'Details' }).getByText('eu-west-1').waitFor();
      await page.getByRole('list', { name: 'Latest in prod-eu' }).getByRole('link', { name: '1.5.0' }).waitFor();
      const feed = page.getByRole('region', { name: 'Deployments feed' });
      await expect.poll(() => feed.getByRole('row').count()).toBe(2);
      await settled(page);
      await expectAccessible(page, 'environment (light, desktop)');
      await page.getByLabel('Status').selectOption('failed');
      await page.getByText('No deployment matches this status').waitFor();
      expect(new URL(page.url()).searchParams.get('status')).toBe('failed');
      await page.getByLabel('Status').selectOption('');
      await feed.getByRole('link', { name: '1.5.0: deployment details' }).click();
      await page.getByRole('heading', { name: `${SERVICE} 1.5.0`, level: 1 }).waitFor();

      // The environment cards of /deployments open the environment's page.
      await page.goto('/deployments');
      await page.getByRole('article', { name: 'prod-eu' }).getByRole('link', { name: 'prod-eu' }).click();
      await page.getByRole('heading', { name: /prod-eu/, level: 1 }).waitFor();

      await dark.goto(`/deployments/${made.deploymentId}`);
      await dark
        .getByRole('region', { name: 'DORA' })
        .getByRole('link', { name: 'Orders failing in Europe' })
        .waitFor();
      await settled(dark);
      await expectAccessible(dark, 'deployment (dark, mobile)');
      await dark.goto(`/environments/${env.body.id}`);
      await dark.getByRole('region', { name: 'Deployments feed' }).getByText('1.5.0').waitFor();
      await settled(dark);
      await expectAccessible(dark, 'environment (dark, mobile)');

      // An id that names no deployment: said so, with the way back (decision 790).
      await dark.goto('/deployments/00000000-0000-4000-8000-000000000000');
      await dark.getByRole('heading', { level: 1, name: 'No deployment with this id' }).waitFor();
      await dark.getByRole('link', { name: 'Back to deployments' }).click();
      await dark.getByRole('heading', { name: 'Deployments', level: 1 }).waitFor();
    },
  );

  it('a deployment reported from outside shows where it came from, linked to its run; axe', async () => {
    const env = await server.api(
      'POST',
      '/api/v1/environments',
      { name: 'prod-us', type: 'production', order: 6 },
      token,
    );
    expect(env.status).toBe(201);
    const event = {
      source: 'github-actions',
      externalId: '4242-1',
      component: `component:default/${SERVICE}`,
      environment: 'prod-us',
      version: '2.0.0',
      revision: '9fceb02d0ae598e95dc970b74767f19372d61af8',
      status: 'started',
      url: 'https://github.com/acme/orders/actions/runs/4242',
    };
    expect((await server.api('POST', '/api/v1/deployments/events', event, token)).status).toBe(201);
    const done = await server.api('POST', '/api/v1/deployments/events', { ...event, status: 'succeeded' }, token);
    expect(done.status).toBe(200);

    const page = light;
    await page.goto('/deployments');
    const row = page.getByRole('region', { name: 'Deployments feed' }).getByRole('row').filter({ hasText: '2.0.0' });
    const origin = row.getByRole('link', { name: /github-actions/ });
    expect(await origin.getAttribute('href')).toBe(event.url);
    expect(await origin.getAttribute('target')).toBe('_blank');
    await row.getByRole('link', { name: '2.0.0: deployment details' }).click();
    await page.getByRole('heading', { name: `${SERVICE} 2.0.0`, level: 1 }).waitFor();
    const details = page.getByRole('region', { name: 'Details' });
    expect(await details.getByRole('link', { name: /github-actions/ }).getAttribute('href')).toBe(event.url);
    await details.getByText('4242-1').waitFor();
    await details.getByText(event.revision).waitFor();
    await details.getByText(ADMIN.username).waitFor();
    await settled(page);
    await expectAccessible(page, 'reported deployment (light, desktop)');
  });
});
