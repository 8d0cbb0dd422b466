import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
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
const TOKEN = 'iac-ingest-token-for-scorecard-triggers';
const registry = new FakeRegistry();
const costSource = new FakeCostSource();
let t: TestApp;
let admin: string;
let org: string;
let card: string;
let target: { id: string; name: string };
let bystander: { id: string; name: string };
let production: string;
let evaluated: MockInstance<ScorecardsService['evaluateEntities']>;
const tag = uniq('trig');
const caller = () => systemCaller({ organizationId: org });

type Outcomes = Record<string, string>;

async function component(name: string, image: string) {
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
async function outcomes(componentId: string): Promise<Outcomes | undefined> {
  const page = (await t.app.inject({ url: `/api/v1/scorecards/${card}/results?take=10`, headers: { ...bearer(admin), 'x-organization-id': org } })).json();
  return page.data.find((r: { componentId: string }) => r.componentId === componentId)?.rules;
}

/** Waits (polling, no sleep) until the entity's outcomes satisfy `ok`. */
async function until(componentId: string, ok: (o: Outcomes) => boolean) {
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
const evaluatedSets = () => evaluated.mock.calls.map((c) => [...c[1]].sort());

beforeAll(async () => {
  t = await buildTestApp({ IAC_INGEST_TOKEN: TOKEN }, undefined, { registry: () => registry, costSource });
  admin = await t.adminToken();
  org = (
    await t.app.inject({ method: 'POST', url: '/api/v1/organizations', headers: bearer(admin), payload: { name: uniq('Trig'), slug: uniq('trig') } })
  ).json().id;
  production = (
    await t.app.inject({ method: 'POST', url: '/api/v1/environments', headers: bearer(admin), payload: { name: uniq('prod'), type: 'production' } })
  ).json().id;
  evaluated = vi.spyOn(t.app.hangar.modules.scorecards, 'evaluateEntities');
  target = await component(uniq('trig-target'), 'team/target:1.0');
  bystander = await component(uniq('trig-other'), 'team/other:1.0');
  // Their component.created re-evaluations run before any test counts evaluations.
  await vi.waitFor(() => expect(evaluatedSets()).toEqual(expect.arrayContaining([[target.id], [bystander.id]])), { timeout: 10_000, interval: 50 });
  registry.push('team/target', '1.0', {
    digest: 'sha256:' + 'a'.repeat(64),
    sizeBytes: 1,
    pushedAt: null,
    scan: {
      status: 'COMPLETE',
      vulnerabilities: [
        { cveId: 'CVE-2026-0001', severity: 'CRITICAL', packageName: 'openssl', installedVersion: '3.0.0', fixedVersion: '3.0.9', description: null },
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
        { key: 'deployed', level: 'Bronze', condition: { fact: 'deployments.daysSinceLast', operator: 'lessThan', value: 1 } },
        { key: 'rate', level: 'Bronze', condition: { fact: 'deployments.successRate', operator: 'greaterThanOrEqual', value: 90 } },
        { key: 'dora', level: 'Bronze', condition: { fact: 'dora.deploymentFrequency', operator: 'greaterThan', value: 0 } },
        { key: 'critical', level: 'Bronze', condition: { fact: 'vulnerabilities.critical', operator: 'equals', value: 0 } },
        { key: 'drift', level: 'Bronze', condition: { fact: 'iac.driftedStacks', operator: 'equals', value: 0 } },
        { key: 'cost', level: 'Bronze', condition: { fact: 'cost.monthly', operator: 'lessThan', value: 1000 } },
      ],
    },
  });
  expect(created.statusCode).toBe(201);
  card = created.json().id;
  await t.app.hangar.modules.scorecards.evaluateScorecard(systemCaller(), card);
  // Nothing recorded yet: no deployment, no DORA figure, no cost; no scan and no stack count as none.
  expect(await outcomes(target.id)).toEqual({ deployed: 'no_data', rate: 'no_data', dora: 'fail', critical: 'pass', drift: 'pass', cost: 'no_data' });
});

afterAll(async () => {
  evaluated?.mockRestore();
  await t?.close();
});

describe('re-evaluation when facts are recorded (decision 550)', () => {
  it('a deployment re-evaluates its component: deployment facts from its event, DORA facts once DORA has ingested it', async () => {
    evaluated.mockClear();
    // The deploy stage's writer (its GitOps sync included): the deployments verbs; DORA hears their events on the bus.
    const writes = t.app.hangar.modules.deployments;
    const d = await writes.record(caller(), { componentId: target.id, environmentId: production, version: '1.0.0', status: 'pending' });
    await writes.setStatus(caller(), d.id, 'in_progress');
    await writes.setStatus(caller(), d.id, 'succeeded');
    expect(await until(target.id, (o) => o.deployed === 'pass' && o.dora === 'pass')).toMatchObject({ deployed: 'pass', rate: 'pass', dora: 'pass' });
    expect(await outcomes(bystander.id)).toMatchObject({ deployed: 'no_data', rate: 'no_data', dora: 'fail' });
    expect(evaluatedSets().length).toBeGreaterThan(0);
    for (const ids of evaluatedSets()) expect(ids).toEqual([target.id]);

    // A failed deployment is no DORA fact: its event alone re-evaluates the success rate (1 of 2).
    evaluated.mockClear();
    const failed = await writes.record(caller(), { componentId: target.id, environmentId: production, version: '1.0.1', status: 'pending' });
    await writes.setStatus(caller(), failed.id, 'failed');
    expect(await until(target.id, (o) => o.rate === 'fail')).toMatchObject({ rate: 'fail', deployed: 'pass' });
    for (const ids of evaluatedSets()) expect(ids).toEqual([target.id]);

    // DORA's ingest tells the scorecards on its own (a rollback or late commits move only DORA's facts).
    evaluated.mockClear();
    await t.app.hangar.modules.dora.ingest(d.id);
    await vi.waitFor(() => expect(evaluatedSets()).toContainEqual([target.id]), { timeout: 10_000, interval: 50 });
  });

  it('a vulnerability scan sync re-evaluates the scanned component', async () => {
    evaluated.mockClear();
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/registry/components/${target.id}/vulnerabilities/sync`, headers: bearer(admin) });
    expect(res.statusCode).toBeLessThan(300);
    expect(await until(target.id, (o) => o.critical === 'fail')).toMatchObject({ critical: 'fail' });
    expect(await outcomes(bystander.id)).toMatchObject({ critical: 'pass' });
    for (const ids of evaluatedSets()) expect(ids).toEqual([target.id]);
  });

  it('an incident edited (severity, affected components) or deleted re-evaluates the components it touched before and after', async () => {
    evaluated.mockClear();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/incidents',
      headers: bearer(admin),
      payload: { title: uniq('trig-incident'), severity: 'P3', affectedComponentIds: [target.id] },
    });
    expect(created.statusCode).toBe(201);
    const incident = created.json().id as string;
    // Its creation reaches the scorecards through INCIDENT_CREATED; wait for it before counting the edit's.
    await vi.waitFor(() => expect(evaluatedSets()).toContainEqual([target.id]), { timeout: 10_000, interval: 50 });
    evaluated.mockClear();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/incidents/${incident}`,
      headers: bearer(admin),
      payload: { severity: 'P1', affectedComponentIds: [bystander.id] },
    });
    expect(patched.statusCode).toBe(200);
    await vi.waitFor(() => expect(evaluatedSets().flat().sort()).toEqual([bystander.id, target.id].sort()), { timeout: 10_000, interval: 50 });
    evaluated.mockClear();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/incidents/${incident}`, headers: bearer(admin) })).statusCode).toBe(204);
    await vi.waitFor(() => expect(evaluatedSets()).toEqual([[bystander.id]]), { timeout: 10_000, interval: 50 });
  });

  it('an IaC stack import and a plan with changes re-evaluate the stack’s component', async () => {
    const ingest = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${TOKEN}` }, payload });
    const stack = uniq('stack');
    expect(
      (await ingest('/api/v1/iac/runs/ingest', { stackName: stack, environment: 'prod', type: 'plan', status: 'succeeded', resourceChanges: { add: 1 } }))
        .statusCode,
    ).toBe(201);
    evaluated.mockClear();
    // The stack already has a drifting plan: binding it to the component moves its drift there.
    expect((await ingest('/api/v1/iac/stacks/import', { stacks: [{ name: stack, environment: 'prod', componentId: target.id }] })).statusCode).toBe(201);
    expect(await until(target.id, (o) => o.drift === 'fail')).toMatchObject({ drift: 'fail' });
    for (const ids of evaluatedSets()) expect(ids).toEqual([target.id]);

    evaluated.mockClear();
    expect((await ingest('/api/v1/iac/runs/ingest', { stackName: stack, environment: 'prod', type: 'apply', status: 'succeeded' })).statusCode).toBe(201);
    expect(await until(target.id, (o) => o.drift === 'pass')).toMatchObject({ drift: 'pass' });
    expect(evaluatedSets().length).toBeGreaterThan(0);
    for (const ids of evaluatedSets()) expect(ids).toEqual([target.id]);
  });

  it('a cost sync re-evaluates every synced component in one batch, not one job per component', async () => {
    const alloc = (totalCost: number) => ({ cpuCost: totalCost, memoryCost: 0, pvCost: 0, networkCost: 0, totalCost });
    costSource.set('7d', 'label:app', target.name, alloc(700)); // 3,000 a month
    costSource.set('7d', 'label:app', bystander.name, alloc(7)); // 30 a month
    evaluated.mockClear();
    expect(await t.app.hangar.modules.cost.sync(systemCaller())).toBe(2);
    expect(await until(target.id, (o) => o.cost === 'fail')).toMatchObject({ cost: 'fail' });
    expect(await until(bystander.id, (o) => o.cost === 'pass')).toMatchObject({ cost: 'pass' });
    expect(evaluatedSets()).toEqual([[target.id, bystander.id].sort()]);
  });
});
