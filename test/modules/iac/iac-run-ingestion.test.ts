import { describe, expect, it } from 'vitest';
import { expectError, uniq } from '../../helpers/app.js';
import { get, importStacks, run, stackByName, useIacApps } from './iac-fixture.js';

/** Infrastructure as code: run ingestion (authentication and stack import: iac-stack-import.test.ts). */
useIacApps();

describe('run ingestion', () => {
  it('creates an unknown stack and returns the run (201) with defaults and computed duration', async () => {
    const stackName = uniq('run');
    const res = await run({
      stackName,
      environment: 'runs',
      type: 'apply',
      status: 'succeeded',
      provider: 'engine_a',
      resourceChanges: { add: 3, destroy: 1 },
      triggeredBy: 'ci-bot',
      pipelineUrl: 'https://ci.example/p/1',
      startedAt: '2030-01-01T10:00:00.000Z',
      finishedAt: '2030-01-01T10:02:30.500Z',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      stackName,
      environment: 'runs',
      type: 'apply',
      status: 'succeeded',
      provider: 'engine_a',
      resourceChanges: { add: 3, change: 0, destroy: 1 },
      triggeredBy: 'ci-bot',
      pipelineUrl: 'https://ci.example/p/1',
      startedAt: '2030-01-01T10:00:00.000Z',
      finishedAt: '2030-01-01T10:02:30.500Z',
      durationMs: 150_500,
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.createdAt).toEqual(expect.any(String));
    const stack = await stackByName(stackName, 'runs');
    expect(stack).toMatchObject({
      provider: 'engine_a',
      latestRun: {
        id: body.id,
        type: 'apply',
        status: 'succeeded',
        resourceChanges: { add: 3, change: 0, destroy: 1 },
        triggeredBy: 'ci-bot',
        durationMs: 150_500,
      },
    });
    expect(body.stackId).toBe(stack.id);
  });

  it('keeps a given durationMs, zero changes by default, null optional fields', async () => {
    const res = await run({
      stackName: uniq('run'),
      environment: 'runs',
      type: 'plan',
      status: 'pending',
      durationMs: 42,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      durationMs: 42,
      resourceChanges: { add: 0, change: 0, destroy: 0 },
      provider: null,
      triggeredBy: null,
      pipelineUrl: null,
      finishedAt: null,
    });
  });

  it('a stack imported without a provider takes the provider of its first run naming one', async () => {
    const stackName = uniq('prov');
    await importStacks([{ name: stackName, environment: 'prov' }]);
    await run({ stackName, environment: 'prov', type: 'plan', status: 'succeeded' });
    expect((await stackByName(stackName, 'prov')).provider).toBeNull();
    await run({ stackName, environment: 'prov', type: 'plan', status: 'succeeded', provider: 'engine_b' });
    expect((await stackByName(stackName, 'prov')).provider).toBe('engine_b');
    await run({ stackName, environment: 'prov', type: 'plan', status: 'succeeded', provider: 'engine_c' });
    expect((await stackByName(stackName, 'prov')).provider).toBe('engine_b');
  });

  it('400 naming the allowed values for an unknown type or status', async () => {
    const base = { stackName: uniq('enum'), environment: 'runs', type: 'plan', status: 'succeeded' };
    expect(expectError(await run({ ...base, type: 'destroy' }), 400).message).toBe('type must be one of: plan, apply');
    expect(expectError(await run({ ...base, status: 'ok' }), 400).message).toBe(
      'status must be one of: pending, running, succeeded, failed, cancelled',
    );
  });

  it('latestRun follows the newest startedAt, not the ingestion order', async () => {
    const stackName = uniq('latest');
    const base = { stackName, environment: 'order', type: 'plan' };
    const newer = (await run({ ...base, status: 'succeeded', startedAt: '2030-05-02T00:00:00Z' })).json();
    await run({ ...base, status: 'failed', startedAt: '2030-05-01T00:00:00Z' });
    let stack = await stackByName(stackName, 'order');
    expect(stack.latestRun.id).toBe(newer.id);
    const newest = (await run({ ...base, type: 'apply', status: 'running', startedAt: '2030-05-03T00:00:00Z' })).json();
    stack = (await get(`/api/v1/iac/stacks/${stack.id}`)).json();
    expect(stack.latestRun).toMatchObject({
      id: newest.id,
      type: 'apply',
      status: 'running',
      startedAt: '2030-05-03T00:00:00.000Z',
    });
  });

  it('concurrent ingestion of one new stack: one stack, every run counted, newest wins', async () => {
    const stackName = uniq('conc');
    const hours = [3, 1, 7, 5, 2, 6, 4, 0];
    const runs = await Promise.all(
      hours.map((h) =>
        run({
          stackName,
          environment: 'conc',
          type: 'plan',
          status: 'succeeded',
          startedAt: new Date(Date.UTC(2032, 0, 1, h)).toISOString(),
        }),
      ),
    );
    expect(runs.map((r) => r.statusCode)).toEqual(hours.map(() => 201));
    const stacks = (await get('/api/v1/iac/stacks?environment=conc')).json().filter((s: any) => s.name === stackName);
    expect(stacks).toHaveLength(1);
    expect(stacks[0].latestRun.startedAt).toBe('2032-01-01T07:00:00.000Z');
    const page = (await get(`/api/v1/iac/stacks/${stacks[0].id}/runs?limit=3`)).json();
    expect(page.total).toBe(hours.length);
    expect(page.data.map((r: any) => r.startedAt)).toEqual([
      '2032-01-01T07:00:00.000Z',
      '2032-01-01T06:00:00.000Z',
      '2032-01-01T05:00:00.000Z',
    ]);
  });

  it.each([
    [{ environment: 'dev', type: 'plan', status: 'succeeded' }],
    [{ stackName: 's', type: 'plan', status: 'succeeded' }],
    [{ stackName: 's', environment: 'dev', status: 'succeeded' }],
    [{ stackName: 's', environment: 'dev', type: 'plan' }],
    [{ stackName: 's', environment: 'dev', type: 'destroy', status: 'succeeded' }],
    [{ stackName: 's', environment: 'dev', type: 'plan', status: 'done' }],
    [{ stackName: 's', environment: 'dev', type: 'plan', status: 'succeeded', resourceChanges: { add: -1 } }],
    [{ stackName: 's', environment: 'dev', type: 'plan', status: 'succeeded', resourceChanges: { add: 1.5 } }],
    [{ stackName: 's', environment: 'dev', type: 'plan', status: 'succeeded', resourceChanges: { add: '1' } }],
    [{ stackName: 's', environment: 'dev', type: 'plan', status: 'succeeded', startedAt: 'yesterday' }],
    [{ stackName: 's', environment: 'dev', type: 'plan', status: 'succeeded', durationMs: -5 }],
    [{ stackName: 's\u0000', environment: 'dev', type: 'plan', status: 'succeeded' }],
    [{ stackName: 's', environment: 'dev', type: 'plan', status: 'succeeded', startedAt: '0000-01-01T00:00:00Z' }],
    [
      {
        stackName: 's',
        environment: 'dev',
        type: 'plan',
        status: 'succeeded',
        startedAt: '2030-01-02T00:00:00Z',
        finishedAt: '2030-01-01T00:00:00Z',
      },
    ],
  ])('400 for %j', async (payload) => {
    expectError(await run(payload), 400);
  });
});
