import type { PortalServer } from './helpers/index.js';

/** The records of scorecards.test.ts: a reader, a team, two scored components and a two-level scorecard. */
export const NAME = 'sc-browser-svc';
export const TEAM_SVC = 'sc-team-svc';
export const READER = { username: 'sc-reader', email: 'sc-reader@hangar.test', password: 'Reader-Passw0rd-1' };

/** POSTs as the given token; anything but a 201 throws with the answer. */
export async function createdAs(server: PortalServer, token: string, path: string, body: unknown) {
  const res = await server.api('POST', path, body, token);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Creates them through the API as the admin, and waits until the scorecard's first evaluation is stored. */
export async function seedScorecards(server: PortalServer, token: string) {
  const created = (path: string, body: unknown) => createdAs(server, token, path, body);
  await created('/api/v1/auth/register', READER);
  const teamId = (await created('/api/v1/teams', { name: 'sc-team', type: 'dev', displayName: 'Scoring team' })).id;
  await created('/api/v1/catalog/components', {
    name: NAME,
    kind: 'service',
    lifecycle: 'production',
    tags: ['scored'],
  });
  // Owned by the team: it passes "Has an owner" (Silver), and the team page summarises it.
  await created('/api/v1/catalog/components', {
    name: TEAM_SVC,
    kind: 'service',
    lifecycle: 'production',
    tags: ['scored'],
    owner: 'sc-team',
  });
  const card = await created('/api/v1/scorecards', {
    name: 'Browser maturity',
    description: 'Scorecard of the browser test',
    filter: { tags: ['scored'] },
    levels: [
      { name: 'Bronze', colour: '#b08d57' },
      { name: 'Silver', colour: '#a8a9ad' },
    ],
    rules: [
      {
        key: 'named',
        title: 'Named sc-*',
        level: 'Bronze',
        condition: { fact: 'entity.name', operator: 'matches', value: '^sc-' },
      },
      {
        key: 'owner',
        title: 'Has an owner',
        level: 'Silver',
        failureMessage: 'Set spec.owner',
        remediationUrl: 'https://docs.example/owner',
        condition: { fact: 'owner.set', operator: 'equals', value: true },
      },
    ],
  });
  const scorecardId = card.id as string;
  // The create queues its evaluation: wait for the results (polling; never a fixed sleep).
  const until = Date.now() + 30_000;
  while ((await server.api('GET', `/api/v1/scorecards/${scorecardId}/results`, undefined, token)).body.total !== 2) {
    if (Date.now() > until) throw new Error('the scorecard was not evaluated within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { teamId: teamId as string, scorecardId };
}
