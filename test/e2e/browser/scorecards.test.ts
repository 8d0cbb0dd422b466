import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, expectAccessible, launchBrowser, settled, signIn, startPortalServer, type PortalBrowser, type PortalServer } from './helpers/index.js';

/** Scorecards in the portal: the list, a scorecard's results, an entity's levels, failing rules and history; axe in both themes. */
let server: PortalServer;
let pb: PortalBrowser;
let scorecardId: string;
const NAME = 'sc-browser-svc';

beforeAll(async () => {
  server = await startPortalServer();
  const token = await server.adminToken();
  const created = await server.api('POST', '/api/v1/catalog/components', { name: NAME, kind: 'service', lifecycle: 'production', tags: ['scored'] }, token);
  if (created.status !== 201) throw new Error(`component: ${created.status} ${JSON.stringify(created.body)}`);
  const card = await server.api(
    'POST',
    '/api/v1/scorecards',
    {
      name: 'Browser maturity',
      description: 'Scorecard of the browser test',
      filter: { tags: ['scored'] },
      levels: [
        { name: 'Bronze', colour: '#b08d57' },
        { name: 'Silver', colour: '#a8a9ad' },
      ],
      rules: [
        { key: 'named', title: 'Named sc-*', level: 'Bronze', condition: { fact: 'entity.name', operator: 'matches', value: '^sc-' } },
        {
          key: 'owner',
          title: 'Has an owner',
          level: 'Silver',
          failureMessage: 'Set spec.owner',
          remediationUrl: 'https://docs.example/owner',
          condition: { fact: 'owner.set', operator: 'equals', value: true },
        },
      ],
    },
    token,
  );
  if (card.status !== 201) throw new Error(`scorecard: ${card.status} ${JSON.stringify(card.body)}`);
  scorecardId = card.body.id;
  // The create queues its evaluation: wait for the result (polling; never a fixed sleep).
  const until = Date.now() + 30_000;
  while ((await server.api('GET', `/api/v1/scorecards/${scorecardId}/results`, undefined, token)).body.total !== 1) {
    if (Date.now() > until) throw new Error('the scorecard was not evaluated within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  pb = await launchBrowser(server);
});
afterAll(async () => {
  await pb?.close();
  await server?.stop();
});

describe('scorecards', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`lists scorecards and a scorecard's results by level, ${theme}`, async () => {
      const { context, page } = await pb.newPage({ theme });
      await signIn(page, ADMIN, '/scorecards');
      await page.getByRole('link', { name: 'Browser maturity' }).waitFor();
      await settled(page);
      await expectAccessible(page, `/scorecards ${theme}`);
      await page.getByRole('link', { name: 'Browser maturity' }).click();
      await page.getByRole('heading', { name: 'Browser maturity', level: 1 }).waitFor();
      const table = page.getByRole('table', { name: 'Results of Browser maturity' });
      await table.getByText(`component:default/${NAME}`).waitFor();
      await table.getByText('Bronze').waitFor();
      await page.getByRole('combobox', { name: 'Level' }).selectOption('Silver');
      await page.getByText('No results').waitFor();
      expect(new URL(page.url()).searchParams.get('level')).toBe('Silver');
      await settled(page);
      await expectAccessible(page, `scorecard page ${theme}`);
      await context.close();
    });

    it(`shows an entity's level, failing rules with remediation and the history chart, ${theme}`, async () => {
      const { context, page } = await pb.newPage({ theme });
      await signIn(page, ADMIN, `/catalog/component/default/${NAME}?tab=scorecards`);
      await page.getByText('Browser maturity: Bronze').waitFor();
      const failing = page.getByRole('list', { name: 'Failing rules of Browser maturity' });
      await failing.getByText('Set spec.owner').waitFor();
      expect(await failing.getByRole('link', { name: 'How to fix' }).getAttribute('href')).toBe('https://docs.example/owner');
      await page.getByRole('button', { name: 'Show history' }).click();
      await page.getByRole('img', { name: 'Score of Browser maturity over time' }).locator('canvas').waitFor();
      await settled(page);
      await expectAccessible(page, `entity scorecards ${theme}`);
      await context.close();
    });
  }
});
