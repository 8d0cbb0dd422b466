import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser, signIn, startPortalServer, type PortalBrowser, type PortalServer } from './index.js';
import { NAME, createdAs, seedScorecards } from '../scorecards-fixture.js';

/**
 * Scorecards in the portal: the list, a scorecard's results, an entity's levels, failing rules and history;
 * the admin's actions (evaluate now, delete, exemptions with the server's field errors, also granted and
 * withdrawn on the entity page's Scorecards tab), none of them for a non-admin; a team's levels on its page; axe in both themes (and the exemption dialog at 390 px).
 */
export let server: PortalServer;
export let pb: PortalBrowser;
export let token: string;
export let scorecardId: string;
export let teamId: string;
export const REF = `component:default/${NAME}`;
export const created = (path: string, body: unknown) => createdAs(server, token, path, body);

export const resultRow = (page: Page, ref: string) =>
  page.getByRole('table', { name: 'Results of Browser maturity' }).getByRole('row').filter({ hasText: ref });

/** The server, browser and seeded records of scorecards.test.ts: call at the top of the file. */
export function useScorecardsPortal(): void {
  beforeAll(async () => {
    server = await startPortalServer();
    token = await server.adminToken();
    ({ teamId, scorecardId } = await seedScorecards(server, token));
    pb = await launchBrowser(server);
  });
  afterAll(async () => {
    await pb?.close();
    await server?.stop();
  });
}

/** A new page signed in as `user` at `path`. */
export async function signedInAs(
  user: { username: string; password: string },
  path: string,
  opts: Parameters<PortalBrowser['newPage']>[0] = {},
) {
  const { context, page } = await pb.newPage(opts);
  await signIn(page, user, path);
  return { context, page };
}

/** Exempts component `name` from the `named` rule for a day, through the API. */
export async function exemptNamed(name: string, reason: string): Promise<{ id: string }> {
  const entity = await server.api('GET', `/api/v1/catalog/entities/component/default/${name}`, undefined, token);
  return created(`/api/v1/scorecards/${scorecardId}/exemptions`, {
    componentId: entity.body.id,
    ruleKey: 'named',
    reason,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
}

/** Deletes an exemption through the API (204). */
export async function deleteExemption(id: string) {
  const res = await server.api('DELETE', `/api/v1/scorecards/${scorecardId}/exemptions/${id}`, undefined, token);
  expect(res.status).toBe(204);
}

/** Waits for `field` to be marked invalid; the text of its error. */
export async function fieldError(page: Page, field: Locator) {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  return page.locator(`#${await field.getAttribute('aria-describedby')}`).textContent();
}

/** Confirms the dialog named `dialog` with its button `button`. */
export async function confirm(page: Page, dialog: string, button: string) {
  await page.getByRole('dialog', { name: dialog }).getByRole('button', { name: button }).click();
}

/** The row of table `table` (in `scope`) that holds `text`. */
export const tableRow = (scope: Page | Locator, table: string, text: string) =>
  scope.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

/** Opens the exemption dialog of the scorecard page's row of REF. */
export async function openExemptDialog(page: Page) {
  await page.getByRole('button', { name: `Exempt a rule of ${REF}` }).click();
  return page.getByRole('dialog', { name: `Exempt ${REF}` });
}

/** The Browser maturity card of an entity page's Scorecards tab. */
export const entityCard = (page: Page) => page.getByRole('region', { name: 'Browser maturity', exact: true });

/** The button beside NAME's failing owner rule on its entity page. */
export const EXEMPT_OWNER = `Exempt ${NAME} from Has an owner on Browser maturity`;

/** The number of exemptions of the seeded scorecard, through the API. */
export const exemptionCount = async (): Promise<number> =>
  (await server.api('GET', `/api/v1/scorecards/${scorecardId}/exemptions`, undefined, token)).body.total;

/** The rules an exemption dialog offers. */
export const ruleOptions = (dialog: Locator) =>
  dialog.getByRole('combobox', { name: 'Rule' }).locator('option').allTextContents();
