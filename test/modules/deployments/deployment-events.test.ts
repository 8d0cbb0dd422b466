import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentsFactsLookup } from '../../../src/modules/deployments/index.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';
import { recordEvents } from '../../helpers/events.js';
import { insertComponent } from '../../helpers/rows.js';

/** POST /api/v1/deployments/events (issue 32, decisions 860–861): deployments reported from outside Hangar. */
let t: TestApp;
let admin: string;
let user: { id: string; token: string };
let component: { id: string; name: string };
let environmentId: string;
let envName: string;
const rec = recordEvents();

beforeAll(async () => {
  // The sweep every second: a rollback reported while the first ingest still runs is picked up.
  t = await buildTestApp({ DORA_SWEEP_MS: '1000' }, undefined, undefined, { events: rec.wrap });
  admin = await t.adminToken();
  user = await t.newUser('deployer');
  component = await insertComponent(t.database.db, { name: uniq('payments') });
  envName = uniq('Production');
  const env = await t.app.inject({ method: 'POST', url: '/api/v1/environments', headers: bearer(admin), payload: { name: envName, type: 'production' } });
  expect(env.statusCode, env.body).toBe(201);
  environmentId = env.json().id;
});
afterAll(async () => {
  await t?.close();
});

const send = (body: Record<string, unknown>, token: string | null = user.token, org?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/deployments/events',
    headers: { ...(token ? bearer(token) : {}), ...(org ? { 'x-organization-id': org } : {}) },
    payload: body,
  });
const event = (over: Record<string, unknown> = {}) => ({
  source: 'github-actions',
  externalId: uniq('run'),
  component: `component:default/${component.name}`,
  environment: envName,
  version: '2.4.1',
  revision: '9fceb02d0ae598e95dc970b74767f19372d61af8',
  status: 'started',
  url: 'https://ci.example/run/123',
  ...over,
});

