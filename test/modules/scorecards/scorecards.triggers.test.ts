import { describe, expect, it, vi } from 'vitest';
import { systemCaller } from '../../../src/kernel/caller.js';
import { bearer, uniq } from '../../helpers/app.js';
import {
  TOKEN,
  costSource,
  t,
  admin,
  target,
  bystander,
  production,
  evaluated,
  caller,
  outcomes,
  until,
  evaluatedSets,
  useTriggersApp,
} from './scorecards-triggers-setup.js';

useTriggersApp();

describe('re-evaluation when facts are recorded (decision 550)', () => {
  it('a deployment re-evaluates its component: deployment facts from its event, DORA facts once DORA has ingested it', async () => {
    evaluated.mockClear();
    // The deploy stage's writer (its GitOps sync included): the deployments verbs; DORA hears their events on the bus.
    const writes = t.app.hangar.modules.deployments;
    const d = await writes.record(caller(), {
      componentId: target.id,
      environmentId: production,
      version: '1.0.0',
      status: 'pending',
    });
    await writes.setStatus(caller(), d.id, 'in_progress');
    await writes.setStatus(caller(), d.id, 'succeeded');
    expect(await until(target.id, (o) => o.deployed === 'pass' && o.dora === 'pass')).toMatchObject({
      deployed: 'pass',
      rate: 'pass',
      dora: 'pass',
    });
    expect(await outcomes(bystander.id)).toMatchObject({ deployed: 'no_data', rate: 'no_data', dora: 'fail' });
    expect(evaluatedSets().length).toBeGreaterThan(0);
    for (const ids of evaluatedSets()) expect(ids).toEqual([target.id]);

    // A failed deployment is no DORA fact: its event alone re-evaluates the success rate (1 of 2).
    evaluated.mockClear();
    const failed = await writes.record(caller(), {
      componentId: target.id,
      environmentId: production,
      version: '1.0.1',
      status: 'pending',
    });
    await writes.setStatus(caller(), failed.id, 'failed');
    expect(await until(target.id, (o) => o.rate === 'fail')).toMatchObject({ rate: 'fail', deployed: 'pass' });
    for (const ids of evaluatedSets()) expect(ids).toEqual([target.id]);

    // DORA's ingest tells the scorecards on its own (a rollback or late commits move only DORA's facts).
    evaluated.mockClear();
    await t.app.hangar.modules.dora.ingest(systemCaller(), d.id);
    await vi.waitFor(() => expect(evaluatedSets()).toContainEqual([target.id]), { timeout: 10_000, interval: 50 });
  });

  it('a vulnerability scan sync re-evaluates the scanned component', async () => {
    evaluated.mockClear();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/registry/components/${target.id}/vulnerabilities/sync`,
      headers: bearer(admin),
    });
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
    await vi.waitFor(() => expect(evaluatedSets().flat().sort()).toEqual([bystander.id, target.id].sort()), {
      timeout: 10_000,
      interval: 50,
    });
    evaluated.mockClear();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/incidents/${incident}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(204);
    await vi.waitFor(() => expect(evaluatedSets()).toEqual([[bystander.id]]), { timeout: 10_000, interval: 50 });
  });

  it('an IaC stack import and a plan with changes re-evaluate the stack’s component', async () => {
    const ingest = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${TOKEN}` }, payload });
    const stack = uniq('stack');
    expect(
      (
        await ingest('/api/v1/iac/runs/ingest', {
          stackName: stack,
          environment: 'prod',
          type: 'plan',
          status: 'succeeded',
          resourceChanges: { add: 1 },
        })
      ).statusCode,
    ).toBe(201);
    evaluated.mockClear();
    // The stack already has a drifting plan: binding it to the component moves its drift there.
    expect(
      (
        await ingest('/api/v1/iac/stacks/import', {
          stacks: [{ name: stack, environment: 'prod', componentId: target.id }],
        })
      ).statusCode,
    ).toBe(201);
    expect(await until(target.id, (o) => o.drift === 'fail')).toMatchObject({ drift: 'fail' });
    for (const ids of evaluatedSets()) expect(ids).toEqual([target.id]);

    evaluated.mockClear();
    expect(
      (
        await ingest('/api/v1/iac/runs/ingest', {
          stackName: stack,
          environment: 'prod',
          type: 'apply',
          status: 'succeeded',
        })
      ).statusCode,
    ).toBe(201);
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
