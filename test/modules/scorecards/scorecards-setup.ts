import { afterAll, beforeAll, expect } from 'vitest';
import { systemCaller } from '../../../src/kernel/caller.js';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';

export let t: TestApp;
export let admin: string;
export let user: { id: string; token: string };
export let orgA: string;
export let orgB: string;
export const base = '/api/v1/scorecards';
export const inOrg = (token: string, org: string) => ({ ...bearer(token), 'x-organization-id': org });

export const levels = [
  { name: 'Bronze', colour: '#b08d57' },
  { name: 'Silver', colour: '#a8a9ad' },
  { name: 'Gold', colour: '#d4af37' },
];
export const definition = (tag: string) => ({
  name: uniq('card'),
  description: 'd',
  filter: { tags: [tag] },
  levels,
  rules: [
    {
      key: 'owner',
      level: 'Bronze',
      weight: 2,
      failureMessage: 'Set an owner',
      remediationUrl: 'https://docs.example/owner',
      condition: { fact: 'owner.set', operator: 'equals', value: true },
    },
    {
      key: 'described',
      level: 'Silver',
      weight: 1,
      condition: {
        all: [
          { fact: 'description.present', operator: 'equals', value: true },
          { fact: 'entity.name', operator: 'matches', value: '^sc-' },
        ],
      },
    },
    {
      key: 'no-p1',
      level: 'Gold',
      weight: 1,
      failureMessage: 'Close the P1',
      condition: { fact: 'incidents.open.P1', operator: 'equals', value: 0 },
    },
  ],
});

export async function component(name: string, tag: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/catalog/components',
    headers: bearer(admin),
    payload: { name, kind: 'service', lifecycle: 'production', tags: [tag], ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string; teamId: string | null };
}

export const evaluateAll = () => t.app.hangar.modules.scorecards.evaluateAll(systemCaller());

export async function poll<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const until = Date.now() + 10_000;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setImmediate(r));
  }
}

/** The setup shared by the files split from scorecards.test.ts (decision 1126): call at the top of each. */
export function useScorecardsApp(): void {
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.adminToken();
    user = await t.newUser('score');
    const org = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/organizations',
          headers: bearer(admin),
          payload: { name: uniq('Org'), slug: uniq('org') },
        })
      ).json().id as string;
    orgA = await org();
    orgB = await org();
  });
  afterAll(async () => {
    await t.close();
  });
}

// The evaluation fixture (scorecards.test.ts, scorecards-exemptions.test.ts): a team, three components
// under one tag and a scorecard over them, evaluated once.
export let tag: string;
export let card: { id: string };
export let full: { id: string };
export let half: { id: string };
export let team: { id: string; name: string };

/** Builds the evaluation fixture before the tests of the describe it is called in. */
export function useEvaluationFixture(): void {
  tag = uniq('eval');
  beforeAll(async () => {
    team = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/teams',
        headers: bearer(admin),
        payload: { name: uniq('team') },
      })
    ).json();
    full = await component(uniq('sc-full'), tag, { owner: team.name, description: 'a service' });
    half = await component(uniq('sc-half'), tag, { owner: team.name });
    await component(uniq('none'), tag);
    card = (
      await t.app.inject({ method: 'POST', url: base, headers: inOrg(admin, orgA), payload: definition(tag) })
    ).json();
    await evaluateAll();
  });
}
