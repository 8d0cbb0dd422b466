import { expect, it } from 'vitest';
import { expectAccessible, settled, shellPortal } from './helpers/index.js';

/**
 * The DORA page end to end: a pipeline's deploy stage records a production deployment, the ingest
 * job writes its facts, and the page shows the four keys with bands, the trend and the records.
 * axe in both themes. The server and browser are shared by the file (shellPortal).
 */
const portal = shellPortal();

async function deployOnce() {
  const { server } = portal;
  const token = await server().adminToken();
  const comps = await server().api('GET', '/api/v1/catalog/components?take=1&q=bulk', undefined, token);
  const componentId = comps.body.data[0].id as string;
  const env = await server().api(
    'POST',
    '/api/v1/environments',
    { name: `dora-prod-${Date.now()}`, type: 'production' },
    token,
  );
  expect(env.status).toBe(201);
  const pipeline = await server().api(
    'POST',
    '/api/v1/pipelines',
    {
      name: `dora-${Date.now()}`,
      stages: [{ id: 'd', name: 'deploy', type: 'deploy', config: { componentId, environmentId: env.body.id } }],
    },
    token,
  );
  expect(pipeline.status).toBe(201);
  expect(
    (await server().api('POST', `/api/v1/pipelines/${pipeline.body.id}/trigger`, { version: '1.2.3' }, token)).status,
  ).toBe(201);
  // The run, then the ingest job, finish in the background: wait for the figure.
  await expect
    .poll(
      async () =>
        (await server().api('GET', '/api/v1/dora/metrics', undefined, token)).body.deploymentFrequency?.deployments,
      {
        timeout: 30_000,
        interval: 250,
      },
    )
    .toBe(1);
}

it('shows the four keys with bands, the trend and the drill-down, accessible in both themes', async () => {
  await deployOnce();
  for (const theme of ['light', 'dark'] as const) {
    const { context, page } = await portal.signedIn('/dora', { theme });
    await expect.poll(() => page.getByRole('heading', { name: 'DORA metrics', level: 1 }).isVisible()).toBe(true);
    for (const key of [
      'Deployment frequency',
      'Change lead time',
      'Change failure rate',
      'Failed deployment recovery time',
    ])
      await page.getByRole('region', { name: key }).waitFor();
    await expect
      .poll(() => page.getByRole('region', { name: 'Deployment frequency' }).textContent())
      .toContain('1 deployments in 30 days');
    await page.getByTestId('dora-trends').waitFor();
    await page.getByRole('table', { name: 'Deployments' }).waitFor();
    expect(await page.getByRole('table', { name: 'Deployments' }).getByRole('row').count()).toBe(2);
    await settled(page);
    await expectAccessible(page, `DORA page (${theme})`);
    if (theme === 'light') {
      // A figure opens onto its records: the failure rate's button selects the failed deployments.
      await page
        .getByRole('region', { name: 'Change failure rate' })
        .getByRole('button', { name: 'Show records' })
        .click();
      await page.getByText('No failed deployments in this window').waitFor();
      expect(page.url()).toContain('drill=failed');
    }
    await context.close();
  }
});
