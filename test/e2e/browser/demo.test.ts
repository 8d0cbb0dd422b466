import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible, portalFixture, settled, type PortalFixture } from './helpers/index.js';

/**
 * The portal on the demo sample (decision 895): a server started with HANGAR_DEMO=true on an empty
 * database, and every page of the sample's areas shows its data, axe clean. One signed-in page walks
 * them all (light theme; the themes and viewports are portal-axe.test.ts's).
 */
let portal: PortalFixture | undefined;
beforeAll(async () => {
  portal = await portalFixture({ env: { HANGAR_DEMO: 'true' } });
});
afterAll(() => portal?.close());

/** Each page and a piece of the sample it must show. */
const PAGES: [path: string, shows: string][] = [
  ['/catalog', 'petstore-service'],
  ['/apis', 'petstore'],
  ['/teams', 'Team C'],
  ['/people', 'Janelle Dawe'],
  ['/deployments', 'production'],
  ['/dora', 'deployments in 30 days'],
  ['/incidents', 'Pet listing returns 500 after the pet store release'],
  ['/scorecards', 'Production readiness'],
  ['/pipelines', 'petstore-service-release'],
  ['/dashboards', 'Pet store operations'],
];

it('every area of the demo shows its data, axe clean', { timeout: 300_000 }, async () => {
  const { context, page } = await portal!.signedIn('/catalog');
  for (const [path, shows] of PAGES) {
    await page.goto(path);
    await page.getByText(shows).first().waitFor();
    await settled(page);
    expect(await page.getByText('npm start -- --demo').count(), `${path} shows the empty state's hint`).toBe(0);
    await expectAccessible(page, `${path} (demo)`);
  }
  await page.goto('/dora');
  await expect
    .poll(() => page.getByRole('region', { name: 'Deployment frequency' }).textContent())
    .toMatch(/[1-9]\d* deployments in 30 days/);
  await context.close();
});
