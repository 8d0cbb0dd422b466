import { afterAll, beforeAll, expect, vi, type MockInstance } from 'vitest';
import { systemCaller } from '../../../src/kernel/caller.js';
import type { ScorecardsService } from '../../../src/modules/scorecards/index.js';
import { FakeCostSource } from '../../fakes/ports/cost-source.fake.js';
import { FakeRegistry } from '../../fakes/ports/registry.fake.js';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';

/**
 * Decision 550: the facts recorded without a domain event (deployments through their events; scans,
 * IaC runs, cost syncs and DORA's deployment facts through the in-process line) re-evaluate the
 * entities they are about, and only those; a cost sync re-evaluates every component in one batch.
 */
export const TOKEN = 'iac-ingest-token-for-scorecard-triggers';
export const registry = new FakeRegistry();
export const costSource = new FakeCostSource();
export let t: TestApp;
export let admin: string;
export let org: string;
export let card: string;
export let target: { id: string; name: string };
export let bystander: { id: string; name: string };
export let production: string;
export let evaluated: MockInstance<ScorecardsService['evaluateEntities']>;
export const tag = uniq('trig');
export const caller = () => systemCaller({ organizationId: org });

export type Outcomes = Record<string, string>;

export async function component(name: string, image: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/catalog/components',
    headers: bearer(admin),
    payload: { name, kind: 'service', lifecycle: 'production', tags: [tag], annotations: { 'hangar.io/image': image } },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string };
}

/** The rule outcomes of `componentId` on the test's scorecard. */
export async function outcomes(componentId: string): Promise<Outcomes | undefined> {
  const page = (
    await t.app.inject({
      url: `/api/v1/scorecards/${card}/results?take=10`,
      headers: { ...bearer(admin), 'x-organization-id': org },
    })
  ).json();
  return page.data.find((r: { componentId: string }) => r.componentId === componentId)?.rules;
}

/** Waits (polling, no sleep) until the entity's outcomes satisfy `ok`. */
export async function until(componentId: string, ok: (o: Outcomes) => boolean) {
  await vi.waitFor(
    async () => {
      const o = await outcomes(componentId);
      if (!o || !ok(o)) throw new Error(`outcomes of ${componentId}: ${JSON.stringify(o)}`);
    },
    { timeout: 10_000, interval: 50 },
  );
  return (await outcomes(componentId))!;
}

/** The component sets each event-driven evaluation was asked for since the last clear. */
export const evaluatedSets = () => evaluated.mock.calls.map((c) => [...c[1]].sort());

/** The app and records of scorecards.triggers.test.ts (decision 1126): call at the top of the file. */
export function useTriggersApp(): void {
  beforeAll(async () => {
    t = await buildTestApp({ IAC_INGEST_TOKEN: TOKEN }, undefined, { registry: () => registry, costSource });
    admin = await t.adminToken();
    org = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/organizations',
        headers: bearer(admin),
        payload: { name: uniq('Trig'), slug: uniq('trig') },
      })
    ).json().id;
    production = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/environments',
        headers: bearer(admin),
        payload: { name: uniq('prod'), type: 'production' },
      })
    ).json().id;
    evaluated = vi.spyOn(t.app.hangar.modules.scorecards, 'evaluateEntities');
    target = await component(uniq('trig-target'), 'team/target:1.0');
    bystander = await component(uniq('trig-other'), 'team/other:1.0');
    // Their component.created re-evaluations run before any test counts evaluations.
    await vi.waitFor(() => expect(evaluatedSets()).toEqual(expect.arrayContaining([[target.id], [bystander.id]])), {
      timeout: 10_000,
      interval: 50,
    });
    registry.push('team/target', '1.0', {
      digest: 'sha256:' + 'a'.repeat(64),
      sizeBytes: 1,
      pushedAt: null,
      scan: {
        status: 'COMPLETE',
        vulnerabilities: [
          {
            cveId: 'CVE-2026-0001',
            severity: 'CRITICAL',
            packageName: 'openssl',
            installedVersion: '3.0.0',
            fixedVersion: '3.0.9',
            description: null,
          },
        ],
      },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/scorecards',
      headers: { ...bearer(admin), 'x-organization-id': org },
      payload: {
        name: uniq('triggers'),
        filter: { tags: [tag] },
        levels: [{ name: 'Bronze', colour: '#b08d57' }],
        rules: [
          {
            key: 'deployed',
            level: 'Bronze',
            condition: { fact: 'deployments.daysSinceLast', operator: 'lessThan', value: 1 },
          },
          {
            key: 'rate',
            level: 'Bronze',
            condition: { fact: 'deployments.successRate', operator: 'greaterThanOrEqual', value: 90 },
          },
          {
            key: 'dora',
            level: 'Bronze',
            condition: { fact: 'dora.deploymentFrequency', operator: 'greaterThan', value: 0 },
          },
          {
            key: 'critical',
            level: 'Bronze',
            condition: { fact: 'vulnerabilities.critical', operator: 'equals', value: 0 },
          },
          { key: 'drift', level: 'Bronze', condition: { fact: 'iac.driftedStacks', operator: 'equals', value: 0 } },
          { key: 'cost', level: 'Bronze', condition: { fact: 'cost.monthly', operator: 'lessThan', value: 1000 } },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    card = created.json().id;
    await t.app.hangar.modules.scorecards.evaluateScorecard(systemCaller(), card);
    // Nothing recorded yet: no deployment, no DORA figure, no cost; no scan and no stack count as none.
    expect(await outcomes(target.id)).toEqual({
      deployed: 'no_data',
      rate: 'no_data',
      dora: 'fail',
      critical: 'pass',
      drift: 'pass',
      cost: 'no_data',
    });
  });

  afterAll(async () => {
    evaluated?.mockRestore();
    await t?.close();
  });
}
