import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEntityFixtures, type EntityFixtures } from './entity-fixtures.js';
import {
  ADMIN,
  expectAccessible,
  portalFixture,
  signIn,
  VIEWPORTS,
  type PageOptions,
  type PortalFixture,
  type PortalServer,
} from './helpers/index.js';

/** The API list, a spec read with Scalar (offline), AsyncAPI, the diff and the lifecycle actions. */
let portal: PortalFixture;
let server: PortalServer;
let fx: EntityFixtures;
const READER = { username: 'api-reader', email: 'api-reader@hangar.test', password: 'Reader-Passw0rd-1' };

beforeAll(async () => {
  portal = await portalFixture({ seed: true, users: [READER] });
  server = portal.server;
  fx = await seedEntityFixtures(server);
});
afterAll(() => portal?.close());

async function signedIn(path: string, opts: PageOptions = {}, user = ADMIN) {
  const { context, page } = await portal.newPage(opts);
  // Nothing may leave the origin: Scalar renders from the inline spec, without fonts, proxy or agent.
  const external: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== server.url) external.push(r.url());
  });
  await signIn(page, user, path);
  return { context, page, external };
}

describe('APIs', () => {
  it('lists the API entities with their lifecycle and newest spec version', async () => {
    const { context, page } = await signedIn('/apis');
    await page.getByRole('heading', { name: 'APIs', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'APIs' });
    const rest = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'payments-rest' }) });
    await rest.getByText('production').waitFor();
    await rest.getByText('2.0.0').waitFor();
    await rest.getByText('2 versions').waitFor();
    await table.getByRole('link', { name: 'payment-events' }).waitFor();

    await page.getByRole('combobox', { name: 'Lifecycle' }).selectOption('experimental');
    await expect.poll(() => table.getByRole('link').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('lifecycle')).toBe('experimental');
    await context.close();
  });

  it('reads an OpenAPI 3.1 spec with Scalar, offline, and an older version by its link', async () => {
    const { context, page, external } = await signedIn('/apis');
    await page.getByRole('link', { name: 'payments-rest' }).click();
    await page.getByRole('heading', { name: 'payments-rest', level: 1 }).waitFor();
    const reference = page.getByTestId('api-reference');
    await reference.getByText('Refund a charge').first().waitFor();
    await page.getByRole('button', { name: /^Read payments-rest / }).click();
    expect(new URL(page.url()).searchParams.get('spec')).toBe(fx.specV1);
    await reference.getByText('/charges').first().waitFor();
    expect(external).toEqual([]);
    await context.close();
  });

  it('renders an AsyncAPI document: channels, operations and messages', async () => {
    const { context, page, external } = await signedIn('/apis/default/payment-events');
    const doc = page.getByRole('article', { name: 'AsyncAPI Payment events' });
    await doc.getByText('payments/charged').waitFor();
    await doc.getByText('onCharged').waitFor();
    await doc.getByText('ChargeSucceeded').click();
    await doc.getByText('"chargeId"').waitFor();
    expect(external).toEqual([]);
    await context.close();
  });

  it('compares two versions: breaking changes first, with their rule and the consumers they reach', async () => {
    const { context, page } = await signedIn('/apis/default/payments-rest');
    await page.getByRole('tab', { name: 'Changes' }).click();
    expect(new URL(page.url()).searchParams.get('view')).toBe('diff');
    const headings = page.getByRole('tabpanel').getByRole('heading', { level: 2 });
    await page.getByRole('heading', { name: /Breaking changes/ }).waitFor();
    const titles = await headings.allTextContents();
    const breakingAt = titles.findIndex((t) => t.startsWith('Breaking changes'));
    const otherAt = titles.findIndex((t) => t.startsWith('Other changes'));
    expect(breakingAt).toBeGreaterThanOrEqual(0);
    expect(breakingAt).toBeLessThan(otherAt);
    const rules = await page.locator('code').allTextContents();
    expect(rules.indexOf('api-path-removed-without-deprecation')).toBeLessThan(rules.indexOf('api-path-added'));
    await page.getByRole('region', { name: 'Affected consumers' }).getByText('checkout-web').waitFor();

    // any two versions, the other way round: now /refunds is the removed path, and v2 has no consumer
    await page.getByLabel('Changes in (new version)').selectOption(fx.specV1);
    await page.getByLabel('Compared with (old version)').selectOption(fx.specV2);
    await page.getByText("path '/refunds' removed").waitFor();
    await page
      .getByRole('region', { name: 'Affected consumers' })
      .getByText('No consumer is registered for the old version.')
      .waitFor();
    const url = new URL(page.url());
    expect([url.searchParams.get('spec'), url.searchParams.get('compare')]).toEqual([fx.specV1, fx.specV2]);
    await context.close();
  });

  it('lets an admin deprecate a version with a sunset date; a non-admin sees no lifecycle action', async () => {
    const admin = await signedIn('/apis/default/payments-rest');
    const row = admin.page.getByRole('row').filter({ hasText: '2.0.0' });
    await row.getByText('active').waitFor();
    await admin.page.getByRole('button', { name: 'Deprecate payments-rest 2.0.0' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Deprecate payments-rest 2.0.0?' });
    await dialog.getByLabel('Sunset date (optional)').fill('2027-06-30');
    await dialog.getByRole('button', { name: 'Deprecate' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('deprecated').waitFor();
    await row.getByText(/2027/).waitFor();
    await admin.page.getByRole('button', { name: 'Sunset payments-rest 2.0.0' }).waitFor();
    await admin.context.close();

    const reader = await signedIn('/apis/default/payments-rest', {}, READER);
    await reader.page.getByRole('row').filter({ hasText: '2.0.0' }).getByText('deprecated').waitFor();
    expect(await reader.page.getByRole('button', { name: /^(Deprecate|Sunset|Reactivate) / }).count()).toBe(0);
    // An address that names no API: said as the page's h1, with the way back (decision 791).
    await reader.page.goto('/apis/default/no-such-api');
    await reader.page.getByRole('heading', { level: 1, name: 'No API named default/no-such-api' }).waitFor();
    await reader.page.getByRole('link', { name: 'All APIs' }).click();
    await reader.page.waitForURL((url) => url.pathname === '/apis');
    await reader.context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations (${theme}): list, reference and diff at 1280×800, diff at 390×844`, async () => {
      const { context, page } = await signedIn('/apis', { theme });
      await page.getByRole('table', { name: 'APIs' }).getByRole('link', { name: 'payments-rest' }).waitFor();
      await expectAccessible(page, `/apis ${theme}`);
      await page.goto('/apis/default/payments-rest');
      await page.getByTestId('api-reference').getByText('Refund a charge').first().waitFor();
      // Scalar's own <main> is demoted with role="none" (one main landmark on the page); axe's
      // best-practice rule against a role on <main> is the only one left out, and only here (decision 177).
      await expectAccessible(page, `API reference ${theme}`, { disableRules: ['aria-allowed-role'] });
      await page.goto('/apis/default/payment-events');
      await page.getByRole('article', { name: 'AsyncAPI Payment events' }).waitFor();
      await expectAccessible(page, `AsyncAPI reference ${theme}`);
      await page.goto('/apis/default/payments-rest?view=diff');
      await page.getByRole('heading', { name: /Breaking changes/ }).waitFor();
      await expectAccessible(page, `API diff ${theme}`);

      // The same signed-in page at 390×844, loaded afresh at that size (decision 524).
      await page.setViewportSize(VIEWPORTS.mobile);
      await page.reload();
      await page.getByRole('heading', { name: /Breaking changes/ }).waitFor();
      await expectAccessible(page, `API diff ${theme} mobile`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await context.close();
    });
  }
});