async function newOrganization(token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: bearer(token),
    payload: { name: uniq('Org'), slug: uniq('org').toLowerCase() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('status moves', () => {
  it('creates on the first event (201) and moves forward (200); a repeat changes nothing', async () => {
    const e = event();
    const created = await send(e);
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json();
    expect(first.outcome).toBe('created');
    expect(first.deployment).toMatchObject({
      componentId: component.id,
      environmentId,
      version: '2.4.1',
      status: 'in_progress',
      source: 'github-actions',
      externalId: e.externalId,
      revision: e.revision,
      url: e.url,
      pipelineRunId: null,
    });
    const id = first.deployment.id;

    const succeeded = await send({ ...e, status: 'succeeded', url: 'https://ci.example/run/123/final' });
    expect(succeeded.statusCode, succeeded.body).toBe(200);
    expect(succeeded.json()).toMatchObject({ outcome: 'moved', deployment: { id, status: 'succeeded', url: 'https://ci.example/run/123/final' } });

    const again = await send({ ...e, status: 'succeeded', url: 'https://elsewhere.example/' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().outcome).toBe('unchanged');
    expect(again.json().deployment.url).toBe('https://ci.example/run/123/final');
    expect(again.json().deployment.updatedAt).toBe(succeeded.json().deployment.updatedAt);

    const rolledBack = await send({ ...e, status: 'rolled_back' });
    expect(rolledBack.statusCode, rolledBack.body).toBe(200);
    expect(rolledBack.json()).toMatchObject({ outcome: 'moved', deployment: { id, status: 'rolled_back' } });

    // Read back where every deployment is read: the list (its feed) and the detail.
    const list = await t.app.inject({ url: `/api/v1/deployments?componentId=${component.id}`, headers: bearer(user.token) });
    expect(list.json().data.find((d: { id: string }) => d.id === id)).toMatchObject({
      source: 'github-actions',
      externalId: e.externalId,
      status: 'rolled_back',
    });
    const detail = await t.app.inject({ url: `/api/v1/deployments/${id}`, headers: bearer(user.token) });
    expect(detail.json()).toMatchObject({ source: 'github-actions', url: 'https://ci.example/run/123/final', revision: e.revision, pipelineId: null });

    // deployment.* events: one created, two moves; the repeat announced nothing.
    const mine = rec.events.filter((x) => x.name.startsWith('deployment.') && x.payload.id === id);
    expect(mine.map((x) => [x.name, x.payload.status])).toEqual([
      ['deployment.created', 'in_progress'],
      ['deployment.updated', 'succeeded'],
      ['deployment.updated', 'rolled_back'],
    ]);
    expect(mine[0]!.payload).toMatchObject({ source: 'github-actions', externalId: e.externalId });
  });

  it('started → failed is a move; failed goes nowhere else', async () => {
    const e = event();
    expect((await send(e)).statusCode).toBe(201);
    expect((await send({ ...e, status: 'failed' })).json()).toMatchObject({ outcome: 'moved', deployment: { status: 'failed' } });
    for (const status of ['started', 'succeeded', 'rolled_back']) {
      const body = expectError(await send({ ...e, status }), 409);
      expect(body.message).toContain('failed');
      expect(body.message).toContain(status);
    }
  });

  it('refuses backward moves with 409 naming both states', async () => {
    const e = event({ status: 'succeeded' });
    expect((await send(e)).statusCode).toBe(201);
    const back = expectError(await send({ ...e, status: 'started' }), 409);
    expect(back.message).toBe(`Deployment "${e.externalId}" is succeeded; it cannot move to started`);
    const failed = expectError(await send({ ...e, status: 'failed' }), 409);
    expect(failed.message).toContain('succeeded');
    expect(failed.message).toContain('failed');
    // started → rolled_back skips the success a rollback undoes.
    const s = event();
    await send(s);
    expect(expectError(await send({ ...s, status: 'rolled_back' }), 409).message).toContain('is started; it cannot move to rolled_back');
  });

  it('refuses the same id for another component or environment (409)', async () => {
    const e = event();
    await send(e);
    const other = await insertComponent(t.database.db);
    expect(expectError(await send({ ...e, component: other.id, status: 'succeeded' }), 409).message).toContain('another component or environment');
  });
});

describe('idempotency', () => {
  it('twenty concurrent copies of one event make one deployment', async () => {
    const e = event({ status: 'succeeded' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(e)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 200)).toHaveLength(19);
    expect(new Set(answers.map((a) => a.json().deployment.id)).size).toBe(1);
    const list = await t.app.inject({ url: `/api/v1/deployments?componentId=${component.id}&take=100`, headers: bearer(user.token) });
    expect(list.json().data.filter((d: { externalId: string }) => d.externalId === e.externalId)).toHaveLength(1);
  });

  it('is per organization: the same (source, externalId) elsewhere is another deployment', async () => {
    const org = await newOrganization(user.token);
    const e = event();
    const none = await send(e);
    const inOrg = await send(e, user.token, org);
    expect(none.statusCode).toBe(201);
    expect(inOrg.statusCode).toBe(201);
    expect(inOrg.json().deployment.id).not.toBe(none.json().deployment.id);
    expect((await send(e, user.token, org)).json().outcome).toBe('unchanged');
  });
});

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
    for (let i = 0; i < 2; i++) await t.app.inject({ method: 'POST', url: '/api/v1/environments', headers: bearer(admin), payload: { name } });
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
    const order = expectError(await send(event({ startedAt: '2026-01-02T00:00:00Z', finishedAt: '2026-01-01T00:00:00Z', status: 'succeeded' })), 400);
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
    const res = await send(event({ version: undefined, status: 'succeeded', startedAt: '2026-02-01T10:00:00Z', finishedAt: '2026-02-01T10:05:00Z' }));
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
    const e = event({ component: c.id, status: 'succeeded', startedAt: '2026-03-02T09:55:00Z', finishedAt: '2026-03-02T10:00:00Z' });
    expect((await send(e, user.token, org)).statusCode).toBe(201);
    const drill = () =>
      t.app.inject({
        url: `/api/v1/dora/drilldown/deployments?scope=component&id=${c.id}&from=2026-03-01&to=2026-03-10`,
        headers: { ...bearer(user.token), 'x-organization-id': org },
      });
    // The ingest job (queued when it settled) writes its fact; its commits cannot be read (no repository).
    await until(async () => (await drill()).json().data[0]?.changesStatus === 'no_repository');
    expect((await send({ ...e, status: 'rolled_back', finishedAt: '2026-03-02T10:30:00Z' }, user.token, org)).statusCode).toBe(200);
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
    const facts = (await deploymentsFactsLookup.factsOf(t.database.db, [c.id], new Date('2026-03-01T00:00:00Z'))).get(c.id);
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

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
