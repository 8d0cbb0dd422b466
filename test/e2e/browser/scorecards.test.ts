import { describe, expect, it } from 'vitest';
import { ADMIN, expectAccessible, settled } from './helpers/index.js';
import { NAME, READER, TEAM_SVC } from './scorecards-fixture.js';
import {
  server,
  token,
  scorecardId,
  teamId,
  REF,
  created,
  resultRow,
  useScorecardsPortal,
  ruleOptions,
  entityCard,
  EXEMPT_OWNER,
  exemptionCount,
  tableRow,
  openExemptDialog,
  signedInAs,
  exemptNamed,
  deleteExemption,
  fieldError,
  confirm,
} from './helpers/scorecards.js';

useScorecardsPortal();

describe('scorecards', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`lists scorecards, a scorecard's results by level, the exemption dialog and a team's levels, ${theme}`, async () => {
      const { context, page } = await signedInAs(ADMIN, '/scorecards', { theme });
      await page.getByRole('link', { name: 'Browser maturity' }).waitFor();
      await settled(page);
      await expectAccessible(page, `/scorecards ${theme}`);
      await page.getByRole('link', { name: 'Browser maturity' }).click();
      await page.getByRole('heading', { name: 'Browser maturity', level: 1 }).waitFor();
      await resultRow(page, REF).getByText('Bronze').waitFor();
      await page.getByRole('combobox', { name: 'Level' }).selectOption('Silver');
      await resultRow(page, `component:default/${TEAM_SVC}`).waitFor();
      await expect.poll(() => resultRow(page, REF).count()).toBe(0); // the filtered page replaces the whole list
      expect(new URL(page.url()).searchParams.get('level')).toBe('Silver');
      await page.getByRole('combobox', { name: 'Level' }).selectOption('');
      await resultRow(page, REF).waitFor();
      await page.getByText('No exemptions').waitFor();
      await page.getByRole('button', { name: 'Evaluate now' }).waitFor();
      await settled(page);
      await expectAccessible(page, `scorecard page ${theme}`);

      // The exemption dialog offers only the entity's failing rules.
      const dialog = await openExemptDialog(page);
      expect(await ruleOptions(dialog)).toEqual(['Has an owner']);
      await expectAccessible(page, `exemption dialog ${theme}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.goto(`/teams/${teamId}`);
      const levels = page.getByRole('listitem', { name: 'Browser maturity levels of Scoring team' });
      await levels.getByText('1 entity · mean score 100%').waitFor();
      await settled(page);
      await expectAccessible(page, `team page with scorecard levels ${theme}`);
      if (theme === 'light') {
        await levels.getByRole('link', { name: /^Silver\s+1\s+entity$/ }).click();
        await resultRow(page, `component:default/${TEAM_SVC}`).waitFor();
        const search = new URL(page.url()).searchParams;
        expect([search.get('team'), search.get('level')]).toEqual([teamId, 'Silver']);
        await expect.poll(() => resultRow(page, REF).count()).toBe(0); // the filtered page replaces the whole list
      }
      await context.close();
    });

    it(`shows an entity's level, failing rules with remediation and the history chart, ${theme}`, async () => {
      const { context, page } = await signedInAs(ADMIN, `/catalog/component/default/${NAME}?tab=scorecards`, { theme });
      await page.getByText('Browser maturity: Bronze').waitFor();
      const failing = page.getByRole('list', { name: 'Failing rules of Browser maturity' });
      await failing.getByText('Set spec.owner').waitFor();
      expect(await failing.getByRole('link', { name: 'How to fix' }).getAttribute('href')).toBe(
        'https://docs.example/owner',
      );
      await entityCard(page).getByRole('button', { name: 'Show history' }).click();
      await page.getByRole('img', { name: 'Score of Browser maturity over time' }).locator('canvas').waitFor();
      await settled(page);
      await expectAccessible(page, `entity scorecards ${theme}`);
      await context.close();
    });
  }

  it('an admin exempts a failing rule (field errors from the server), sees the level change, evaluates, and deletes the exemption', async () => {
    const { context, page } = await signedInAs(ADMIN, `/scorecards/${scorecardId}`);
    await resultRow(page, REF).getByText('50%').waitFor();
    const dialog = await openExemptDialog(page);
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    const until = dialog.getByLabel('Exempt until (last day)');

    // Each of the server's 400s lands on its field: the schema's (empty reason), then the service's (a past day).
    await dialog.getByRole('button', { name: 'Exempt rule' }).click();
    expect(await fieldError(page, reason)).toMatch(/fewer than 1 character/);
    await reason.fill('Owned by the platform group until the reorganisation');
    await until.fill('2020-01-31');
    await dialog.getByRole('button', { name: 'Exempt rule' }).click();
    expect(await fieldError(page, until)).toBe('must be in the future');
    expect(await reason.getAttribute('aria-invalid')).toBeNull();

    const day = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    await until.fill(day);
    await dialog.getByRole('button', { name: 'Exempt rule' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The server re-evaluates the entity at once: Silver, 100%, and the rule no longer failing.
    await resultRow(page, REF).getByText('Silver').waitFor();
    await resultRow(page, REF).getByText('100%').waitFor();
    expect(await page.getByRole('button', { name: `Exempt a rule of ${REF}` }).count()).toBe(0);
    const row = tableRow(page, 'Exemptions of Browser maturity', NAME);
    await row.getByText('Owned by the platform group until the reorganisation').waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      NAME,
      'Has an owner',
      'Owned by the platform group until the reorganisation',
      expect.any(String),
      'you',
      'active',
      'Delete',
    ]);
    expect(await row.getByRole('link', { name: NAME }).getAttribute('href')).toBe(
      `/catalog/component/default/${NAME}?tab=scorecards`,
    );

    // Evaluate now: queued, then done (the scorecard's evaluation time moves) and the results refetched.
    const before = (await server.api('GET', `/api/v1/scorecards/${scorecardId}`, undefined, token)).body
      .lastEvaluatedAt;
    await page.getByRole('button', { name: 'Evaluate now' }).click();
    await page.getByText(/^Evaluated .*; results refreshed\.$/).waitFor({ timeout: 30_000 });
    expect(
      (await server.api('GET', `/api/v1/scorecards/${scorecardId}`, undefined, token)).body.lastEvaluatedAt,
    ).not.toBe(before);
    await resultRow(page, REF).getByText('Silver').waitFor();

    await row.getByRole('button', { name: `Delete the exemption of ${NAME} from Has an owner` }).click();
    await confirm(page, 'Delete this exemption?', 'Delete exemption');
    await page.getByText('No exemptions').waitFor();
    await resultRow(page, REF).getByText('Bronze').waitFor();
    await resultRow(page, REF).getByText('50%').waitFor();
    await context.close();
  });

  it('a non-admin sees results and exemptions but none of the admin controls', async () => {
    const exemption = await exemptNamed(NAME, 'Legacy name');
    const { context, page } = await signedInAs(READER, `/scorecards/${scorecardId}`);
    const row = tableRow(page, 'Exemptions of Browser maturity', 'Legacy name');
    await row.waitFor();
    // Users' names are for admins; a reader sees who only as "an admin".
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      NAME,
      'Named sc-*',
      'Legacy name',
      expect.any(String),
      'an admin',
      'active',
    ]);
    await resultRow(page, REF).waitFor();
    await settled(page);
    for (const name of ['Evaluate now', 'Delete', `Exempt a rule of ${REF}`])
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete the exemption/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Edit the definition' }).count()).toBe(0);
    await page.goto('/scorecards');
    await page.getByRole('link', { name: 'Browser maturity' }).waitFor();
    expect(await page.getByRole('button', { name: 'New scorecard' }).count()).toBe(0);
    await context.close();
    await deleteExemption(exemption.id);
  });

  it('the exemption dialog and the exemptions list at 390 px', async () => {
    const exemption = await exemptNamed(TEAM_SVC, 'Kept for the mobile check');
    const { context, page } = await signedInAs(ADMIN, `/scorecards/${scorecardId}`, {
      viewport: 'mobile',
      theme: 'dark',
    });
    await page
      .getByRole('table', { name: 'Exemptions of Browser maturity' })
      .getByText('Kept for the mobile check')
      .waitFor();
    await resultRow(page, REF).waitFor();
    await settled(page);
    await expectAccessible(page, 'scorecard page with exemptions, 390 px');
    await (await openExemptDialog(page)).waitFor();
    await expectAccessible(page, 'exemption dialog, 390 px');
    await context.close();
    await deleteExemption(exemption.id);
  });

  it('an admin exempts a failing rule from the entity page (field errors from the server) and withdraws it there (decision 543)', async () => {
    const { context, page } = await signedInAs(ADMIN, `/catalog/component/default/${NAME}?tab=scorecards`);
    const card = entityCard(page);
    await page.getByText('Browser maturity: Bronze').waitFor();
    // Next to the failing rule: its own button, in the dialog only that rule.
    await card
      .getByRole('list', { name: 'Failing rules of Browser maturity' })
      .getByRole('button', { name: EXEMPT_OWNER })
      .click();
    const dialog = page.getByRole('dialog', { name: `Exempt ${NAME} from Has an owner` });
    expect(await ruleOptions(dialog)).toEqual(['Has an owner']);
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await dialog.getByRole('button', { name: 'Exempt rule' }).click();
    expect(await fieldError(page, reason)).toMatch(/fewer than 1 character/);
    await expectAccessible(page, 'entity exemption dialog with a field error');
    // Closed and opened again: blank, the last error forgotten (FormDialog's onOpen/onClose).
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: EXEMPT_OWNER }).click();
    expect(await reason.getAttribute('aria-invalid')).toBeNull();
    expect(await reason.inputValue()).toBe('');
    await reason.fill('Ownership moves with the reorganisation');
    await dialog.getByRole('button', { name: 'Exempt rule' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Evaluated again at once: Silver, the rule exempt, the exemption listed with its withdraw control.
    await page.getByText('Browser maturity: Silver').waitFor();
    expect(await card.getByRole('list', { name: 'Failing rules of Browser maturity' }).count()).toBe(0);
    const row = tableRow(card, `Exemptions of ${NAME} on Browser maturity`, 'Ownership moves');
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'Has an owner',
      'Ownership moves with the reorganisation',
      expect.any(String),
      'you',
      'active',
      'Withdraw',
    ]);
    await settled(page);
    await expectAccessible(page, 'entity scorecards with an exemption');

    await row.getByRole('button', { name: 'Withdraw the exemption from Has an owner on Browser maturity' }).click();
    await confirm(page, 'Withdraw this exemption?', 'Withdraw exemption');
    await page.getByText('Browser maturity: Bronze').waitFor();
    await expect
      .poll(() => card.getByRole('table', { name: `Exemptions of ${NAME} on Browser maturity` }).count())
      .toBe(0);
    await card.getByRole('button', { name: EXEMPT_OWNER }).waitFor();
    expect(await exemptionCount()).toBe(0);
    await context.close();
  });

  it("a non-admin sees the entity's exemptions but no control to grant or withdraw one", async () => {
    const exemption = await exemptNamed(NAME, 'Legacy name, read by a reader');
    const { context, page } = await signedInAs(READER, `/catalog/component/default/${NAME}?tab=scorecards`, {
      theme: 'dark',
    });
    const card = entityCard(page);
    const row = tableRow(card, `Exemptions of ${NAME} on Browser maturity`, 'Legacy name, read by a reader');
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'Named sc-*',
      'Legacy name, read by a reader',
      expect.any(String),
      'an admin',
      'active',
    ]);
    await card.getByRole('list', { name: 'Failing rules of Browser maturity' }).getByText('Set spec.owner').waitFor();
    await settled(page);
    expect(await page.getByRole('button', { name: /^Exempt / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Withdraw/ }).count()).toBe(0);
    await expectAccessible(page, 'entity scorecards of a non-admin, dark');
    await context.close();
    await deleteExemption(exemption.id);
  });

  it('an admin deletes a scorecard behind a confirmation', async () => {
    const card = await created('/api/v1/scorecards', {
      name: 'Disposable card',
      levels: [{ name: 'Only', colour: '#336699' }],
      rules: [],
    });
    const { context, page } = await signedInAs(ADMIN, `/scorecards/${card.id}`);
    await page.getByRole('heading', { name: 'Disposable card', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Disposable card?' });
    await dialog.getByText('It cannot be undone.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete scorecard' }).click();
    await page.waitForURL((url) => url.pathname === '/scorecards');
    await page.getByRole('link', { name: 'Browser maturity' }).waitFor();
    expect(await page.getByRole('link', { name: 'Disposable card' }).count()).toBe(0);
    expect((await server.api('GET', `/api/v1/scorecards/${card.id}`, undefined, token)).status).toBe(404);
    // An address that names no scorecard (this one was just deleted): said as the page's h1, with the way back (decision 791).
    await page.goto(`/scorecards/${card.id}`);
    await page.getByRole('heading', { level: 1, name: 'No scorecard with this id' }).waitFor();
    await page.getByRole('link', { name: 'Back to scorecards' }).click();
    await page.waitForURL((url) => url.pathname === '/scorecards');

    // The built-in (shared, as this Hangar has no organization: decision 560) is reset, not lost.
    await page.getByRole('link', { name: 'Production readiness' }).click();
    await page.getByRole('heading', { name: 'Production readiness', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const reset = page.getByRole('dialog', { name: 'Reset Production readiness?' });
    await reset.getByText('restored with its shipped definition', { exact: false }).waitFor();
    await reset.getByRole('button', { name: 'Delete and restore' }).click();
    await page.waitForURL((url) => url.pathname === '/scorecards');
    await page.getByRole('link', { name: 'Production readiness' }).waitFor();
    await context.close();
  });
});
