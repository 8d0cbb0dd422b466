import { describe, expect, it } from 'vitest';
import { deploymentsFactsLookup } from '../../../src/modules/deployments/index.js';
import { bearer, expectError, uniq } from '../../helpers/app.js';
import { insertComponent } from '../../helpers/rows.js';
import {
  t,
  admin,
  user,
  component,
  environmentId,
  envName,
  send,
  event,
  newOrganization,
  until,
  useDeploymentEventsApp,
} from './deployment-events-setup.js';

useDeploymentEventsApp();

describe('component and environment', () => {
  it('take an id, a reference in any spelling, and a name in any case', async () => {
    const byId = await send(event({ component: component.id, environment: environmentId }));
    expect(byId.statusCode, byId.body).toBe(201);
    const short = await send(event({ component: component.name, environment: envName.toUpperCase() }));
    expect(short.statusCode, short.body).toBe(201);
    expect(short.json().deployment).toMatchObject({ componentId: component.id, environmentId });
  });

  it('404 names the unknown component or environment', async () => {
    const c = expectError(await send(event({ component: 'component:default/no-such-service' })), 404);
    expect(c.message).toBe('Component "component:default/no-such-service" not found');
    const env = expectError(await send(event({ environment: 'moon' })), 404);
    expect(env.message).toBe('Environment "moon" not found');
    expectError(await send(event({ component: '00000000-0000-4000-8000-000000000000' })), 404);
  });

  it('two environments of one name: 400 asking for the id', async () => {
    const name = uniq('twin');
    for (let i = 0; i < 2; i++)
      await t.app.inject({ method: 'POST', url: '/api/v1/environments', headers: bearer(admin), payload: { name } });
    expect(expectError(await send(event({ environment: name })), 400).message).toContain('send its id');
  });
});

describe('bad input', () => {
  it('400 for missing or malformed fields, with the field named', async () => {
    const { status: _s, ...noStatus } = event();
    expectError(await send(noStatus), 400);
    expectError(await send(event({ status: 'deployed' })), 400);
    expectError(await send(event({ source: '' })), 400);
    expectError(await send(event({ source: '-x' })), 400);
    expectError(await send(event({ externalId: 'a\u0000b' })), 400);
    expectError(await send(event({ url: 'javascript:alert(1)' })), 400);
    expectError(await send(event({ startedAt: 'yesterday' })), 400);
    expectError(await send(event({ externalId: 'x'.repeat(201) })), 400);
    const { version: _v, revision: _r, ...bare } = event();
    expect(expectError(await send(bare), 400).details?.[0]?.field).toBe('version');
    const order = expectError(
      await send(event({ startedAt: '2026-01-02T00:00:00Z', finishedAt: '2026-01-01T00:00:00Z', status: 'succeeded' })),
      400,
    );
    expect(order.details?.[0]?.field).toBe('finishedAt');
    const future = expectError(await send(event({ startedAt: new Date(Date.now() + 3_600_000).toISOString() })), 400);
    expect(future.message).toBe('startedAt is in the future');
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/deployments/events',
        headers: { ...bearer(user.token), 'content-type': 'application/json' },
        payload: '[1,2',
      }),
      400,
    );
  });

  it('defaults the version from the revision and keeps the reported times', async () => {
    const res = await send(
      event({
        version: undefined,
        status: 'succeeded',
        startedAt: '2026-02-01T10:00:00Z',
        finishedAt: '2026-02-01T10:05:00Z',
      }),
    );
    expect(res.json().deployment).toMatchObject({
      version: '9fceb02d0ae5',
      createdAt: '2026-02-01T10:00:00.000Z',
      updatedAt: '2026-02-01T10:05:00.000Z',
    });
  });

  it('401 without a token; 403 for an organization the caller is not a member of', async () => {
    expectError(await send(event(), null), 401);
    const org = await newOrganization(admin);
    expectError(await send(event(), user.token, org), 403);
  });
});

describe('DORA', () => {
  it('counts a rolled_back deployment as a failure whose recovery ends at the rollback', async () => {
    const org = await newOrganization(user.token);
    const c = await insertComponent(t.database.db);
    const e = event({
      component: c.id,
      status: 'succeeded',
      startedAt: '2026-03-02T09:55:00Z',
      finishedAt: '2026-03-02T10:00:00Z',
    });
    expect((await send(e, user.token, org)).statusCode).toBe(201);
    const drill = () =>
      t.app.inject({
        url: `/api/v1/dora/drilldown/deployments?scope=component&id=${c.id}&from=2026-03-01&to=2026-03-10`,
        headers: { ...bearer(user.token), 'x-organization-id': org },
      });
    // The ingest job (queued when it settled) writes its fact; its commits cannot be read (no repository).
    await until(async () => (await drill()).json().data[0]?.changesStatus === 'no_repository');
    expect(
      (await send({ ...e, status: 'rolled_back', finishedAt: '2026-03-02T10:30:00Z' }, user.token, org)).statusCode,
    ).toBe(200);
    const metrics = () =>
      t.app.inject({
        url: `/api/v1/dora/metrics?scope=component&id=${c.id}&from=2026-03-01&to=2026-03-10`,
        headers: { ...bearer(user.token), 'x-organization-id': org },
      });
    await until(async () => (await metrics()).json().changeFailureRate.rolledBack === 1);
    const m = (await metrics()).json();
    expect(m.deploymentFrequency.deployments).toBe(1);
    expect(m.changeFailureRate).toMatchObject({ rate: 1, failedDeployments: 1, deployments: 1, rolledBack: 1 });
    expect(m.failedDeploymentRecoveryTime.medianSeconds).toBe(30 * 60);
    // The scorecard facts count it like any deployment: finished in the window, not a success any more.
    const facts = (await deploymentsFactsLookup.factsOf(t.database.db, [c.id], new Date('2026-03-01T00:00:00Z'))).get(
      c.id,
    );
    expect(facts).toMatchObject({ finished: 1, succeeded: 0, lastSucceededAt: null });
    // Another organization's figures do not see it.
    const other = await newOrganization(user.token);
    const theirs = await t.app.inject({
      url: `/api/v1/dora/metrics?scope=component&id=${c.id}&from=2026-03-01&to=2026-03-10`,
      headers: { ...bearer(user.token), 'x-organization-id': other },
    });
    expect(theirs.json().deploymentFrequency.deployments).toBe(0);
  });
});
